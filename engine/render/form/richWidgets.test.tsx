import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { uploadPacTemplate } from '../../../definitions/api/settings';
import { groupUsers, validateDdlDomains } from '../../../definitions/api/lookups';
import { appRequestCounts, fileLookup } from '../../../definitions/api/reportLookups';
import { decodeCert } from '../../../definitions/api/tenantUtils';
import { choicesFrom, optionsFrom, stringChoicesFrom } from '../../../definitions/define';
import { labelledEnum } from '../../../schemas/enums';
import { identityOps } from '../../../definitions/api/identity';
import { appCatalog } from '../../../definitions/privateAccess/appCatalog';
import { storageProfiles } from '../../../definitions/settings/storageProfiles';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import type { CallFn } from '../../core/revision';
import { createRevisionStore } from '../../core/revision';
import { ApiError } from '../../core/http';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { fieldsOf } from './schemaFields';
import { widgetFor } from './widgetRegistry';

function Harness({ schema, hints, initial, onValue }: { schema: z.ZodObject; hints: Record<string, object>; initial: unknown; onValue: (v: unknown) => void }) {
  const field = fieldsOf(schema, hints)[0]!;
  const [value, setValue] = useState(initial);
  return createElement(widgetFor(field.widget), {
    field,
    value,
    onChange: (v: unknown) => {
      setValue(v);
      onValue(v);
    },
    onBlur: () => {},
    error: undefined,
    disabled: false,
    saved: false,
  });
}

function withEngine(call: CallFn, ui: ReactElement) {
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  return renderUi(<EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>{ui}</EngineProvider>);
}

