/**
 * The impact of a publish: logged web requests and mail messages (as distinct shapes with their counts) decided under
 * the published and the staged revision, a web request by its web action and a mail message by the email decision; the
 * events whose action changes are counted by transition and grouped by user, domain and category with example events.
 * Pure: the server's impact job and the bench feed it shapes and read its summary.
 */
import { z } from 'zod';
import { appliesAt, changedRows, decideOne, type CompiledPolicy, type CompiledRule } from './evaluate';
import { prepareRequest } from './match';
import { EvalRequest } from './types';

export const ImpactKind = z.enum(['web', 'email']).meta({ description: 'web: a logged web request, decided by its web action; email: a logged mail message, decided by the email policy' });
export type ImpactKind = z.infer<typeof ImpactKind>;

/** The decision that decides an event of each kind. */
const DECISION_OF: Readonly<Record<ImpactKind, string>> = { web: 'web', email: 'email' };

/** One distinct request of the logs, how many events had it, and its newest event. */
export interface ImpactShape {
  readonly kind: ImpactKind;
  readonly request: EvalRequest;
  /** Whose events they are: the user the log names (for mail, the company's mailbox: recipient or sender). */
  readonly user: string;
  readonly count: number;
  /**
   * The newest event: its time, and a web request's URL or a mail message's subject. Absent when the caller finds it
   * only for the examples shown (`examplesWanted`, then `summary`).
   */
  readonly example?: { readonly timestamp: string; readonly url?: string; readonly subject?: string };
  /** The caller's name for the shape (its index, say), handed back by `examplesWanted`. */
  readonly ref?: number;
  /**
   * What tells shapes of equal counts apart (the kind, user and request by default): a caller whose requests hold one
   * value of a group of values (a URL grouped by the patterns it matches) gives the group instead.
   */
  readonly key?: string;
}

export const ImpactExample = z.object({
  kind: ImpactKind,
  timestamp: z.string(),
  url: z.string().optional().meta({ description: 'The URL of a web request' }),
  subject: z.string().optional().meta({ description: 'The subject of a mail message' }),
  user: z.string(),
  from: z.string().meta({ description: 'The action under the published revision: the web action of a request, the email action of a message' }),
  to: z.string().meta({ description: 'The action under the staged revision' }),
  request: EvalRequest.meta({ description: 'The request as decided, to open its trace with the evaluate call' }),
});
export type ImpactExample = z.infer<typeof ImpactExample>;
export const ImpactGroup = z.object({
  key: z.string(),
  label: z.string().optional().meta({ description: 'The name of a category id' }),
  events: z.number().int(),
  examples: z.array(ImpactExample).meta({ description: "Up to 3 of the group's changed requests, those of the most events first, each shown by its newest event" }),
});
export type ImpactGroup = z.infer<typeof ImpactGroup>;
export const ImpactTransition = z.object({ kind: ImpactKind, from: z.string(), to: z.string(), events: z.number().int(), users: z.number().int() });

export const ImpactSummary = z.object({
  events: z.number().int().meta({ description: 'Events replayed: web requests and mail messages' }),
  email_events: z.number().int().meta({ description: 'Of the events replayed, mail messages' }),
  shapes: z.number().int().meta({ description: 'Distinct request shapes decided' }),
  web_unmatched: z.number().int().meta({
    description: 'Of the web requests, those that no row the staged revision adds, removes, changes or moves can match: counted, not replayed, since the same rows decide them under both revisions',
  }),
  changed: z.number().int().meta({ description: 'Events whose action (web or email) the staged revision changes' }),
  users: z.number().int().meta({ description: 'Distinct users with at least one changed event' }),
  actions: z.record(z.string(), z.string()).meta({ description: 'Web action → its label' }),
  email_actions: z.record(z.string(), z.string()).meta({ description: 'Email action → its label' }),
  transitions: z.array(ImpactTransition).meta({ description: 'Changed events per kind and published → staged action, largest first' }),
  by_user: z.array(ImpactGroup),
  by_domain: z.array(ImpactGroup).meta({ description: 'Changed web requests by the domain requested' }),
  by_sender_domain: z.array(ImpactGroup).meta({ description: 'Changed mail messages by the domain of their sender' }),
  by_category: z.array(ImpactGroup).meta({ description: 'Changed web requests by category' }),
  unchanged: z.array(ImpactKind).meta({
    description: "Kinds whose policy is the same in both revisions (the same rows, objects and settings): their events are counted, not replayed, since none of their actions can change",
  }),
});
export type ImpactSummary = z.infer<typeof ImpactSummary>;

/** Groups kept per grouping, and examples per group. */
export const IMPACT_TOP = 20;
export const IMPACT_EXAMPLES = 3;

/** A changed shape kept as a group's example, with what it changed from and to. */
interface Candidate {
  readonly shape: ImpactShape;
  readonly from: string;
  readonly to: string;
  /** Tells shapes of equal counts apart, so that the examples do not depend on the order shapes come in. */
  readonly key: string;
}

interface Group {
  key: string;
  events: number;
  examples: Candidate[];
}

/** Larger first, then by key: the order of groups, transitions and examples, whatever order the shapes came in. */
const ranked = (a: { events: number; key: string }, b: { events: number; key: string }) => b.events - a.events || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const byCount = (a: Candidate, b: Candidate) => ranked({ events: a.shape.count, key: a.key }, { events: b.shape.count, key: b.key });

/** Adds shapes one by one (so a caller can pause between them), then summarises. */
export class ImpactTally {
  private events = 0;
  private emailEvents = 0;
  private shapes = 0;
  private webUnmatched = 0;
  private changed = 0;
  private readonly users = new Set<string>();
  private readonly transitions = new Map<string, { kind: ImpactKind; from: string; to: string; events: number; users: Set<string> }>();
  private readonly groups = { user: new Map<string, Group>(), domain: new Map<string, Group>(), senderDomain: new Map<string, Group>(), category: new Map<string, Group>() };

