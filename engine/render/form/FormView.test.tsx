import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { webBandwidth } from '../../../definitions/policy/web/webBandwidth';
import { BandwidthDocument } from '../../../schemas/areas/webRules';
import { labelledEnum, withValueLabels } from '../../../schemas/enums';
import { checked } from '../../../schemas/validators';
import { renderUi } from '../../../tests/setup/component';
import { ApiError } from '../../core/http';
import { FormView, LARGE_FORM_FIELDS } from './FormView';
import { SECRET_UNCHANGED_PLACEHOLDER } from './widgetRegistry';

const HOST_MESSAGE = 'Enter a valid host name, such as www.example.com.';

const Schema = z.strictObject({
  host: checked('invalidHostname').meta({ title: 'Host' }),
  mode: labelledEnum(['direct', 'proxy'], { direct: 'Direct', proxy: 'Through a proxy' }, { title: 'Mode' }),
  proxy: z.string().min(1, 'Enter the proxy address.').meta({ title: 'Proxy address' }),
  enabled: z.boolean().meta({ title: 'Enabled' }),
  token: z.string().min(8, 'Use at least 8 characters.').meta({ title: 'API token' }),
});

const hints = {
  proxy: { showIf: { field: 'mode', equals: ['proxy'] } },
  token: { widget: 'secret' as const },
};

