import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderUi } from '../../../tests/setup/component';
import { ApiError } from '../../core/http';
import { FormView } from './FormView';
import { fieldsOf } from './schemaFields';
import * as registry from './widgetRegistry';
import { WIDGETS, WidgetMapContext, type WidgetMap, type WidgetProps } from './widgetRegistry';

/** A text widget that counts its renders by field name. */
function countingMap() {
  const renders = new Map<string, number>();
  function CountingText(p: WidgetProps) {
    renders.set(p.field.name, (renders.get(p.field.name) ?? 0) + 1);
    return createElement(WIDGETS.text, p);
  }
  const widgets: WidgetMap = Object.freeze({ ...WIDGETS, text: CountingText });
  return { widgets, renders };
}

describe('the widget map', () => {
  it('is one frozen map of every kind, changed by no module', () => {
    expect(Object.isFrozen(WIDGETS)).toBe(true);
    expect(() => Object.assign(WIDGETS, { text: () => null })).toThrow(TypeError);
    expect('registerWidget' in registry).toBe(false);
    for (const kind of ['text', 'table', 'dualList', 'upload', 'checkboxGroup', 'keyValue', 'jsonView', 'hidden']) {
      expect(registry.isWidgetKind(kind)).toBe(true);
      expect(typeof WIDGETS[kind as keyof WidgetMap]).toBe('function');
    }
  });

  it('reaches the form through context: a map given above the form replaces a kind there and in its row forms', async () => {
    const { widgets, renders } = countingMap();
    const Row = z.strictObject({ id: z.string(), name: z.string().meta({ title: 'Name' }) });
    const Doc = z.strictObject({ title: z.string().meta({ title: 'Title' }), rows: z.array(Row).meta({ title: 'Rows' }) });
    renderUi(
      <WidgetMapContext value={widgets}>
        <FormView
          schema={Doc}
          hints={{ rows: { table: { itemLabel: 'row', rowFields: { id: { widget: 'hidden' } } } } }}
          defaultValues={{ title: 'T', rows: [{ id: 'r1', name: 'One' }] }}
          onSubmit={vi.fn()}
        />
      </WidgetMapContext>,
    );
    expect(renders.get('title')).toBeGreaterThan(0);
    expect(renders.has('name')).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit One' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit row' });
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('One');
    expect(renders.get('name')).toBeGreaterThan(0);
  });

  it('shows a nested table outside any form as JSON (it has no form to edit a row with)', () => {
    const schema = z.object({ rows: z.array(z.object({ name: z.string() })).meta({ title: 'Rows' }) });
    const field = fieldsOf(schema, {})[0]!;
    expect(field.widget).toBe('table');
    renderUi(
      createElement(registry.widgetFor('table'), { field, value: [{ name: 'One' }], onChange: () => {}, onBlur: () => {}, error: undefined, disabled: false, saved: false }),
    );
    expect(screen.getByText(/"name": "One"/)).toBeTruthy();
  });
});

describe("the server's field errors", () => {
  /** The label of field `name` (not of f10 for f1). */
  const label = (name: string) => new RegExp(`^Field ${name}(?!\\d)`);
  const names = Array.from({ length: 30 }, (_, i) => `f${i}`);
  const Schema = z.strictObject(Object.fromEntries(names.map((n) => [n, z.string().min(1, `Fill in ${n}.`).meta({ title: `Field ${n}` })])));
  const values = Object.fromEntries(names.map((n) => [n, 'x']));

  it('land on their fields in one update that re-renders only those fields', async () => {
    const { widgets, renders } = countingMap();
    const refused = ['f3', 'f17', 'f29'];
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'Not valid.', 'http', refused.map((path) => ({ path, key: 'taken', message: `${path} is taken.` })));
    });
    renderUi(
      <WidgetMapContext value={widgets}>
        <FormView schema={Schema} defaultValues={values} onSubmit={onSubmit} />
      </WidgetMapContext>,
    );
    const user = userEvent.setup();
    await act(async () => undefined);
    const before = new Map(renders);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('f29 is taken.')).toBeTruthy();
    const rendered = names.filter((n) => renders.get(n) !== before.get(n));
    expect(rendered).toEqual(refused);
    for (const n of refused) expect(screen.getByLabelText(label(n)).getAttribute('aria-invalid')).toBe('true');
  });

  it("stay until their field changes, which then shows its own check's answer; the other fields keep theirs", async () => {
    renderUi(
      <FormView
        schema={Schema}
        defaultValues={values}
        serverErrors={[
          { path: 'f1', key: 'taken', message: 'f1 is taken.' },
          { path: 'f2', key: 'taken', message: 'f2 is taken.' },
        ]}
        onSubmit={vi.fn()}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByText('f1 is taken.')).toBeTruthy();
    const user = userEvent.setup();
    const f1 = screen.getByLabelText(label('f1'));
    await user.click(f1);
    await user.tab();
    // Leaving the field is not a change: the error stays.
    expect(screen.getByText('f1 is taken.')).toBeTruthy();
    await user.clear(f1);
    expect(await screen.findByText('Fill in f1.')).toBeTruthy();
    expect(screen.queryByText('f1 is taken.')).toBeNull();
    expect(screen.getByText('f2 is taken.')).toBeTruthy();
  });

  it('are forgotten by a submit and by Discard', async () => {
    const onSubmit = vi.fn();
    const { unmount } = renderUi(
      <FormView schema={Schema} defaultValues={values} serverErrors={[{ path: 'f1', key: 'taken', message: 'f1 is taken.' }]} onSubmit={onSubmit} />,
    );
    await act(async () => undefined);
    expect(screen.getByText('f1 is taken.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText('f1 is taken.')).toBeNull());
    unmount();

    renderUi(
      <FormView
        schema={Schema}
        defaultValues={values}
        requireChanges
        serverErrors={[{ path: 'f1', key: 'taken', message: 'f1 is taken.' }]}
        onSubmit={onSubmit}
      />,
    );
    await act(async () => undefined);
    expect(screen.getByText('f1 is taken.')).toBeTruthy();
    await user.type(screen.getByLabelText(label('f5')), 'y');
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByText('f1 is taken.')).toBeNull());
    expect((screen.getByLabelText(label('f5')) as HTMLInputElement).value).toBe('x');
  });
});