describe('rich field widgets', () => {
  it('dualList: offers an enum’s options by their labels, not their codes, and moves one to the selected list', async () => {
    const onValue = vi.fn();
    const Browser = labelledEnum(['chrome', 'edge', 'firefox'], { chrome: 'Google Chrome', edge: 'Microsoft Edge', firefox: 'Mozilla Firefox' }, { title: 'Browser' });
    const schema = z.object({ browsers: z.array(Browser).meta({ title: 'Browsers' }) });
    renderUi(<Harness schema={schema} hints={{ browsers: { widget: 'dualList' } }} initial={[]} onValue={onValue} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Google Chrome', 'Microsoft Edge', 'Mozilla Firefox']);
    await userEvent.setup().dblClick(screen.getByRole('option', { name: 'Microsoft Edge' }));
    expect(onValue).toHaveBeenLastCalledWith(['edge']);
  });

  it('checkboxGroup: one box per boolean member of an object, and an All box', async () => {
    const onValue = vi.fn();
    const schema = z.object({
      user_input: z.object({ enabled: z.boolean().meta({ title: 'Capture typed input' }), capture_password: z.boolean().meta({ title: 'Include password fields' }) }).meta({ title: 'User input' }),
    });
    renderUi(<Harness schema={schema} hints={{ user_input: { widget: 'checkboxGroup' } }} initial={{ enabled: true, capture_password: false }} onValue={onValue} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Include password fields: All' }));
    expect(onValue).toHaveBeenLastCalledWith({ enabled: true, capture_password: true });
    await user.click(screen.getByRole('checkbox', { name: 'All: all User input' }));
    expect(onValue).toHaveBeenLastCalledWith({ enabled: false, capture_password: false });
  });

  it('upload with an operation: sends the file to it and keeps { content, name } as the value', async () => {
    const onValue = vi.fn();
    const call = vi.fn(async () => ({ ok: true })) as unknown as CallFn;
    const schema = z.object({ template: z.object({ pac: z.string(), filename: z.string() }).optional().meta({ title: 'Template' }) });
    withEngine(
      call,
      <Harness schema={schema} hints={{ template: { widget: 'upload', accept: ['.pac'], upload: { operation: uploadPacTemplate, contentField: 'pac', nameField: 'filename' } } }} initial={undefined} onValue={onValue} />,
    );
    const file = new File(['function FindProxyForURL(url, host) { return "DIRECT"; }'], 'proxy.pac', { type: '' });
    await userEvent.setup().upload(screen.getByTestId('upload-input'), file);
    const body = { pac: 'function FindProxyForURL(url, host) { return "DIRECT"; }', filename: 'proxy.pac' };
    await waitFor(() => expect(onValue).toHaveBeenCalledWith(body));
    expect(call).toHaveBeenCalledWith('pac.uploadTemplate', { body }, undefined);
    expect(screen.getByText('Uploaded: proxy.pac')).toBeTruthy();
  });

  it('select with optionsFrom: choices are the rows of another screen', async () => {
    const call = vi.fn(async () => ({ list: [{ uuid: 'u1', name: 'Archive' }, { uuid: 'u2', name: 'Exports' }] })) as unknown as CallFn;
    const schema = z.object({ storage_profile_id: z.string().optional().meta({ title: 'Storage profile' }) });
    const onValue = vi.fn();
    withEngine(
      call,
      <Harness
        schema={schema}
        hints={{ storage_profile_id: { widget: 'select', optionsFrom: optionsFrom(storageProfiles, 'list', 'uuid', 'name') } }}
        initial={undefined}
        onValue={onValue}
      />,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(call).toHaveBeenCalledWith('settings.storage-profiles.get', {}, expect.anything()));
    await user.click(screen.getAllByLabelText('Storage profile').find((e) => e.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'Exports' }));
    expect(onValue).toHaveBeenLastCalledWith('u2');
    expect(within(document.body).queryByText('Loading…')).toBeNull();
  });

  it('dualList with a lookup operation: reads it at the staged revision and offers its entries', async () => {
    const call = vi.fn(async (id: string) =>
      id === 'policy.revision'
        ? { staged_rev_id: 7, rev_id: 6, state: 'staged', updated_at: '2026-01-01T00:00:00Z' }
        : { rev_id: 7, groups: [{ group: 'Finance', users: [] }, { group: 'Sales', users: [] }] },
    ) as unknown as CallFn;
    const schema = z.object({ groups: z.array(z.string()).meta({ title: 'Directory groups' }) });
    const onValue = vi.fn();
    withEngine(
      call,
      <Harness schema={schema} hints={{ groups: { widget: 'dualList', optionsFrom: choicesFrom(groupUsers, 'groups', 'group', 'group') } }} initial={[]} onValue={onValue} />,
    );
    await userEvent.setup().dblClick(await screen.findByRole('option', { name: /Sales/ }));
    expect(onValue).toHaveBeenLastCalledWith(['Sales']);
    expect(call).toHaveBeenCalledWith(groupUsers.id, { params: { rev: 7 } }, expect.anything());
  });

  it('textarea with a preview: shows what the operation answers for the value, or its refusal', async () => {
    const call = vi.fn(async (_id: string, input: { body: { cert: string } }) => {
      if (input.body.cert.includes('broken')) throw new ApiError(400, 'The request is not valid.', 'http', [{ path: 'cert', key: 'invalidCert', message: 'This block is not a certificate that can be read.' }]);
      return { subject: 'CN=Demo Corp Device CA', expired: false, subject_alt_names: [] };
    }) as unknown as CallFn;
    const schema = z.object({ certificate: z.string().meta({ title: 'Certificate (PEM)' }) });
    withEngine(
      call,
      <Harness schema={schema} hints={{ certificate: { widget: 'textarea', preview: { operation: decodeCert, field: 'cert' } } }} initial="-----BEGIN CERTIFICATE-----" onValue={() => {}} />,
    );
    const preview = await screen.findByRole('status', { name: 'Preview' });
    expect(preview.textContent).toContain('Subject: CN=Demo Corp Device CA');
    expect(preview.textContent).toContain('Expired: no');
    expect(call).toHaveBeenCalledWith(decodeCert.id, { body: { cert: '-----BEGIN CERTIFICATE-----' } }, expect.anything());
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Certificate (PEM)' }), ' broken');
    expect(await screen.findByText('This block is not a certificate that can be read.')).toBeTruthy();
  });

  it('one-line text with a preview: the check of the address shows under the input as it is typed', async () => {
    const call = vi.fn(async (_id: string, input: { body: { ddlUrl: string } }) =>
      input.body.ddlUrl.endsWith('.local/list.txt')
        ? { valid: false, problems: ['The address names this network, not a public server.'] }
        : { valid: true, problems: [], message: 'The service downloads it every refresh.' },
    ) as unknown as CallFn;
    const schema = z.object({ url: z.string().meta({ title: 'Feed address' }) });
    withEngine(call, <Harness schema={schema} hints={{ url: { widget: 'text', preview: { operation: validateDdlDomains, field: 'ddlUrl' } } }} initial="" onValue={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Feed address' });
    expect(input.tagName).toBe('INPUT');
    // Nothing is checked while the field is empty.
    expect(screen.queryByRole('status', { name: 'Preview' })).toBeNull();
    const user = userEvent.setup();
    await user.type(input, 'https://feeds.local/list.txt');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Preview' }).textContent).toContain('Valid: no'));
    expect(screen.getByRole('status', { name: 'Preview' }).textContent).toContain('Problems: The address names this network, not a public server.');
    expect(call).toHaveBeenLastCalledWith(validateDdlDomains.id, { body: { ddlUrl: 'https://feeds.local/list.txt' } }, expect.anything());
    await user.clear(input);
    await user.type(input, 'https://feeds.example.com/list.txt');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Preview' }).textContent).toContain('Message: The service downloads it every refresh.'));
  });

  it('dualList with optionsFrom a policy area: reads its document at the staged revision and offers its rows by name', async () => {
    const call = vi.fn(async (id: string) =>
      id === 'policy.revision'
        ? { staged_rev_id: 9, rev_id: 8, state: 'staged', updated_at: '2026-01-01T00:00:00Z' }
        : { rev_id: 9, state: 'staged', updated_at: '2026-01-01T00:00:00Z', list: [{ id: 'app-erp', name: 'SAP ERP' }, { id: 'app-wiki', name: 'Wiki' }] },
    ) as unknown as CallFn;
    const schema = z.object({ applications: z.array(z.string()).meta({ title: 'Applications' }) });
    const onValue = vi.fn();
    withEngine(
      call,
      <Harness schema={schema} hints={{ applications: { widget: 'dualList', optionsFrom: optionsFrom(appCatalog, 'list', 'id', 'name') } }} initial={[]} onValue={onValue} />,
    );
    await userEvent.setup().dblClick(await screen.findByRole('option', { name: /Wiki/ }));
    expect(onValue).toHaveBeenLastCalledWith(['app-wiki']);
    expect(call).toHaveBeenCalledWith(appCatalog.operationIds.read, { params: { rev: 9 } }, expect.anything());
  });

  it('dualList with a detail per choice: each entry shows its detail line', async () => {
    const call = vi.fn(async () => ({
      applications: [{ id: 'box', name: 'Box', category: 'Cloud Storage', profile_type: 'sanctioned', requests: 1204, users: 31 }],
      total: 1204,
      interval: '30d',
    })) as unknown as CallFn;
    const schema = z.object({ apps: z.array(z.string()).meta({ title: 'Applications' }) });
    const source = choicesFrom(appRequestCounts, 'applications', 'name', 'name', { detail: (a) => `${a.requests} requests` });
    withEngine(call, <Harness schema={schema} hints={{ apps: { widget: 'dualList', optionsFrom: source } }} initial={[]} onValue={() => {}} />);
    const option = await screen.findByRole('option', { name: /Box/ });
    expect(option.textContent).toContain('1204 requests');
  });

  it('dualList with optionsFrom: a saved value the choices do not offer still shows among the selected, and can be removed', async () => {
    const call = vi.fn(async () => ({
      applications: [{ id: 'box', name: 'Box', category: 'Cloud Storage', profile_type: 'sanctioned', requests: 3, users: 1 }],
      total: 3,
      interval: '30d',
    })) as unknown as CallFn;
    const schema = z.object({ apps: z.array(z.string()).meta({ title: 'Applications' }) });
    const onValue = vi.fn();
    withEngine(
      call,
      <Harness schema={schema} hints={{ apps: { widget: 'dualList', optionsFrom: choicesFrom(appRequestCounts, 'applications', 'name', 'name') } }} initial={['Retired App']} onValue={onValue} />,
    );
    await screen.findByRole('option', { name: /Box/ });
    await userEvent.setup().dblClick(await screen.findByRole('option', { name: /Retired App/ }));
    expect(onValue).toHaveBeenLastCalledWith([]);
  });

  it('tags with optionsFrom: suggests the choices with their detail, and keeps a value that is not one of them', async () => {
    const call = vi.fn(async () => ({
      applications: [{ id: 'dropbox', name: 'Dropbox', category: 'Cloud Storage', profile_type: 'unsanctioned', requests: 88, users: 9 }],
      total: 88,
      interval: '30d',
    })) as unknown as CallFn;
    const schema = z.object({ apps: z.array(z.string()).meta({ title: 'Applications' }) });
    const source = choicesFrom(appRequestCounts, 'applications', 'name', 'name', { detail: (a) => `${a.requests} requests by ${a.users} users` });
    const onValue = vi.fn();
    withEngine(call, <Harness schema={schema} hints={{ apps: { widget: 'tags', optionsFrom: source } }} initial={['Intranet Wiki']} onValue={onValue} />);
    const user = userEvent.setup();
    await waitFor(() => expect(call).toHaveBeenCalled());
    const input = screen.getAllByLabelText(/^Applications/).find((e) => e.tagName === 'INPUT' && e.getAttribute('type') !== 'hidden')!;
    await user.type(input, 'Drop');
    const suggestion = await screen.findByRole('option', { name: /Dropbox/ });
    expect(suggestion.textContent).toContain('88 requests by 9 users');
    await user.click(suggestion);
    expect(onValue).toHaveBeenLastCalledWith(['Intranet Wiki', 'Dropbox']);
  });

  it('tags with choices from a list of strings: each string is offered as itself, the constant path parameters are sent', async () => {
    const call = vi.fn(async (id: string) =>
      id === 'users.domains' ? { domains: ['example.com', 'example.org'] } : { domains: [{ domain: 'example.net', users: 3 }] },
    ) as unknown as CallFn;
    const a = z.object({ a: z.array(z.string()).meta({ title: 'Company domains' }) });
    const b = z.object({ b: z.array(z.string()).meta({ title: 'Protected domains' }) });
    const full = choicesFrom(identityOps.directoryDomainsFull, 'domains', 'domain', 'domain', { params: { full: 'full' }, detail: (d) => `${d.users} users` });
    const onValue = vi.fn();
    withEngine(
      call,
      <>
        <Harness schema={a} hints={{ a: { widget: 'tags', optionsFrom: stringChoicesFrom(identityOps.directoryDomains, 'domains') } }} initial={[]} onValue={onValue} />
        <Harness schema={b} hints={{ b: { widget: 'tags', optionsFrom: full } }} initial={[]} onValue={() => {}} />
      </>,
    );
    const user = userEvent.setup();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(call).toHaveBeenCalledWith('users.domains', {}, expect.objectContaining({ skip403Snackbar: true }));
    expect(call).toHaveBeenCalledWith('users.domainsFull', { params: { full: 'full' } }, expect.anything());
    const input = (label: RegExp) => screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT' && e.getAttribute('type') !== 'hidden')!;
    await user.type(input(/^Company domains/), 'example');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['example.com', 'example.org']);
    await user.click(screen.getByRole('option', { name: 'example.org' }));
    expect(onValue).toHaveBeenLastCalledWith(['example.org']);
  });

  it('tags with a preview: sends the list and shows each object of a list answer as a block of its own', async () => {
    const call = vi.fn(async () => ({
      files: [{ sha256: 'a'.repeat(64), file_name: 'invoice.pdf', verdict: 'malicious', sightings: 4 }],
      not_seen: ['b'.repeat(64)],
    })) as unknown as CallFn;
    const schema = z.object({ hashes: z.array(z.string()).meta({ title: 'File hashes' }) });
    withEngine(
      call,
      <Harness schema={schema} hints={{ hashes: { widget: 'tags', preview: { operation: fileLookup, field: 'sha256' } } }} initial={['a'.repeat(64), 'b'.repeat(64)]} onValue={() => {}} />,
    );
    const preview = await screen.findByRole('status', { name: 'Preview' });
    expect(preview.textContent).toContain('File name: invoice.pdf');
    expect(preview.textContent).toContain('Sightings: 4');
    expect(preview.textContent).toContain(`Not seen: ${'b'.repeat(64)}`);
    expect(call).toHaveBeenCalledWith(fileLookup.id, { body: { sha256: ['a'.repeat(64), 'b'.repeat(64)] } }, expect.anything());
  });
});