function setup(overrides: Partial<Parameters<typeof FormView>[0]> = {}) {
  const onSubmit = vi.fn();
  renderUi(
    <FormView
      schema={Schema}
      hints={hints}
      defaultValues={{ host: 'bad host', mode: 'direct', proxy: '', enabled: true, token: 'stored-secret' }}
      onSubmit={onSubmit}
      {...overrides}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('FormView', () => {
  it('labels fields from the schema title and shows enum labels', () => {
    setup();
    expect(screen.getByLabelText(/^Host/)).toBeTruthy();
    expect(screen.getByLabelText(/^Enabled/)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /^Mode/ }) as HTMLInputElement).value).toBe('Direct');
  });

  it('shows an error only once the field is dirty and invalid', async () => {
    const { user } = setup();
    expect(screen.queryByText(HOST_MESSAGE)).toBeNull();
    const host = screen.getByLabelText(/^Host/);
    await user.clear(host);
    await user.type(host, 'not a host!');
    expect(await screen.findByText(HOST_MESSAGE)).toBeTruthy();
    await user.clear(host);
    await user.type(host, 'www.example.com');
    await waitFor(() => expect(screen.queryByText(HOST_MESSAGE)).toBeNull());
  });

  it('does not show or validate a field hidden by showIf, and shows it when the condition holds', async () => {
    const { user, onSubmit } = setup({ defaultValues: { host: 'example.com', mode: 'direct', proxy: '', enabled: true, token: 'x' } });
    expect(screen.queryByLabelText(/^Proxy address/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ host: 'example.com', mode: 'direct' });

    await user.click(screen.getByRole('combobox', { name: /^Mode/ }));
    await user.click(await screen.findByRole('option', { name: 'Through a proxy' }));
    expect(await screen.findByLabelText(/^Proxy address/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the proxy address.')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('hides a group while showIf hides all of its fields', async () => {
    const { user } = setup({
      hints: { ...hints, proxy: { ...hints.proxy, group: 'Proxy' } },
      groups: ['Proxy'],
      defaultValues: { host: 'example.com', mode: 'direct', proxy: '', enabled: true, token: '' },
    });
    expect(screen.queryByRole('group', { name: 'Proxy' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: /^Mode/ }));
    await user.click(await screen.findByRole('option', { name: 'Through a proxy' }));
    expect(await screen.findByRole('group', { name: 'Proxy' })).toBeTruthy();
  });

  it('keeps a stored secret: placeholder "unchanged", left out of the values unless retyped', async () => {
    const { user, onSubmit } = setup({ defaultValues: { host: 'example.com', mode: 'direct', proxy: '', enabled: false, token: 'stored' } });
    const token = screen.getByLabelText(/^API token/) as HTMLInputElement;
    expect(token.value).toBe('');
    expect(token.placeholder).toBe(SECRET_UNCHANGED_PLACEHOLDER);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('token');

    await user.type(token, 'a-new-long-token');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ token: 'a-new-long-token' });
  });

  it('puts the field errors of a 400 on their fields, and the rest above the buttons', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'The request is not valid.', 'http', [
        { path: 'host', key: 'invalidHostname', message: 'This host is blocked by the provider.' },
        { path: 'other', key: 'custom', message: 'Something else is off.' },
      ]);
    });
    const { user } = setup({ onSubmit, defaultValues: { host: 'example.com', mode: 'direct', proxy: '', enabled: true, token: 'x' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This host is blocked by the provider.')).toBeTruthy();
    expect(screen.getByLabelText(/^Host/).getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The request is not valid.');
    expect(alert.textContent).toContain('other: Something else is off.');
  });

  it('shows server errors passed in for a row at once, without typing', async () => {
    setup({ serverErrors: [{ path: 'host', key: 'invalidHostname', message: 'Rejected by the server.' }] });
    // The fields' updates are applied together at the end of the turn (before the browser paints): no timer waited for.
    await act(async () => undefined);
    expect(screen.getByText('Rejected by the server.')).toBeTruthy();
  });

  it('edits panel by panel in the rule accordion: Next and Save wait for valid fields', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({
      onSubmit,
      submitLabel: 'Add',
      panelMode: 'create',
      defaultValues: { host: '', mode: 'direct', proxy: '', enabled: true, token: '' },
      panels: [
        { id: 'general', title: 'General', fields: ['host'] },
        { id: 'details', title: 'Details', fields: ['mode', 'proxy', 'enabled', 'token'] },
      ],
    });
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    const save = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Host/), 'www.example.com');
    await waitFor(() => expect(next.disabled).toBe(false));
    await user.click(next);
    const token = await screen.findByLabelText(/^API token/);
    expect(save.disabled).toBe(true);
    // The panel opens with a transition: type once the field has the focus, as a user would.
    await user.click(token);
    await waitFor(() => expect(document.activeElement).toBe(token));
    await user.keyboard('long-enough-token');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ host: 'www.example.com', token: 'long-enough-token' });
  });

  it('lets the browser skip drawing the blocks of a large form out of view, submits it on Enter or Save, and draws a small form whole', async () => {
    const count = LARGE_FORM_FIELDS + 20;
    const shape = Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, z.string().meta({ title: `Field ${i}` })]));
    const values = Object.fromEntries(Object.keys(shape).map((k) => [k, 'x']));
    const onSubmit = vi.fn();
    const { unmount } = renderUi(
      <FormView label="Large" schema={z.strictObject(shape)} hints={{ f110: { group: 'Later' } }} defaultValues={values} onSubmit={onSubmit} />,
    );
    const form = screen.getByRole('form', { name: 'Large' });
    const skipped = [...form.querySelectorAll<HTMLElement>('*')].filter((el) => el.style.contentVisibility === 'auto');
    // Three blocks of the 119 ungrouped fields (50, 50, 19) and the group: every field sits in one of them.
    expect(skipped).toHaveLength(4);
    expect(screen.getAllByRole('textbox')).toHaveLength(count);
    expect(skipped.reduce((n, el) => n + el.querySelectorAll('input').length, 0)).toBe(count);
    // Every field is still in the page: typing into the last one works as in any form.
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Field 119/), 'y');
    expect((screen.getByLabelText(/^Field 119/) as HTMLInputElement).value).toBe('xy');
    // Enter in a field submits it, as in any form; so does the Save button.
    await user.type(screen.getByLabelText(/^Field 3 \*$/), 'z{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ f3: 'xz', f119: 'xy', f0: 'x' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    unmount();
    setup({ label: 'Small' });
    expect([...screen.getByRole('form', { name: 'Small' }).querySelectorAll<HTMLElement>('*')].some((el) => el.style.contentVisibility === 'auto')).toBe(false);
  });

  it('read-only: inputs disabled and no buttons', () => {
    setup({ readOnly: true });
    expect((screen.getByLabelText(/^Host/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("a document form's save bar counts the changed fields", async () => {
    const { user } = setup({ requireChanges: true });
    const bar = screen.getByRole('region', { name: 'Changes' });
    expect(within(bar).getByText('All changes saved.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Enabled/));
    expect(await within(bar).findByText('You have 1 unsaved change.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Host/), 'x');
    expect(await within(bar).findByText('You have 2 unsaved changes.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^Enabled/));
    expect(await within(bar).findByText('You have 1 unsaved change.')).toBeTruthy();
  });

  it('reports dirtiness to the caller', async () => {
    const onDirtyChange = vi.fn();
    setup({ onDirtyChange });
    fireEvent.click(screen.getByLabelText(/^Enabled/));
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
  });
});

describe('FormView validation scope', () => {
  it('names a list entry (a chip) by its text in its error, not by its position', async () => {
    const schema = z.object({ domains: z.array(checked('invalidDomain')).meta({ title: 'Domains' }) });
    renderUi(<FormView schema={schema} hints={{ domains: { widget: 'tags' } }} defaultValues={{ domains: ['good.example.com', 'not a domain'] }} onSubmit={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^“not a domain”: /)).toBeTruthy();
    expect(screen.queryByText(/^Row 2: /)).toBeNull();
  });

  it('says beside a disabled Next what keeps the panel from being complete, naming the field and the chip', async () => {
    const schema = z.object({
      name: z.string().min(1, 'Enter a name.').meta({ title: 'Name' }),
      domains: z.array(checked('invalidDomain')).meta({ title: 'Domains' }),
      comment: z.string().meta({ title: 'Comment' }),
    });
    renderUi(
      <FormView
        schema={schema}
        hints={{ domains: { widget: 'tags' } }}
        defaultValues={{ name: 'Payroll', domains: ['payroll.example.com', 'not a domain'], comment: '' }}
        panels={[
          { id: 'what', title: 'What', fields: ['name', 'domains'] },
          { id: 'note', title: 'Note', fields: ['comment'] },
        ]}
        panelMode="create"
        onSubmit={vi.fn()}
      />,
    );
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    const why = document.getElementById(next.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toMatch(/^To go on: Domains: “not a domain”: /);
  });

  it('shows the whole rule in words on its review panel, above the review panel’s own fields', async () => {
    const schema = z.object({
      name: z.string().meta({ title: 'Name' }),
      action: labelledEnum(['allow', 'safeview'], { allow: 'Allow', safeview: 'Isolate' }, { title: 'Action' }),
      comment: z.string().meta({ title: 'Comment' }),
    });
    renderUi(
      <FormView
        schema={schema}
        defaultValues={{ name: 'Payroll', action: 'safeview', comment: '' }}
        panels={[
          { id: 'what', title: 'What', fields: ['name', 'action'] },
          { id: 'review', title: 'Review', fields: ['comment'], review: true },
        ]}
        onSubmit={vi.fn()}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /2\. Review/ }));
    expect(await screen.findByText('Isolate')).toBeTruthy();
    expect(screen.getByText('Payroll')).toBeTruthy();
    expect(screen.queryByText('safeview')).toBeNull();
  });

  it('runs cross-field rules of the object while typing', async () => {
    const Pair = z
      .object({ primary: z.string().meta({ title: 'Primary' }), backup: z.string().meta({ title: 'Backup' }) })
      .superRefine((v, ctx) => {
        if (v.primary === v.backup) ctx.addIssue({ code: 'custom', path: ['backup'], message: 'Use another server.' });
      });
    renderUi(<FormView schema={Pair} defaultValues={{ primary: 'a.example.com', backup: 'b.example.com' }} onSubmit={vi.fn()} />);
    const backup = screen.getByLabelText(/^Backup/);
    const user = userEvent.setup();
    await user.clear(backup);
    await user.type(backup, 'a.example.com');
    expect(await screen.findByText('Use another server.')).toBeTruthy();
  });

  it('after a refused save, the first field in error is scrolled into view and focused', async () => {
    const shape = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, z.string().meta({ title: `Field ${i}` })]));
    const values = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x']));
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'The request is not valid.', 'http', [{ path: 'f37', key: 'custom', message: 'This name is taken.' }]);
    });
    const scrolled: Element[] = [];
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      renderUi(<FormView schema={z.object(shape)} defaultValues={values} onSubmit={onSubmit} />);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
      const field = screen.getByLabelText(/^Field 37/);
      await waitFor(() => expect(document.activeElement).toBe(field));
      expect(scrolled).toContain(field);
    } finally {
      spy.mockRestore();
    }
  });

  it('a large form renders every field, and a submit shows the errors of far-off fields', async () => {
    const shape = Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [`f${i}`, z.string().min(1, `Fill in field ${i}.`).meta({ title: `Field ${i}` })]),
    );
    const values = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`f${i}`, i === 119 ? '' : 'x']));
    const onSubmit = vi.fn();
    renderUi(<FormView schema={z.object(shape)} defaultValues={values} onSubmit={onSubmit} />);
    expect(screen.getByLabelText(/^Field 119/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill in field 119.')).toBeTruthy();
    expect(screen.getByLabelText(/^Field 119/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Field 118/).getAttribute('aria-invalid')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('FormView special values and selects', () => {
  const Limits = z.strictObject({
    limit: withValueLabels(z.number().int().min(0).meta({ title: 'Rate limit' }), { 0: 'No limit' }).default(0),
    direction: labelledEnum(['all', 'upload'], { all: 'All traffic', upload: 'Uploads' }, { title: 'Direction' }).default('all'),
    action: labelledEnum(['allow', 'block'], { allow: 'Allow', block: 'Block' }, { title: 'Action' }).optional(),
    level: labelledEnum(['low', 'high'], { low: 'Low', high: 'High' }, { title: 'Level' }),
  });
  const clearButton = (name: RegExp) => screen.getByRole('combobox', { name }).closest('.mantine-InputWrapper-root')!.querySelector('.mantine-InputClearButton-root');

  it('a number whose value has a word shows the word for it, and emptying the field sets that value', async () => {
    const onSubmit = vi.fn();
    renderUi(<FormView schema={Limits} defaultValues={{ limit: 500, direction: 'all', action: 'allow', level: 'low' }} onSubmit={onSubmit} />);
    const limit = screen.getByLabelText(/^Rate limit/) as HTMLInputElement;
    expect(limit.value).toBe('500');
    const user = userEvent.setup();
    await user.clear(limit);
    expect(limit.value).toBe('');
    expect(limit.placeholder).toBe('No limit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ limit: 0 });
  });

  it('a select with a default or a required one offers no clearing; an optional one does', () => {
    renderUi(<FormView schema={Limits} defaultValues={{ limit: 0, direction: 'upload', action: 'allow', level: 'high' }} onSubmit={vi.fn()} />);
    expect(clearButton(/^Direction/)).toBeNull();
    expect(clearButton(/^Action/)).not.toBeNull();
    expect(clearButton(/^Level/)).toBeNull();
  });

  it('the bandwidth rules table reads "No limit" for a rule without a rate limit or quota', () => {
    const doc = { bandwidth: { rules: [{ id: 'r1', name: 'Streaming', enabled: true, scope: {}, direction: 'all', limit_kbps: 2000, daily_quota_mb: 0, comment: '' }] } };
    const layout = webBandwidth.layout as { fields: Parameters<typeof FormView>[0]['hints'] };
    renderUi(<FormView schema={BandwidthDocument} hints={layout.fields} defaultValues={doc} onSubmit={vi.fn()} />);
    const row = within(screen.getByRole('table', { name: 'Bandwidth rules' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('2000')).toBeTruthy();
    expect(within(row).getByText('No limit')).toBeTruthy();
  });
});
