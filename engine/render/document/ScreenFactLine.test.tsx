import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { categoryVersion } from '../../../definitions/api/lookups';
import { definePolicyArea, screenFacts, type DocumentScreen } from '../../../definitions/define';
import { SslBypassDocument } from '../../../schemas/areas/sslBypass';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError, type CallInput } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { EngineProvider } from '../shell/EngineContext';
import { DocumentView } from './DocumentView';

const area = definePolicyArea({
  id: 'test.bypass',
  title: 'SSL Bypass',
  description: 'Test area',
  route: '/policy/web/ssl-bypass',
  endpoint: { path: '/api/policy/v1/rules/sslbump_bypass/{rev}' },
  schema: SslBypassDocument,
  facts: screenFacts(categoryVersion, {
    label: 'Category database version',
    facts: (a) => [
      { label: 'Category database version', value: a.version },
      { label: 'updated', value: a.updated_at.slice(0, 10) },
    ],
  }),
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    columns: ['destination', 'comment', { field: 'enabled', format: 'boolean' }],
    rowFields: { id: { widget: 'hidden' } },
    newRow: { destination: '', comment: '', enabled: true },
  },
  // Readable with another permission than the facts' call (web_policy:read), so a user may lack the latter.
  read: { any: ['web_policy:read', 'content_inspection:read'] },
  write: { any: ['web_policy:write'] },
  tag: 'web policy',
}) as unknown as DocumentScreen;

const T0 = '2025-03-01T10:00:00.000Z';

/** Renders the area; `facts` answers the facts call (each call in turn). */
function setup(facts: () => Promise<unknown>, roles: readonly string[] = ['web_policy']) {
  const calls: [string, CallInput | undefined][] = [];
  const call = vi.fn(async (id: string, input?: CallInput) => {
    calls.push([id, input]);
    if (id === 'policy.revision') return { staged_rev_id: 5, rev_id: 4, state: 'published', updated_at: T0 };
    if (id === 'test.bypass.get') return { list: [{ id: 'a', destination: 'bank.example.com', comment: '', enabled: true }], rev_id: 5, state: 'published', updated_at: T0 };
    if (id === 'test.bypass.save') return { ...(input!.body as object), state: 'staged', updated_at: '2025-03-01T10:10:00.000Z' };
    if (id === categoryVersion.id) return facts();
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  access.setUser({ roles: { read: [...roles], write: roles.includes('web_policy') ? ['web_policy'] : [] }, capabilities: { rbac: true } });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <DocumentView screen={area} />
    </EngineProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const factsOf = (calls: readonly [string, CallInput | undefined][]) => calls.filter(([id]) => id === categoryVersion.id);

describe('the facts line of a document screen', () => {
  it('shows the values read from its call above the document', async () => {
    const { calls } = setup(async () => ({ version: '2026.11.3', updated_at: '2026-11-20T08:00:00Z' }));
    const line = await screen.findByLabelText('Category database version');
    expect(line.textContent).toBe('Category database version2026.11.3·updated2026-11-20');
    expect(screen.getByText('bank.example.com')).toBeTruthy();
    expect(factsOf(calls)).toEqual([[categoryVersion.id, {}]]);
  });

  it('a failing call is a quiet line with Try again, and the document still loads, edits and saves', async () => {
    let answers = 0;
    const { calls, user } = setup(async () => {
      answers += 1;
      if (answers === 1) throw new ApiError(500, 'The server could not answer.');
      return { version: '2026.11.4', updated_at: '2026-11-21T08:00:00Z' };
    });
    expect(await screen.findByText('Category database version could not be read.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    // The document is there and works.
    expect(screen.getByText('bank.example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    await user.type(within(dialog).getByLabelText(/^Destination/), 'new.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('All changes saved.')).toBeTruthy();
    expect(calls.some(([id]) => id === 'test.bypass.save')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByLabelText('Category database version')).textContent).toContain('2026.11.4');
    expect(screen.queryByText('Category database version could not be read.')).toBeNull();
    expect(factsOf(calls)).toHaveLength(2);
  });

  it('the document does not wait for a slow call', async () => {
    setup(() => new Promise(() => {}));
    expect(await screen.findByText('bank.example.com')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Reading Category database version' })).toBeTruthy();
  });

  it('a user who may not make the call sees no line, and it is not made', async () => {
    const { calls } = setup(async () => ({ version: '2026.11.3', updated_at: '2026-11-20T08:00:00Z' }), ['content_inspection']);
    expect(await screen.findByText('bank.example.com')).toBeTruthy();
    expect(screen.queryByLabelText('Category database version')).toBeNull();
    expect(screen.queryByText(/Category database version/)).toBeNull();
    expect(factsOf(calls)).toHaveLength(0);
  });
});
