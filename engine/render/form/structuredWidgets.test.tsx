import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { optionsFrom } from '../../../definitions/define';
import { storageProfiles } from '../../../definitions/settings/storageProfiles';
import { labelledEnum } from '../../../schemas/enums';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { FormView } from './FormView';

const Direction = labelledEnum(['all', 'upload'], { all: 'Uploads and downloads', upload: 'Uploads only' }, { title: 'Direction' });
const Rule = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1, 'Enter a name.').meta({ title: 'Name' }),
  direction: Direction.default('all'),
  limit: z.number().int().min(1, 'Use at least 1.').meta({ title: 'Limit' }),
  domains: z.array(z.string()).default([]).meta({ title: 'Domains' }),
});
const Doc = z.strictObject({
  policy: z.strictObject({ rules: z.array(Rule).default([]).meta({ title: 'Rules' }) }),
  support: z.union([z.literal(''), z.email('Enter a mail address.')]).default('').meta({ title: 'Support address' }),
  labels: z.record(z.string(), z.string()).default({}).meta({ title: 'Labels' }),
});
const rules = [
  { id: 'r1', name: 'First', direction: 'all', limit: 10, domains: ['a.example'] },
  { id: 'r2', name: 'Second', direction: 'upload', limit: 20, domains: [] },
];

function setup(values: Record<string, unknown> = {}) {
  const onSubmit = vi.fn();
  renderUi(
    <FormView
      schema={Doc}
      hints={{ 'policy.rules': { table: { itemLabel: 'rule', columns: ['name', 'direction', 'limit'], rowFields: { id: { widget: 'hidden' } } } } }}
      defaultValues={{ policy: { rules }, support: 'help@example.com', labels: { team: 'blue' }, ...values }}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Rules' });
const names = () => within(table()).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent);

describe('nested table', () => {
  it('shows the rows with labelled values and no JSON box', () => {
    setup();
    expect(names()).toEqual(['First', 'Second']);
    expect(within(table()).getByText('Uploads only')).toBeTruthy();
    // (An autosize field measures its text in a hidden textarea of its own, left in the page once made: not a box.)
    expect(document.querySelector('textarea:not([aria-hidden="true"])')).toBeNull();
  });

  it('adds a row through the row form, which validates it', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    await user.type(within(dialog).getByLabelText(/^Limit/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    expect(within(dialog).getByText('Use at least 1.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Third');
    await user.clear(within(dialog).getByLabelText(/^Limit/));
    await user.type(within(dialog).getByLabelText(/^Limit/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(names()).toEqual(['First', 'Second', 'Third']);
    // Applying the row form does not submit the document form.
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const added = (onSubmit.mock.calls[0]![0] as { policy: { rules: Record<string, unknown>[] } }).policy.rules[2]!;
    expect(added).toMatchObject({ name: 'Third', limit: 5, direction: 'all', domains: [] });
    expect(typeof added.id).toBe('string');
  });

  it('edits, reorders and deletes rows', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit Second' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(names()).toEqual(['First', 'Renamed']));
    await user.click(screen.getByRole('button', { name: 'Move Renamed up' }));
    expect(names()).toEqual(['Renamed', 'First']);
    expect((screen.getByRole('button', { name: 'Move Renamed up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete First' }));
    expect(names()).toEqual(['Renamed']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ policy: { rules: [{ id: 'r2', name: 'Renamed', limit: 20 }] } });
  });

  it("a row's actions are compact icon buttons named after the row, as in the top-level tables", () => {
    setup();
    const table = screen.getByRole('table');
    for (const name of ['Edit First', 'Delete First', 'Move First up', 'Move First down']) {
      const button = within(table).getByRole('button', { name });
      expect(button.textContent).toBe('');
      expect(button.querySelector('svg')).not.toBeNull();
      expect(button.title).not.toBe('');
    }
  });

  it('replaces a number: a cleared field stays empty while the new value is typed', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit First' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    const limit = within(dialog).getByLabelText(/^Limit/) as HTMLInputElement;
    await user.clear(limit);
    expect(limit.value).toBe('');
    await user.type(limit, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(table()).getByText('75')).toBeTruthy());
  });

  it('shows an invalid row of the loaded list with its row number after a submit', async () => {
    const { user, onSubmit } = setup({ policy: { rules: [rules[0], { ...rules[1], name: '' }] } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row 2: Enter a name.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('nested table over another source', () => {
  const Export = z.strictObject({
    id: z.string().min(1),
    name: z.string().min(1).meta({ title: 'Name' }),
    profile: z.string().min(1).meta({ title: 'Storage profile' }),
  });
  const Exports = z.strictObject({ exports: z.array(Export).default([]).meta({ title: 'Exports' }) });
  const hints = {
    exports: {
      table: {
        itemLabel: 'export',
        columns: ['name', 'profile'],
        rowFields: { id: { widget: 'hidden' }, profile: { widget: 'select', optionsFrom: optionsFrom(storageProfiles, 'list', 'uuid', 'name') } },
      },
    },
  } as const;

  it("a column whose field takes its choices from another screen shows the choice's label; the value stays the id", async () => {
    const call = vi.fn(async () => ({ list: [{ uuid: 'u1', name: 'Archive' }, { uuid: 'u2', name: 'Exports bucket' }] })) as unknown as CallFn;
    const onSubmit = vi.fn();
    const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
    renderUi(
      <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
        <FormView
          schema={Exports}
          hints={hints}
          defaultValues={{ exports: [{ id: 'e1', name: 'Nightly', profile: 'u2' }, { id: 'e2', name: 'Old', profile: 'u9' }] }}
          onSubmit={onSubmit}
        />
      </EngineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Exports' });
    const profiles = () => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[2]!.textContent);
    await waitFor(() => expect(profiles()).toEqual(['Exports bucket', 'u9']));
    expect(call).toHaveBeenCalledWith('settings.storage-profiles.get', {}, expect.anything());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ exports: [{ id: 'e1', profile: 'u2' }, { id: 'e2', profile: 'u9' }] });
  });
});

describe('chips and key-value rows', () => {
  it('edits a string list as chips and a plain string union as a text input', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit First' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    expect(within(dialog).getByText('a.example')).toBeTruthy();
    await user.type(within(dialog).getByRole('combobox', { name: 'Domains' }), 'b.example{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const support = screen.getByLabelText(/^Support address/) as HTMLInputElement;
    expect(support.tagName).toBe('INPUT');
    expect(support.value).toBe('help@example.com');
    await user.clear(support);
    await user.type(support, 'desk@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      support: 'desk@example.com',
      policy: { rules: [{ domains: ['a.example', 'b.example'] }, {}] },
    });
  });

  it('edits a record as key and value rows', async () => {
    const { user, onSubmit } = setup();
    expect((screen.getByLabelText('Key 1') as HTMLInputElement).value).toBe('team');
    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    await user.type(screen.getByLabelText('Key 2'), 'site');
    await user.type(screen.getByLabelText('Value 2'), 'north');
    await user.clear(screen.getByLabelText('Value 1'));
    await user.type(screen.getByLabelText('Value 1'), 'green');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ labels: { team: 'green', site: 'north' } });
    await user.click(screen.getByRole('button', { name: 'Remove team' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect((onSubmit.mock.calls[1]![0] as { labels: unknown }).labels).toEqual({ site: 'north' });
  });
});
