/**
 * The publish review's effect on recent traffic, from a finished impact job: web requests and mail messages whose
 * action would change, each in its own words (web actions, email actions), grouped by user, domain, sender domain and
 * category, with example requests and messages.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import type { AnswerOf } from '../../generated/client.gen';
import { EngineProvider } from '../shell/EngineContext';
import { PublishImpact } from './PublishImpact';

type Summary = NonNullable<AnswerOf<'policyImpactJob'>['result']>;
type Example = Summary['by_user'][number]['examples'][number];

const AT = '2026-11-28T11:00:00.000Z';
const webExample: Example = { kind: 'web', timestamp: AT, url: 'https://www.google.com/search', user: 'ann@demo.example', from: 'safeview', to: 'block', request: { domain: 'www.google.com' } };
const mailExample: Example = {
  kind: 'email',
  timestamp: AT,
  subject: 'Invoice overdue',
  user: 'bob@demo.example',
  from: 'safeview',
  to: 'block',
  request: { sender: 'billing@billing-notices.info', sender_domain: 'billing-notices.info', recipient: 'bob@demo.example' },
};
const group = (key: string, events: number, example: Example) => ({ key, events, examples: [example] });

function summary(change: Partial<Summary>): Summary {
  return {
    events: 1200,
    email_events: 300,
    shapes: 400,
    web_unmatched: 0,
    changed: 0,
    users: 0,
    actions: { block: 'Block', safeview: 'Isolate', allow: 'Allow', bypass: 'Bypass' },
    email_actions: { block: 'Reject the message', safeview: 'Isolate', quarantine: 'Quarantine the message' },
    transitions: [],
    by_user: [],
    by_domain: [],
    by_sender_domain: [],
    by_category: [],
    unchanged: [],
    ...change,
  };
}

function show(result: Summary) {
  const job = { id: '0b6c3f0e-8a1f-4c52-9a55-3f1f5d0a2c11', progress: 100, published_rev_id: 7, staged_rev_id: 8, days: 7, created_by: 'admin', created_at: AT, updated_at: AT };
  const call = vi.fn(async (id: string) => {
    if (id === 'policy.impact') return { ...job, status: 'queued', progress: 0 };
    if (id === 'policy.impactJob') return { ...job, status: 'finished', result };
    throw new Error(`unexpected ${id}`);
  }) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <PublishImpact stagedVersion="8" />
    </EngineProvider>,
  );
}

describe('the effect of a publish on recent traffic', () => {
  it('tells web requests and mail messages apart, each with its own actions', async () => {
    show(
      summary({
        changed: 25,
        users: 3,
        transitions: [
          { kind: 'web', from: 'safeview', to: 'block', events: 20, users: 2 },
          { kind: 'email', from: 'safeview', to: 'block', events: 5, users: 1 },
        ],
        by_user: [group('ann@demo.example', 20, webExample), group('bob@demo.example', 5, mailExample)],
        by_domain: [group('www.google.com', 20, webExample)],
        by_sender_domain: [group('billing-notices.info', 5, mailExample)],
        by_category: [group('50', 20, webExample)],
      }),
    );
    expect((await screen.findByTestId('impact-summary')).textContent).toBe(
      '20 web requests and 5 mail messages of 3 users would change: 20 isolate → block; mail: 5 isolate → reject the message.',
    );
    const effect = screen.getByRole('region', { name: 'Effect on recent traffic' });
    expect(within(effect).getByText('900 logged web requests and 300 mail messages replayed as 400 distinct requests.')).toBeTruthy();
    for (const title of ['Users', 'Domains', 'Sender domains', 'Categories']) expect(within(effect).getByText(title)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Example requests that would change' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent))).toEqual([
      ['https://www.google.com/search', 'ann@demo.example', 'Isolate→Block'],
      ['Mail from billing@billing-notices.info: Invoice overdue', 'bob@demo.example', 'Isolate→Reject the message'],
    ]);
  });

  it('says so when only mail would change, and shows no empty web groupings', async () => {
    show(
      summary({
        changed: 5,
        users: 1,
        transitions: [{ kind: 'email', from: 'safeview', to: 'quarantine', events: 5, users: 1 }],
        by_user: [group('bob@demo.example', 5, mailExample)],
        by_sender_domain: [group('billing-notices.info', 5, mailExample)],
      }),
    );
    expect((await screen.findByTestId('impact-summary')).textContent).toBe('5 mail messages of 1 user would change: 5 isolate → quarantine the message.');
    const effect = screen.getByRole('region', { name: 'Effect on recent traffic' });
    expect(within(effect).queryByText('Domains')).toBeNull();
    expect(within(effect).queryByText('Categories')).toBeNull();
    expect(within(effect).getByText('Sender domains')).toBeTruthy();
  });

  it('counts both kinds when nothing would change', async () => {
    show(summary({}));
    expect((await screen.findByTestId('impact-summary')).textContent).toBe('None of the 900 web requests and 300 mail messages of the last 7 days would change.');
  });

  it('says how many web requests were counted, not replayed, because no changed rule matches them', async () => {
    show(summary({ shapes: 40, web_unmatched: 850, unchanged: ['email'] }));
    await screen.findByTestId('impact-summary');
    const effect = screen.getByRole('region', { name: 'Effect on recent traffic' });
    expect(
      within(effect).getByText(
        '50 logged web requests replayed as 40 distinct requests. The other 850 logged web requests keep their actions: no rule the staged revision adds, removes, changes or moves matches them. The 300 mail messages keep their actions: the mail policy is the same in both revisions.',
      ),
    ).toBeTruthy();
  });

  it('says which kind was counted, not replayed, because its policy is the same in both revisions', async () => {
    show(summary({ shapes: 350, unchanged: ['email'] }));
    expect((await screen.findByTestId('impact-summary')).textContent).toBe('None of the 900 web requests and 300 mail messages of the last 7 days would change.');
    const effect = screen.getByRole('region', { name: 'Effect on recent traffic' });
    expect(
      within(effect).getByText(
        '900 logged web requests replayed as 350 distinct requests. The 300 mail messages keep their actions: the mail policy is the same in both revisions.',
      ),
    ).toBeTruthy();
  });
});
