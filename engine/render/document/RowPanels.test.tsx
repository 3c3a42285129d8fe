import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { webExceptions } from '../../../definitions/policy/web/webExceptions';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { rowSchemaOf } from '../form/schemaFields';
import { TableView, type TableLayoutDef } from './TableView';

const layout = webExceptions.layout as unknown as TableLayoutDef;

// The conditions' category and country choices come from lookup calls: here they answer empty lists.
const call: CallFn = async () => ({ staged_rev_id: 1, rev_id: 1, state: 'published', updated_at: new Date(0).toISOString() }) as never;
const engine = {
  call,
  access: createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true }),
  revision: createRevisionStore(call),
  unsaved: createUnsavedChanges(),
};

describe('web exceptions row editor (rule accordion)', () => {
  it('Next waits for a valid panel (conditions need one entry), Add for a valid last panel, and the rule is added', async () => {
    const onChange = vi.fn();
    renderUi(
      <EngineProvider engine={engine}>
        <TableView title="Web Exceptions" layout={layout} rowSchema={rowSchemaOf(webExceptions.schema, 'list')} rows={[]} onChange={onChange} readOnly={false} />
      </EngineProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    const next = () => within(dialog).getByRole('button', { name: 'Next', hidden: true }) as HTMLButtonElement;
    const add = () => within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(next().disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Partner sites');
    expect(next().disabled).toBe(false);
    await user.click(next());
    // Match conditions: a rule needs at least one condition (a rule across the fields of the panel).
    expect(next().disabled).toBe(true);
    const domains = within(dialog).getAllByLabelText(/^Domains/).find((e) => e.tagName === 'INPUT')!;
    await user.type(domains, 'partner.example.com{Enter}');
    expect(next().disabled).toBe(false);
    await user.click(next());
    await user.click(next());
    // Review: Add follows the last panel's validity.
    const comment = within(dialog).getByRole('textbox', { name: /^Comment/, hidden: true });
    await user.click(comment);
    await user.paste('x'.repeat(201));
    expect(add().disabled).toBe(true);
    await user.clear(comment);
    expect(add().disabled).toBe(false);
    await user.click(add());
    expect(onChange).toHaveBeenCalledWith([expect.objectContaining({ name: 'Partner sites', conditions: { domain: ['partner.example.com'] } })]);
  });
});
