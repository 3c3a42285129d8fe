import { describe, expect, it } from 'vitest';
import { registry } from '../definitions/index';
import { createRegistry } from '../definitions/registry';
import { generateDocs } from './docs';
import { fixtureArea, withFixtureArea } from './fixtures';
import { markdownToHtml } from './markdown';
import { generateOpenApi } from './openapi';

const roles = {
  boss: { read: ['*'], write: ['*'] },
  reader: { read: ['web_policy'], write: [] },
  denied: { read: [], write: ['web_policy'], deny: ['web_policy:write'] },
};

function docs() {
  const reg = withFixtureArea(registry);
  return generateDocs(reg, generateOpenApi(reg, { version: '1' }), { names: new Map(), roles });
}

const row = (page: string, field: string) => page.split('\n').find((l) => l.startsWith(`| \`${field}\` |`)) ?? '';

describe('generateDocs', () => {
  it('writes a page per area with its purpose, route, endpoints and rules', () => {
    const page = docs().get('docs/areas/web.fixture-area.md')!;
    expect(page).toContain('# Fixture Area');
    expect(page).toContain('Hosts that a test adds as a brand-new policy area.');
    expect(page).toContain('| Route | `#/policy/web/fixture-area` |');
    expect(page).toContain('`PUT /api/policy/v1/rules/fixture_area/{rev}`');
    expect(page).toContain('| Read | `web_policy:read` | boss, reader, denied |');
    expect(page).toContain('| Write | `web_policy:write` | boss |');
  });

  it('lists each field with its type, requirement, default, limits with error keys and validators', () => {
    const page = docs().get('docs/areas/web.fixture-area.md')!;
    expect(row(page, 'list')).toContain('| Rules | list of object | yes |  | at most 50 items (`too_big`) |');
    expect(row(page, 'list[].id')).toContain('| Id | text | yes |  | 1 to 64 characters (`too_small`, `too_big`) |');
    expect(row(page, 'list[].host')).toMatch(/\| Host \| text \| yes \| {2}\| `invalidHostname`: Enter a valid host name.*\| Host name the rule applies to\. \|$/);
    expect(row(page, 'list[].note')).toContain('`maxlength`: Use at most 200 characters.');
    expect(row(page, 'list[].note')).toContain('Shown to administrators only.');
    expect(row(page, 'list[].action')).toContain('| What happens | choice | no | `"allow"` | one of `allow`, `block` (`invalid_value`) |');
    expect(row(page, 'list[].port')).toContain('| Port | integer | no |  | from 1 to 65535 (`too_small`, `too_big`) |');
    expect(row(page, 'enabled')).toContain('| Enabled | boolean | no | `true` |');
    expect(page).toContain('no other keys (`unrecognized_keys`)');
  });

  it('evaluates the permission matrix with the same matcher the server uses, denies included', () => {
    const matrix = docs().get('docs/permissions.md')!;
    expect(matrix).toContain('| [Fixture Area](areas/web.fixture-area.md) | read, write | read | read |');
    expect(matrix).toMatch(/\| \[`web\.fixture-area\.save`\]\(api\.md#webfixture-areasave\) \| yes \| — \| — \|/);
    expect(matrix).toMatch(/\| \[`portal\.config`\]\(api\.md#portalconfig\) \| anyone \| anyone \| anyone \|/);
  });

  it('links every area from the index, under its section', () => {
    const index = docs().get('docs/index.md')!;
    const policy = index.slice(index.indexOf('### Policy'), index.indexOf('### Customization'));
    expect(policy).toContain('| [Fixture Area](areas/web.fixture-area.md) | `#/policy/web/fixture-area` | `web_policy:read` | `web_policy:write` |');
    for (const s of withFixtureArea(registry).screens) expect(index).toContain(`(areas/${s.id}.md)`);
  });

  it('lists the calls no screen makes, with who calls them and why, and marks them in the API reference', () => {
    const pages = docs();
    const page = pages.get('docs/api-only.md')!;
    const marked = withFixtureArea(registry).operations.filter((o) => o.apiOnly);
    expect(marked.length).toBeGreaterThan(0);
    for (const o of marked) expect(page).toContain(`| [\`${o.id}\`](api.md#`);
    expect(page).toContain('| [`logs.collect`](api.md#logscollect) | `GET /api/logs/v1/collector/events` | Log collector |');
    expect(page).not.toContain('`web.ssl-bypass.get`');
    expect(pages.get('docs/api.md')).toMatch(/### logs\.collect\n[^#]*\| Called by \| Log collector only \(no screen\): /);
    expect(pages.get('docs/index.md')).toContain('(api-only.md)');
  });

  it('shows free text from definitions as written, never as markup', () => {
    const description = 'Keys show as ******** once saved; [not a link](x) `not code` <b>not bold</b> a_b_c.';
    const reg = createRegistry({ sections: registry.sections, screens: [{ ...fixtureArea, description }], operations: [] });
    const page = generateDocs(reg, generateOpenApi(reg, { version: '1' }), { names: new Map(), roles }).get('docs/areas/web.fixture-area.md')!;
    expect(markdownToHtml(page, (h) => h)).toContain(
      '<p>Keys show as ******** once saved; [not a link](x) `not code` &lt;b&gt;not bold&lt;/b&gt; a_b_c.</p>',
    );
  });
});
