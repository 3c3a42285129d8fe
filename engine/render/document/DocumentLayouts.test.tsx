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
  const unsaved = createUnsavedChanges();
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['settings'], write: ['settings'] }, capabilities: { rbac: true } });
  const screenDef = defineSettingsPage({ ...base, layout } as never) as unknown as DocumentScreen;
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved }}>
      <DocumentView screen={screenDef} />
    </EngineProvider>,
  );
  return { saved, unsaved, user: userEvent.setup() };
}

const changes = () => screen.getByRole('region', { name: 'Changes' });

describe('DocumentView layouts', () => {
  const wizard = {
    kind: 'wizard',
    landing: { title: 'Set up the proxy', text: 'Two short steps.' },
    steps: [
      { id: 'name', title: 'Name', fields: ['name'] },
      { id: 'port', title: 'Port', fields: ['port'] },
    ],
  } as const;

  it('wizard: each step applies its fields, Next waits for Apply, the last step saves the whole document', async () => {
    const { saved, user } = setup(wizard);
    const steps = await screen.findByRole('region', { name: 'Proxy' });
    expect(within(steps).getByText('Two short steps.')).toBeTruthy();
    await user.click(within(steps).getByRole('button', { name: 'Start' }));
    const next = () => within(steps).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next().disabled).toBe(true);
    // A step's form arrives with its own chunk, a moment after the step shows.
    await user.click(await within(steps).findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(next().disabled).toBe(false));
    await user.click(next());
    const port = await within(steps).findByRole('textbox', { name: 'Port' });
    await user.clear(port);
    await user.type(port, '3128');
    await user.click(within(steps).getByRole('button', { name: 'Apply' }));
    await user.click(await within(steps).findByRole('button', { name: 'Save and finish' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'edge', port: 3128, updated_at: 'T0' }]));
    expect(await within(changes()).findByText('All changes saved.')).toBeTruthy();
  });

  it('wizard: an applied step counts in the sticky save bar, holds the leave guard, and saves from the bar', async () => {
    const { saved, unsaved, user } = setup(wizard);
    const steps = await screen.findByRole('region', { name: 'Proxy' });
    expect(within(changes()).getByText('All changes saved.')).toBeTruthy();
    await user.click(within(steps).getByRole('button', { name: 'Start' }));
    const name = await within(steps).findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'core');
    await user.click(within(steps).getByRole('button', { name: 'Apply' }));
    expect(await within(changes()).findByText('You have 1 unsaved change.')).toBeTruthy();
    expect(changes().style.position).toBe('sticky');
    expect(unsaved.has()).toBe(true);
    await user.click(within(changes()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'core', port: 8080, updated_at: 'T0' }]));
    expect(await within(changes()).findByText('All changes saved.')).toBeTruthy();
    expect(unsaved.has()).toBe(false);
  });

  it('wizard: Discard drops the applied steps and starts the wizard again', async () => {
    const { saved, unsaved, user } = setup(wizard);
    const steps = await screen.findByRole('region', { name: 'Proxy' });
    await user.click(within(steps).getByRole('button', { name: 'Start' }));
    const name = await within(steps).findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'core');
    await user.click(within(steps).getByRole('button', { name: 'Apply' }));
    await user.click(await within(changes()).findByRole('button', { name: 'Discard changes' }));
    expect(await within(changes()).findByText('All changes saved.')).toBeTruthy();
    expect(unsaved.has()).toBe(false);
    const again = screen.getByRole('region', { name: 'Proxy' });
    await user.click(within(again).getByRole('button', { name: 'Start' }));
    expect((within(again).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('edge');
    expect(saved).toEqual([]);
  });

  const accordion = {
    kind: 'accordion',
    panels: [
      { id: 'a', title: 'Identity', fields: ['name'] },
      { id: 'b', title: 'Network', fields: ['port'] },
    ],
  } as const;

  it('accordion: the document fields in the rule accordion, saved from the sticky save bar (the only Save)', async () => {
    const { saved, unsaved, user } = setup(accordion);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(within(changes()).getByText('All changes saved.')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'core');
    expect(await within(changes()).findByText('You have 1 unsaved change.')).toBeTruthy();
    expect(changes().style.position).toBe('sticky');
    expect(unsaved.has()).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    await user.click(within(changes()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'core', port: 8080, updated_at: 'T0' }]));
    expect(await within(changes()).findByText('All changes saved.')).toBeTruthy();
    expect(unsaved.has()).toBe(false);
  });

  it('accordion: Discard puts the loaded values back and releases the leave guard', async () => {
    const { saved, unsaved, user } = setup(accordion);
    const name = (await screen.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'core');
    await user.click(await within(changes()).findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(name.value).toBe('edge'));
    expect(await within(changes()).findByText('All changes saved.')).toBeTruthy();
    expect(unsaved.has()).toBe(false);
    expect(saved).toEqual([]);
  });
});
