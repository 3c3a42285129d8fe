import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { providerOps } from '../../../definitions/api/provider';
import { parentWebExceptions } from '../../../definitions/policy/parent/parentWebExceptions';
import { browserConfigPolicies } from '../../../definitions/posture/browserConfigPolicies';
import { categoryOverrides } from '../../../definitions/provider/categoryOverrides';
import { browserSettingsSchema } from '../../../schemas/areas/browserPosture';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { CollectionView } from './CollectionView';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const item = (id: string, name: string) => ({
  id,
  name,
  platform: 'windows',
  browser: 'chrome',
  version: '122',
  settings: {},
  status: 'not_configured',
  createdBy: 'admin',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  updated_by: 'admin',
});

function setup(write = true) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'posture.listPolicies') return { list: [item(A, 'Alpha'), item(B, 'Beta')] };
    if (id === 'posture.getPolicy') return item(A, 'Alpha');
    if (id === 'posture.settingDefinitions') return z.toJSONSchema(browserSettingsSchema('windows', 'chrome', '122'), { target: 'draft-07' });
    if (id === 'posture.updatePolicy' || id === 'posture.batchDelete') return { deleted: 2 };
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['browser_posture_management'], write: write ? ['browser_posture_management'] : [] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={browserConfigPolicies} />
    </EngineProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe('CollectionView', () => {
  it('lists the items and deletes the selected ones after the deletion warning', async () => {
    const { calls, user } = setup();
    const grid = await screen.findByRole('grid', { name: 'Browser Configuration Policies' });
    expect(within(grid).getByText('Alpha')).toBeTruthy();
    await user.click(within(grid).getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const warning = await screen.findByRole('dialog', { name: 'Deletion Warning' });
    await user.click(within(warning).getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(calls.find(([id]) => id === 'posture.batchDelete')?.[1]).toEqual({ body: { ids: [A, B] } }));
  });

  it("edits an item's settings with the form generated from the schema the server answers", async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit settings of Alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings of Alpha' });
    // The form's code (rjsf) downloads when the first item opens.
    const idle = await within(dialog).findByRole('textbox', { name: /^Idle time-out/ });
    await user.type(idle, '5000');
    expect(await within(dialog).findByText(/1440/)).toBeTruthy();
    await user.clear(idle);
    await user.type(idle, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find(([id]) => id === 'posture.updatePolicy')?.[1]).toEqual({ params: { id: A }, body: { settings: { IdleTimeout: 30 }, updated_at: '2025-01-01T00:00:00.000Z' } }));
  });

  it('readers get no add, delete or save', async () => {
    setup(false);
    await screen.findByRole('grid');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select all rows' })).toBeNull();
    expect(screen.getByRole('button', { name: 'View settings of Alpha' })).toBeTruthy();
  });

  it('starts the add form with the schema defaults: a switch that defaults on shows on', async () => {
    setupOverrides([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    // Titled by what is added: the definition's title in the singular.
    const dialog = await screen.findByRole('dialog', { name: 'Add category override' });
    expect((within(dialog).getByRole('switch', { name: /^Active/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('lists category overrides with category and tenant names, "All tenants" for none, and adds one by choosing names', async () => {
    const stamp = '2025-01-01T00:00:00.000Z';
    const override = (id: string, url: string, category_ids: number[], tenants: string[]) =>
      ({ id, url, category_ids, tenants, submission_reference: '', active: true, updated_at: stamp, updated_by: 'op' });
    const calls = setupOverrides([override('o1', 'https://intranet.example/', [24], []), override('o2', 'https://files.example/', [61, 65], ['t-fin'])]);
    const grid = await screen.findByRole('grid', { name: 'Category overrides' });
    const row = async (url: string) => within(grid).getByText(url).closest('tr') as HTMLElement;
    await waitFor(async () => expect(within(await row('https://intranet.example/')).getByText('Business')).toBeTruthy());
    expect(within(await row('https://intranet.example/')).getByText('All tenants')).toBeTruthy();
    expect(within(await row('https://files.example/')).getByText('File sharing, Streaming media')).toBeTruthy();
    expect(within(await row('https://files.example/')).getByText('Finance Ltd')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category override' });
    await user.type(within(dialog).getByRole('textbox', { name: /^URL/ }), 'https://new.example/');
    await user.click(within(dialog).getByRole('combobox', { name: /^Categories/ }));
    await user.click(await screen.findByRole('option', { name: 'Streaming media' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls.find(([id]) => id === categoryOverrides.operations.create!.id)?.[1]).toEqual({
        body: expect.objectContaining({ url: 'https://new.example/', category_ids: [65], tenants: [] }),
      }),
    );
  });

  it('a list that reads as empty when absent: a 404 shows the empty text, not an error; a 500 still shows its error', async () => {
    const render = (status: number) => {
      const call = vi.fn(async () => {
        throw new ApiError(status, status === 404 ? 'No tenant on this service manages Demo Corp.' : 'Internal error', 'http', []);
      }) as unknown as CallFn;
      const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
      access.setUser({ roles: { read: ['web_policy'], write: [] }, capabilities: { rbac: true } });
      return renderUi(
        <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
          <CollectionView screen={parentWebExceptions} />
        </EngineProvider>,
      );
    };
    const absent = render(404);
    expect(await screen.findByText(/No rule comes from a managing tenant/)).toBeTruthy();
    expect(screen.queryByText(/No tenant on this service manages/)).toBeNull();
    absent.unmount();
    render(500);
    expect(await screen.findByText(/Internal error/)).toBeTruthy();
  });
});

/** The category overrides screen over the given overrides, with three categories and two tenants to choose from. */
function setupOverrides(overrides: readonly Record<string, unknown>[]) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === categoryOverrides.operations.list!.id) return { status: 'Success', overrides };
    if (id === providerOps.listCategories.id) {
      return { name: 'cats_v2', categories: [{ value: '24', label: 'Business' }, { value: '61', label: 'File sharing' }, { value: '65', label: 'Streaming media' }] };
    }
    if (id === providerOps.listTenants.id) return { status: 'Success', tenants: [{ tid: 't-fin', name: 'Finance Ltd' }, { tid: 't-ops', name: 'Ops Ltd' }] };
    if (id === categoryOverrides.operations.create!.id) return { status: 'Success', override: { ...overrides[0], id: 'o3' } };
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: ['provider'], write: ['provider'] }, capabilities: {} });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CollectionView screen={categoryOverrides} />
    </EngineProvider>,
  );
  return calls;
}
