/**
 * Registration is checked: every section, screen and operation a module under definitions/ exports is in the
 * registry (definitions/index.ts). A definition exported but never added to the registry would otherwise be ignored
 * without a word (no route, no server mount, no client method).
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { definePolicyArea, defineOperation } from './define';
import { registry } from './index';
import type { Registry } from './registry';

type Modules = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

const modules: Modules = import.meta.glob(['./**/*.ts', '!./**/*.test.ts'], { eager: true });

const SCREEN_KINDS = new Set(['policyArea', 'settingsPage', 'logView', 'report', 'coreScreen', 'collection']);
const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOperation = (v: unknown) => record(v) && typeof v.id === 'string' && typeof v.method === 'string' && typeof v.path === 'string';

/** `file: export` of every exported section, screen or operation (also inside an exported record or list of operations) the registry lacks. */
function unregistered(mods: Modules, reg: Pick<Registry, 'sections' | 'screens' | 'operations'>): string[] {
  const sections = new Set(reg.sections.map((s) => s.id));
  const screens = new Set(reg.screens.map((s) => s.id));
  const operations = new Set<unknown>(reg.operations);
  const missing: string[] = [];
  for (const [file, exports] of Object.entries(mods)) {
    for (const [name, value] of Object.entries(exports)) {
      const where = `${file}: ${name}`;
      if (record(value) && value.kind === 'section') {
        if (!sections.has(value.id as string)) missing.push(where);
      } else if (record(value) && SCREEN_KINDS.has(value.kind as string)) {
        if (!screens.has(value.id as string)) missing.push(where);
      } else {
        const ops = isOperation(value) ? [value] : Array.isArray(value) ? value : record(value) ? Object.values(value) : [];
        for (const op of ops.filter(isOperation)) if (!operations.has(op)) missing.push(`${where} ${(op as { id: string }).id}`);
      }
    }
  }
  return missing;
}

describe('registration', () => {
  it('finds the definition modules', () => {
    expect(Object.keys(modules)).toEqual(expect.arrayContaining(['./policy/web/webBandwidth.ts', './api/settings.ts', './sections.ts']));
  });

  it('registers every section, screen and operation a definition module exports', () => {
    expect(unregistered(modules, registry)).toEqual([]);
  });

  it('names a screen or an operation exported but not added to the registry', () => {
    const trustedHosts = definePolicyArea({
      id: 'web.trusted-hosts',
      title: 'Trusted Hosts',
      description: 'Hosts the web policy always allows.',
      route: '/policy/web/trusted-hosts',
      endpoint: { path: '/api/policy/v1/rules/trusted_hosts/{rev}' },
      schema: z.strictObject({ list: z.array(z.strictObject({ id: z.string() })) }),
      layout: { kind: 'table', rows: 'list', rowKey: 'id', columns: ['id'] },
      read: { any: ['web_policy:read'] },
      tag: 'web policy',
    });
    const check = defineOperation({ id: 'web.trusted-hosts.check', method: 'POST', path: '/api/x', summary: 's', access: 'session', response: z.object({}), tag: 't' });
    const forgotten = { './policy/web/trustedHosts.ts': { trustedHosts }, './api/trustedHosts.ts': { trustedHostOps: { check } } };
    expect(unregistered({ ...modules, ...forgotten }, registry)).toEqual(['./policy/web/trustedHosts.ts: trustedHosts', './api/trustedHosts.ts: trustedHostOps web.trusted-hosts.check']);
  });
});
