/** Reading and deleting the page-readable cookies (user id, xsrf). The session cookie is HttpOnly and never seen here. */

/** What the core needs of a cookie store; the browser one reads `document.cookie`, tests pass their own. */
export interface CookieJar {
  get(name: string): string | undefined;
  delete(name: string): void;
}

/** Parses a `Cookie`-style string (`a=1; b=2`) into a map; values are URI-decoded where possible. */
export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (!name || out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      out.set(name, raw);
    }
  }
  return out;
}

/** The cookie jar of the current document. */
export function browserCookies(doc: Pick<Document, 'cookie'> = document): CookieJar {
  return {
    get: (name) => parseCookies(doc.cookie).get(name),
    delete(name) {
      // Cookies set by the server use path=/; expire both that one and one set on the current path.
      doc.cookie = `${name}=; Max-Age=0; path=/`;
      doc.cookie = `${name}=; Max-Age=0`;
    },
  };
}

/**
 * The part of a Tornado-style xsrf value that identifies the token: everything but the last `|`-part (the timestamp),
 * so a re-issued cookie with a new timestamp is not a change (spec 000 §4).
 */
export function xsrfIdentity(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cut = value.lastIndexOf('|');
  return cut < 0 ? value : value.slice(0, cut);
}
