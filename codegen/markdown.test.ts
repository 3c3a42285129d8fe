import { describe, expect, it } from 'vitest';
import { inline, markdownToHtml } from './markdown';

const same = (href: string) => href;

describe('markdownToHtml', () => {
  it('renders headings with ids, paragraphs, lists and fenced code', () => {
    const html = markdownToHtml('# Title `x`\n\nOne\ntwo.\n\n- a\n- **b**\n\n1. c\n\n```\n<raw>\n```\n', same);
    expect(html).toBe(
      '<h1 id="title-x">Title <code>x</code></h1>\n<p>One two.</p>\n<ul>\n<li>a</li>\n<li><strong>b</strong></li>\n</ul>\n' +
        '<ol>\n<li>c</li>\n</ol>\n<pre><code>&lt;raw&gt;</code></pre>\n',
    );
  });

  it('renders pipe tables, keeping escaped pipes and pipes inside code in their cell', () => {
    const html = markdownToHtml('| A | B |\n| --- | --- |\n| x \\| y | `a|b` |\n', same);
    expect(html).toContain('<thead><tr><th>A</th><th>B</th></tr></thead>');
    expect(html).toContain('<tr><td>x | y</td><td><code>a|b</code></td></tr>');
  });

  it('escapes markup from the source and drops comments', () => {
    const html = markdownToHtml('<!-- hidden -->\nA <script>alert(1)</script> & "q"\n', same);
    expect(html).toBe('<p>A &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;</p>\n');
  });

  it('rewrites link targets and renders code in link text', () => {
    expect(inline('[`api`](api.md#x) and [b](https://e.com?a="1")', (h) => `/docs/${h}`)).toBe(
      '<a href="/docs/api.md#x"><code>api</code></a> and <a href="/docs/https://e.com?a=&quot;1&quot;">b</a>',
    );
  });

  it('treats a line that only looks like a table as text', () => {
    expect(markdownToHtml('| not a table\n', same)).toBe('<p>| not a table</p>\n');
  });
});
