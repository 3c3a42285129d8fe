import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineSettingsPage, type DocumentScreen } from '../../../definitions/define';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { DocumentView } from './DocumentView';

const Proxy = z.strictObject({
  name: z.string().min(1, { message: 'Enter a name.' }).meta({ title: 'Name' }),
  port: z.number().int().min(1).max(65535).meta({ title: 'Port' }),
});

const base = {
  id: 'test.proxy',
  title: 'Proxy',
  description: 'Test page',
  route: '/settings/proxy',
  endpoint: { path: '/api/settings/v1/proxy', revision: 'none', save: 'POST' },
  schema: Proxy,
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'settings',
} as const;

function setup(layout: DocumentScreen['layout']) {
  const saved: unknown[] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    if (id === 'test.proxy.get') return { name: 'edge', port: 8080, updated_at: 'T0' };
    if (id === 'test.proxy.save') {
      saved.push(input!.body);
      return { ...(input!.body as object), updated_at: 'T1' };
    }
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['settings'], write: ['settings'] }, capabilities: { rbac: true } });
  const screenDef = defineSettingsPage({ ...base, layout } as never) as unknown as DocumentScreen;
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <DocumentView screen={screenDef} />
    </EngineProvider>,
  );
  return { saved, user: userEvent.setup() };
}

describe('DocumentView layouts', () => {
  it('wizard: each step applies its fields, Next waits for Apply, Save sends the whole document', async () => {
    const { saved, user } = setup({
      kind: 'wizard',
      landing: { title: 'Set up the proxy', text: 'Two short steps.' },
      steps: [
        { id: 'name', title: 'Name', fields: ['name'] },
        { id: 'port', title: 'Port', fields: ['port'] },
      ],
    });
    const wizard = await screen.findByRole('region', { name: 'Proxy' });
    expect(within(wizard).getByText('Two short steps.')).toBeTruthy();
    await user.click(within(wizard).getByRole('button', { name: 'Start' }));
    const next = () => within(wizard).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next().disabled).toBe(true);
    await user.click(within(wizard).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(next().disabled).toBe(false));
    await user.click(next());
    const port = within(wizard).getByRole('textbox', { name: 'Port' });
    await user.clear(port);
    await user.type(port, '3128');
    await user.click(within(wizard).getByRole('button', { name: 'Apply' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'edge', port: 3128, updated_at: 'T0' }]));
  });

  it('accordion: the document fields in the rule accordion, saved with the panel Save', async () => {
    const { saved, user } = setup({
      kind: 'accordion',
      panels: [
        { id: 'a', title: 'Identity', fields: ['name'] },
        { id: 'b', title: 'Network', fields: ['port'] },
      ],
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'core');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'core', port: 8080, updated_at: 'T0' }]));
  });
});
