import { describe, expect, it } from 'vitest';
import { registry } from '../definitions/index';
import { applications, CATALOG_PATH, catalogPath, generateCatalog, screenSources } from './catalog';
import * as fixtures from './fixtures';
import { DO_NOT_EDIT } from './header';
import { loadDefinitionModules } from './load';

const extended = fixtures.withFixtureArea(registry);

describe('catalog', () => {
  it('finds every registered screen in the definition file that exports it', async () => {
    const sources = screenSources(registry, await loadDefinitionModules());
    expect(sources.get('web.ssl-bypass')).toEqual({ file: 'definitions/policy/web/sslBypass.ts', exportName: 'sslBypass' });
    expect([...sources.keys()].sort()).toEqual(registry.screens.map((s) => s.id).sort());
  });

  it('refuses a registered screen that no definition file exports, naming it', async () => {
    expect(() => screenSources(extended, [])).toThrow(/^Screen \S+ is in the registry but no module under definitions\/ exports it/);
    const modules = await loadDefinitionModules();
    expect(() => screenSources(extended, modules)).toThrow(/Screen web\.fixture-area /);
  });

  it('refuses a definition file not named after the screen it exports', () => {
    const screen = registry.screen('web.ssl-bypass')!;
    const one = { ...registry, screens: [screen] } as typeof registry;
    expect(() => screenSources(one, [{ file: 'definitions/policy/web/bypass.ts', exports: { sslBypass: screen } }])).toThrow(
      'Screen web.ssl-bypass is exported as sslBypass from definitions/policy/web/bypass.ts; name the file sslBypass.ts.',
    );
    expect(screenSources(one, [{ file: 'definitions/policy/web/sslBypass.ts', exports: { sslBypass: screen } }]).get('web.ssl-bypass')?.exportName).toBe('sslBypass');
  });

  it('holds sections and screen metadata as plain data, with a lazy import of each definition file', async () => {
    const modules = [...(await loadDefinitionModules()), { file: 'codegen/fixtures.ts', exports: fixtures }];
    const text = generateCatalog(extended, screenSources(extended, modules));
    expect(text.startsWith(`// ${DO_NOT_EDIT}`)).toBe(true);
    expect(CATALOG_PATH).toBe('src/generated/catalog.gen.ts');
    // Only a type import: nothing of zod, the registry or a definition is in the start-up download.
    expect(text.match(/^import .*$/gm)).toEqual(["import type { Catalog } from '../shell/catalog';"]);
    expect(text).toContain('      load: () => import("../../definitions/policy/web/sslBypass").then((m) => m.sslBypass),\n');
    expect(text).toContain('      load: () => import("../../codegen/fixtures").then((m) => m.fixtureArea),\n');
    expect(text).toContain('      route: "/policy/web/fixture-area",\n      nav: {"group":"Web","order":999},\n');
    expect(text).not.toMatch(/^\s+(schema|layout|endpoint|columns|filters|widgets): /m);
    for (const s of extended.sections.filter((x) => x.application === undefined)) expect(text).toContain(`      id: ${JSON.stringify(s.id)},\n`);
  });

  it('writes one catalog per application, each with only its own sections and their screens', async () => {
    const sources = screenSources(registry, await loadDefinitionModules());
    expect(applications(registry)).toEqual(['portal', 'provider']);
    expect(catalogPath('portal')).toBe(CATALOG_PATH);
    expect(catalogPath('provider')).toBe('src/generated/catalog.provider.gen.ts');
    const portal = generateCatalog(registry, sources);
    const provider = generateCatalog(registry, sources, 'provider');
    const ids = (text: string) => [...text.matchAll(/^ {6}id: "([^"]+)",$/gm)].map((m) => m[1]!);
    expect(portal).toContain('      id: "web.ssl-bypass",\n');
    expect(portal).not.toContain('application: "provider"');
    expect(provider).not.toContain('"web.ssl-bypass"');
    for (const s of registry.sections) expect((s.application === 'provider' ? provider : portal)).toContain(`      id: ${JSON.stringify(s.id)},\n`);
    // Every screen of a section is in its application's catalog, once.
    const both = [...ids(portal), ...ids(provider)].filter((id) => registry.screens.some((s) => s.id === id));
    expect(new Set(both).size).toBe(both.length);
    expect(both.length).toBeGreaterThan(0);
    expect(ids(provider).some((id) => id.startsWith('provider.'))).toBe(true);
  });
});
