/**
 * The auditor docs as static, self-contained HTML under docs/site/, which the server serves at /docs/: no scripts
 * (the CSP forbids inline ones), one inline style sheet, links rewritten from `.md` files to `/docs/….html`.
 */
import { posix } from 'node:path';
import { PRODUCT_NAME } from '../schemas/constants';
import { DO_NOT_EDIT } from './header';
import { escapeHtml, markdownToHtml, plainText } from './markdown';

/** Folder of the HTML site, relative to the repository root; served at {@link SITE_URL}. */
export const SITE_DIR = 'docs/site';
export const SITE_URL = '/docs/';

const STYLE = `
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2330; margin: 0; background: #f7f8fa; }
header { background: #1d2a44; padding: 10px 24px; }
header a { color: #fff; text-decoration: none; margin-right: 18px; }
header a:hover, header a:focus { text-decoration: underline; }
main { max-width: 1200px; margin: 0 auto; padding: 16px 24px 48px; background: #fff; }
h1 { font-size: 26px; margin-top: 8px; } h2 { font-size: 20px; margin-top: 32px; border-bottom: 1px solid #dde1e8; }
h3 { font-size: 17px; margin-top: 24px; }
code { font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace; background: #eef1f5; padding: 1px 4px; border-radius: 3px; }
pre code { display: block; padding: 12px; overflow-x: auto; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 14px; }
th, td { border: 1px solid #d3d8e0; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #eef1f5; }
a { color: #1f5fbf; }
`.trim();

/** Where a link in the Markdown file `from` (under docs/) points on the site. */
export function siteLink(from: string, href: string): string {
  if (/^([a-z]+:|\/|#)/i.test(href)) return href;
  const [target = '', fragment] = href.split('#');
  const resolved = posix.normalize(posix.join(posix.dirname(from), target)).replace(/^docs\//, '');
  const page = resolved.replace(/\.md$/, '.html');
  return SITE_URL + page + (fragment !== undefined ? `#${fragment}` : '');
}

/** The HTML page of one Markdown file (`docs/areas/x.md` → `docs/site/areas/x.html`). */
export function renderPage(path: string, markdown: string): [string, string] {
  const body = markdownToHtml(markdown, (href) => siteLink(path, href));
  const h1 = /^# (.*)$/m.exec(markdown)?.[1];
  const title = h1 ? `${plainText(h1)} | ${PRODUCT_NAME} docs` : `${PRODUCT_NAME} docs`;
  const html = [
    '<!DOCTYPE html>',
    `<!-- ${escapeHtml(DO_NOT_EDIT)} -->`,
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    '<header><nav aria-label="Documentation">' +
      `<a href="${SITE_URL}">Index</a><a href="${SITE_URL}permissions.html">Permission matrix</a>` +
      `<a href="${SITE_URL}api.html">API reference</a><a href="/">Portal</a></nav></header>`,
    `<main>\n${body}</main>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  const out = path.replace(/^docs\//, `${SITE_DIR}/`).replace(/\.md$/, '.html');
  return [out, html];
}

/** The site: every Markdown page rendered, plus copies of the JSON files the pages link to. */
export function generateSite(markdown: ReadonlyMap<string, string>, json: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, md] of markdown) {
    const [file, html] = renderPage(path, md);
    out.set(file, html);
  }
  for (const [path, text] of json) out.set(path.replace(/^docs\//, `${SITE_DIR}/`), text);
  return out;
}