  /** The kinds whose decision the revisions do not share: only their shapes need deciding (`add`). */
  readonly replayed: readonly ImpactKind[];
  /** The other kinds: their events are counted (`addUnchanged`). */
  readonly unchanged: readonly ImpactKind[];
  /**
   * The rows that can change the web action now (`changedRows`, those that apply at the tally's time), or undefined
   * when any web request may change: only the requests one of them matches need deciding; the others are counted
   * (`addUnmatched`).
   */
  readonly webChanges: readonly CompiledRule[] | undefined;

  constructor(
    private readonly published: CompiledPolicy,
    private readonly staged: CompiledPolicy,
    private readonly now: number,
  ) {
    const changes = Object.fromEntries(ImpactKind.options.map((kind) => [kind, changedRows(published, staged, DECISION_OF[kind])])) as Record<ImpactKind, CompiledRule[] | undefined>;
    // A kind none of whose rows changed (and whose fallback is the same) is decided alike by both revisions.
    this.unchanged = ImpactKind.options.filter((kind) => changes[kind]?.length === 0);
    this.replayed = ImpactKind.options.filter((kind) => !this.unchanged.includes(kind));
    this.webChanges = changes.web?.filter((rule) => appliesAt(rule, now));
  }

  /** Counts the events of a kind not replayed (one whose decision both revisions share), which no revision changes. */
  addUnchanged(kind: ImpactKind, events: number): void {
    this.events += events;
    if (kind === 'email') this.emailEvents += events;
  }

  /** Counts web requests that no row of `webChanges` matches, whose action no revision changes. */
  addUnmatched(events: number): void {
    this.events += events;
    this.webUnmatched += events;
  }

  add(shape: ImpactShape): void {
    const { kind, request, user } = shape;
    this.events += shape.count;
    if (kind === 'email') this.emailEvents += shape.count;
    this.shapes++;
    const prepared = prepareRequest(request, this.now);
    const from = decideOne(this.published, DECISION_OF[kind], request, this.now, prepared)!.action;
    const to = decideOne(this.staged, DECISION_OF[kind], request, this.now, prepared)!.action;
    if (from === to) return;
    this.changed += shape.count;
    this.users.add(user);
    const key = `${kind}:${from}>${to}`;
    const t = this.transitions.get(key) ?? { kind, from, to, events: 0, users: new Set<string>() };
    t.events += shape.count;
    t.users.add(user);
    this.transitions.set(key, t);
    const candidate: Candidate = { shape, from, to, key: shape.key ?? JSON.stringify([kind, user, request]) };
    const add = (m: Map<string, Group>, key: string) => {
      const g = m.get(key) ?? { key, events: 0, examples: [] };
      g.events += shape.count;
      // The group's largest shapes, IMPACT_EXAMPLES at most.
      if (g.examples.length < IMPACT_EXAMPLES || byCount(candidate, g.examples[g.examples.length - 1]!) < 0) {
        g.examples = [...g.examples, candidate].sort(byCount).slice(0, IMPACT_EXAMPLES);
      }
      m.set(key, g);
    };
    add(this.groups.user, user);
    // A web request by the site and its categories; a mail message (which has no category) by its sender's domain.
    if (kind === 'email') add(this.groups.senderDomain, request.sender_domain ?? '');
    else {
      add(this.groups.domain, request.domain ?? '');
      for (const c of request.categories ?? []) add(this.groups.category, c);
    }
  }

  private top(m: Map<string, Group>): Group[] {
    return [...m.values()].sort(ranked).slice(0, IMPACT_TOP);
  }

  /** The shapes the summary shows as examples that came without their newest event, for the caller to find. */
  examplesWanted(): ImpactShape[] {
    const wanted = new Set<ImpactShape>();
    for (const m of Object.values(this.groups)) for (const g of this.top(m)) for (const c of g.examples) if (!c.shape.example) wanted.add(c.shape);
    return [...wanted];
  }

  /**
   * The summary. `found` gives a shape without its newest event (`examplesWanted`) the same shape with it (its request
   * then read from that event); an example whose event it does not find (gone since) is left out.
   */
  summary(found: (shape: ImpactShape) => ImpactShape | undefined = () => undefined): ImpactSummary {
    const example = ({ shape, from, to }: Candidate): ImpactExample[] => {
      const seen = shape.example ? shape : found(shape);
      return seen?.example ? [{ kind: seen.kind, ...seen.example, user: seen.user, from, to, request: seen.request }] : [];
    };
    const top = (m: Map<string, Group>): ImpactGroup[] => this.top(m).map((g) => ({ key: g.key, events: g.events, examples: g.examples.flatMap(example) }));
    const labels = (kind: ImpactKind) => ({ ...this.published.decisions.find((d) => d.decl.id === DECISION_OF[kind])!.decl.labels });
    return {
      events: this.events,
      email_events: this.emailEvents,
      shapes: this.shapes,
      web_unmatched: this.webUnmatched,
      changed: this.changed,
      users: this.users.size,
      actions: labels('web'),
      email_actions: labels('email'),
      transitions: [...this.transitions.entries()]
        .map(([key, t]) => ({ key, events: t.events, t }))
        .sort(ranked)
        .map(({ t }) => ({ kind: t.kind, from: t.from, to: t.to, events: t.events, users: t.users.size })),
      by_user: top(this.groups.user),
      by_domain: top(this.groups.domain),
      by_sender_domain: top(this.groups.senderDomain),
      by_category: top(this.groups.category),
      unchanged: [...this.unchanged],
    };
  }
}
