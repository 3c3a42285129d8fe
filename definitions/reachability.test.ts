/** Every operation is reached where an administrator works, or marked as a call for integrations, scripts or the log collector. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { camelCase } from '../codegen/names';
import { createRegistry } from './registry';
import { defineOperation, defineSettingsPage, screenFacts } from './define';
import { registry } from './index';
import { reachabilityProblems, reachedOperations, SHELL_FLOWS } from './reachability';
import { z } from 'zod';

/** The shell's and the engine's own code (not generated, not tests): where the shell flows are called. */
function shellSources(): string {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'generated' && name !== 'node_modules') visit(path);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
    }
  };
  for (const dir of ['src', 'engine']) visit(dir);
  return files.map((f) => readFileSync(f, 'utf8')).join('\n');
}

describe('reachability', () => {
  it('reaches every operation from a screen or a shell flow, or marks it apiOnly', () => {
    const problems = reachabilityProblems(registry);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('names every shell flow’s operation in the shell’s or the engine’s code', () => {
    const code = shellSources();
    const missing = SHELL_FLOWS.filter((f) => !f.calledThrough)
      .flatMap((f) => f.operations.map((op) => [f.title, op.id] as const))
      .filter(([, id]) => !code.includes(`'${id}'`) && !code.includes(`.${camelCase(id)}(`))
      .map(([flow, id]) => `${id} (${flow})`);
    expect(missing, `shell flows whose operation no code of src/ or engine/ calls: ${missing.join(', ')}`).toEqual([]);
  });

  it('counts a screen’s facts, its option source’s read and its own read and save; refuses the unreached and the wrongly marked', () => {
    const facts = defineOperation({ id: 'fixture.facts', method: 'GET', path: '/fixture/facts', summary: 'f', response: z.object({ v: z.string() }), access: 'session', tag: 't' });
    const lost = defineOperation({ id: 'fixture.lost', method: 'GET', path: '/fixture/lost', summary: 'l', response: z.object({}), access: 'session', tag: 't' });
    const marked = defineOperation({ ...lost, id: 'fixture.marked', path: '/fixture/marked', apiOnly: { reason: 'script', why: 'w' } });
    const wronglyMarked = defineOperation({ ...facts, id: 'fixture.wrong', path: '/fixture/wrong', apiOnly: { reason: 'integration', why: 'w' } });
    const page = defineSettingsPage({
      id: 'settings.fixture',
      title: 'Fixture',
      description: 'd',
      route: '/settings/fixture',
      endpoint: { path: '/fixture/doc', revision: 'none', save: 'PUT' },
      schema: z.strictObject({ a: z.string() }),
      layout: { kind: 'form' },
      read: { any: ['*:*'] },
      tag: 't',
      facts: { ...screenFacts(facts, { label: 'F', facts: (a) => [{ label: 'v', value: a.v }] }), operation: wronglyMarked },
    });
    const r = createRegistry({
      sections: [{ kind: 'section', id: 'settings', title: 'S', route: '/settings', order: 1 }],
      screens: [page],
      operations: [facts, lost, marked, wronglyMarked],
    });
    const reach = reachedOperations(r, []);
    expect([...reach.keys()].sort()).toEqual(['fixture.wrong', 'settings.fixture.get', 'settings.fixture.save']);
    const problems = reachabilityProblems(r, reach);
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['fixture.facts', 'fixture.lost', 'fixture.wrong']);
    expect(problems[1]).toContain("mark its defineOperation `apiOnly: { reason: 'integration' | 'script' | 'log-collector', why }`");
  });
});
