/**
 * The impact of a publish: logged requests (as distinct shapes with their counts) decided under the published and
 * the staged revision, the events whose web action changes counted by transition and grouped by user, domain and
 * category with example events. Pure: the server's impact job and the bench feed it shapes and read its summary.
 */
import { z } from 'zod';
import { decideOne, type CompiledPolicy } from './evaluate';
import { EvalRequest } from './types';

/** One distinct request of the logs, how many events had it, and its newest event. */
export interface ImpactShape {
  readonly request: EvalRequest;
  readonly count: number;
  readonly example: { readonly timestamp: string; readonly url: string };
}

export const ImpactExample = z.object({
  timestamp: z.string(),
  url: z.string(),
  user: z.string(),
  from: z.string().meta({ description: 'The web action under the published revision' }),
  to: z.string().meta({ description: 'The web action under the staged revision' }),
  request: EvalRequest.meta({ description: 'The request as decided, to open its trace with the evaluate call' }),
});
export type ImpactExample = z.infer<typeof ImpactExample>;
export const ImpactGroup = z.object({ key: z.string(), label: z.string().optional().meta({ description: 'The name of a category id' }), events: z.number().int(), examples: z.array(ImpactExample) });
export type ImpactGroup = z.infer<typeof ImpactGroup>;
export const ImpactTransition = z.object({ from: z.string(), to: z.string(), events: z.number().int(), users: z.number().int() });

export const ImpactSummary = z.object({
  events: z.number().int().meta({ description: 'Web events replayed' }),
  shapes: z.number().int().meta({ description: 'Distinct request shapes decided' }),
  changed: z.number().int().meta({ description: 'Events whose web action the staged revision changes' }),
  users: z.number().int().meta({ description: 'Distinct users with at least one changed event' }),
  actions: z.record(z.string(), z.string()).meta({ description: 'Web action → its label' }),
  transitions: z.array(ImpactTransition).meta({ description: 'Changed events per published → staged action, largest first' }),
  by_user: z.array(ImpactGroup),
  by_domain: z.array(ImpactGroup),
  by_category: z.array(ImpactGroup),
});
export type ImpactSummary = z.infer<typeof ImpactSummary>;

/** Groups kept per grouping, and examples per group. */
export const IMPACT_TOP = 20;
export const IMPACT_EXAMPLES = 3;

interface Group {
  key: string;
  events: number;
  examples: ImpactExample[];
}

/** Adds shapes one by one (so a caller can pause between them), then summarises. */
export class ImpactTally {
  private events = 0;
  private shapes = 0;
  private changed = 0;
  private readonly users = new Set<string>();
  private readonly transitions = new Map<string, { from: string; to: string; events: number; users: Set<string> }>();
  private readonly groups = { user: new Map<string, Group>(), domain: new Map<string, Group>(), category: new Map<string, Group>() };

  constructor(
    private readonly published: CompiledPolicy,
    private readonly staged: CompiledPolicy,
    private readonly now: number,
  ) {}

  add(shape: ImpactShape): void {
    this.events += shape.count;
    this.shapes++;
    const from = decideOne(this.published, 'web', shape.request, this.now)!.action;
    const to = decideOne(this.staged, 'web', shape.request, this.now)!.action;
    if (from === to) return;
    const user = shape.request.user ?? '';
    this.changed += shape.count;
    this.users.add(user);
    const t = this.transitions.get(`${from}>${to}`) ?? { from, to, events: 0, users: new Set<string>() };
    t.events += shape.count;
    t.users.add(user);
    this.transitions.set(`${from}>${to}`, t);
    const example: ImpactExample = { ...shape.example, user, from, to, request: shape.request };
    const add = (m: Map<string, Group>, key: string) => {
      const g = m.get(key) ?? { key, events: 0, examples: [] };
      g.events += shape.count;
      if (g.examples.length < IMPACT_EXAMPLES) g.examples.push(example);
      m.set(key, g);
    };
    add(this.groups.user, user);
    add(this.groups.domain, shape.request.domain ?? '');
    for (const c of shape.request.categories ?? []) add(this.groups.category, c);
  }

  summary(): ImpactSummary {
    const top = (m: Map<string, Group>) => [...m.values()].sort((a, b) => b.events - a.events).slice(0, IMPACT_TOP);
    return {
      events: this.events,
      shapes: this.shapes,
      changed: this.changed,
      users: this.users.size,
      actions: { ...this.published.decisions.find((d) => d.decl.id === 'web')!.decl.labels },
      transitions: [...this.transitions.values()].sort((a, b) => b.events - a.events).map((t) => ({ from: t.from, to: t.to, events: t.events, users: t.users.size })),
      by_user: top(this.groups.user),
      by_domain: top(this.groups.domain),
      by_category: top(this.groups.category),
    };
  }
}
