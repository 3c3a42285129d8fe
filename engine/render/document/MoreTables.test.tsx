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

const Entry = z.strictObject({ id: z.string(), name: z.string().min(1, 'Enter a name.').meta({ title: 'Name' }) });
const Doc = z.strictObject({ allow: z.array(Entry).meta({ title: 'Allowed' }), bypass: z.array(Entry).meta({ title: 'Bypass' }) });

const page = defineSettingsPage({
  id: 'test.lists',
  title: 'Lists',
  description: 'Two lists',
  route: '/settings/lists',
  endpoint: { path: '/api/settings/v1/lists', revision: 'none', save: 'PUT' },
  schema: Doc,
  layout: {
    kind: 'table',
    rows: 'allow',
    rowKey: 'id',
    columns: ['name'],
    rowFields: { id: { widget: 'hidden' } },
    tables: [{ kind: 'table', title: 'Bypass', rows: 'bypass', rowKey: 'id', columns: ['name'], rowFields: { id: { widget: 'hidden' } } }],
  },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  tag: 'settings',
});

describe('DocumentView with several tables', () => {
  it('shows each list in its own table and saves both in one document', async () => {
    const saved: unknown[] = [];
    const call = vi.fn(async (id: string, input?: CallInput) => {
      if (id === 'test.lists.get') return { allow: [{ id: 'a', name: 'Alpha' }], bypass: [{ id: 'b', name: 'Beta' }], updated_at: 'T0' };
      if (id === 'test.lists.save') {
        saved.push(input!.body);
        return { ...(input!.body as object), updated_at: 'T1' };
      }
      throw new Error(`unexpected ${id}`);
    }) as unknown as CallFn;
    const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
    access.setUser({ roles: { read: ['settings'], write: ['settings'] }, capabilities: { rbac: true } });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <DocumentView screen={page as unknown as DocumentScreen} />
      </EngineProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Bypass' })).toBeTruthy();
    expect(screen.getByText('Alpha')).toBeTruthy();
    expect(screen.getByText('Beta')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add to Bypass' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Gamma');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByText('Gamma')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ allow: [{ id: 'a', name: 'Alpha' }], bypass: [{ id: 'b', name: 'Beta' }, { name: 'Gamma' }] });
  });
});
