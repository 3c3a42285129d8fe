/**
 * A small Markdown → HTML converter for the subset the docs generator writes: headings, paragraphs, lists, pipe
 * tables, fenced code, inline code, bold and links. Everything else is escaped text, so the output never carries
 * markup the source did not ask for.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Rewrites a link target (e.g. `api.md#x` → `/docs/api.html#x`). */
export type LinkMapper = (href: string) => string;

/** The heading id: lower case, letters, digits, `-` and `_`. Headings and links in the docs agree on it. */
export const headingId = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .trim()
    .replace(/\s+/g, '-');

/** Plain text of inline Markdown (for ids and titles). */
export const plainText = (md: string): string => md.replace(/\*\*|`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');

/** Inline Markdown → HTML. */
export function inline(md: string, link: LinkMapper): string {
  let out = '';
  let i = 0;
  while (i < md.length) {
    const c = md[i]!;
    if (c === '\\' && i + 1 < md.length && /[\\|`*[\]()_]/.test(md[i + 1]!)) {
      out += escapeHtml(md[i + 1]!);
      i += 2;
    } else if (c === '`') {
      const end = md.indexOf('`', i + 1);
      if (end < 0) {
        out += escapeHtml(md.slice(i));
        break;
      }
      out += `<code>${escapeHtml(md.slice(i + 1, end))}</code>`;
      i = end + 1;
    } else if (c === '*' && md.startsWith('**', i)) {
      const end = md.indexOf('**', i + 2);
      if (end < 0) {
        out += escapeHtml(md.slice(i));
        break;
      }
      out += `<strong>${inline(md.slice(i + 2, end), link)}</strong>`;
      i = end + 2;
    } else if (c === '[') {
      const m = /^\[((?:`[^`]*`|[^\]`])*)\]\(([^)\s]+)\)/.exec(md.slice(i));
      if (m) {
        out += `<a href="${escapeHtml(link(m[2]!))}">${inline(m[1]!, link)}</a>`;
        i += m[0].length;
      } else {
        out += '[';
        i++;
      }
    } else {
      out += escapeHtml(c);
      i++;
    }
  }
  return out;
}

/** Splits a table row on the pipes that are not escaped and not inside code. */
function cells(row: string): string[] {
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  const out: string[] = [];
  let current = '';
  let inCode = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && body[i + 1] === '|') {
      current += '\\|';
      i++;
    } else if (c === '`') {
      inCode = !inCode;
      current += c;
    } else if (c === '|' && !inCode) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

const isTableSeparator = (line: string | undefined): boolean => line !== undefined && /^\|(\s*:?-+:?\s*\|)+\s*$/.test(line.trim());

/** Block Markdown → HTML. Comments (`<!-- -->`) are dropped. */
export function markdownToHtml(md: string, link: LinkMapper): string {
  const lines = md.replace(/<!--[\s\S]*?-->\n?/g, '').split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      i++;
    } else if (line.startsWith('```')) {
      const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
      const stop = end < 0 ? lines.length : end;
      out.push(`<pre><code>${escapeHtml(lines.slice(i + 1, stop).join('\n'))}</code></pre>`);
      i = stop + 1;
    } else if (heading) {
      const level = heading[1]!.length;
      const text = heading[2]!;
      out.push(`<h${level} id="${headingId(plainText(text))}">${inline(text, link)}</h${level}>`);
      i++;
    } else if (line.startsWith('|') && isTableSeparator(lines[i + 1])) {
      const head = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.startsWith('|')) rows.push(cells(lines[i++]!));
      const th = head.map((h) => `<th>${inline(h, link)}</th>`).join('');
      const trs = rows.map((r) => `<tr>${r.map((d) => `<td>${inline(d, link)}</td>`).join('')}</tr>`).join('\n');
      out.push(`<div class="scroll"><table>\n<thead><tr>${th}</tr></thead>\n<tbody>\n${trs}\n</tbody>\n</table></div>`);
    } else if (/^(-|\d+\.)\s/.test(line)) {
      const ordered = /^\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && /^(-|\d+\.)\s/.test(lines[i]!)) {
        items.push(`<li>${inline(lines[i]!.replace(/^(-|\d+\.)\s+/, ''), link)}</li>`);
        i++;
      }
      const tag = ordered ? 'ol' : 'ul';
      out.push(`<${tag}>\n${items.join('\n')}\n</${tag}>`);
    } else {
      const para: string[] = [line.trim()];
      i++;
      while (
        i < lines.length &&
        lines[i]!.trim() !== '' &&
        !/^(#{1,6}\s|```|\||-\s|\d+\.\s)/.test(lines[i]!)
      ) {
        para.push(lines[i]!.trim());
        i++;
      }
      out.push(`<p>${inline(para.join(' '), link)}</p>`);
    }
  }
  return out.join('\n') + '\n';
}
