/**
 * Reachability: every operation is called from somewhere an administrator works (a screen, one of its row actions,
 * forms, facts, downloads, choice lists or widgets, or a flow of the shell such as sign-in or Publish), or is marked
 * `apiOnly` with who calls it instead. What a screen calls is derived from its definition: every operation a screen's
 * definition names is one the engine calls for it. The shell's own flows are listed here, as the shell's code is not
 * a definition; `reachability.test.ts` checks that the shell's code names each of them.
 */
import { authOps } from './api/auth';
import { connectivityOps, jobOps } from './api/appliance';
import { evaluateOps } from './api/evaluate';
import { lookupOps } from './api/lookups';
import { policyOps } from './api/policy';
import { providerOps } from './api/provider';
import { reportOps } from './api/reports';
import { tenantUtilOps } from './api/tenantUtils';
import type { OperationDef } from './define';
import type { Registry } from './registry';

/** A flow of the shell (not of a screen definition) and the operations it calls. */
export interface ShellFlow {
  readonly title: string;
  readonly operations: readonly OperationDef[];
  /** How the portal reaches operations no code names by id (an address another call answers). */
  readonly calledThrough?: string;
}

export const SHELL_FLOWS: readonly ShellFlow[] = [
  { title: 'Sign-in (cloud single sign-on and the login module)', operations: [authOps.portalConfig, authOps.authParams, authOps.login, authOps.tfa] },
  { title: 'Sign-in on an appliance', operations: [authOps.onPremLogin, authOps.onPremTfa] },
  { title: 'Session: the signed-in user, cookie refresh, sign-out', operations: [authOps.userInfo, authOps.cookieRefresh, authOps.logoutPost] },
  { title: 'Session on an appliance', operations: [authOps.onPremUserInfo, authOps.onPremCookieRefresh, authOps.onPremLogoutPost] },
  { title: 'Provider console sign-in and session', operations: [providerOps.idpToken, providerOps.oauthLogin, providerOps.me, providerOps.sessionCookie, providerOps.sessionLogout] },
  { title: 'Header: the staged revision and Publish', operations: [policyOps.getRevision, policyOps.publish] },
  { title: 'Publish review: the impact on recent traffic', operations: [evaluateOps.impact, evaluateOps.impactJob, evaluateOps.impactCancel] },
  { title: 'Revision history: changes and rollback', operations: [policyOps.revisionHistory, policyOps.revisionChanges, policyOps.rollback] },
  { title: 'Jobs: the header indicator and the jobs screen', operations: [jobOps.listJobs, jobOps.getJob, jobOps.cancelJob, jobOps.cleanJobs] },
  { title: 'Insights', operations: [reportOps.insights] },
  {
    title: 'Reports: scheduled, instant and past reports',
    operations: [reportOps.pastReports, reportOps.pastReportDownload, reportOps.scheduledReports, reportOps.saveScheduledReports, reportOps.instantReport],
  },
  { title: 'Terms of service after sign-in', operations: [tenantUtilOps.tosStatus, tenantUtilOps.acceptTos] },
  { title: 'Tenant switcher and portal version', operations: [tenantUtilOps.multiTenant, lookupOps.savePortalVersion] },
  {
    title: 'Connectivity check from the administrator’s browser',
    operations: [connectivityOps.connectivityProbe],
    calledThrough: 'the probe address of each site that the connectivity sites call answers',
  },
];

/** Where an operation is called from: `screen <id>` or `shell: <flow>`. */
export type Reach = ReadonlyMap<string, readonly string[]>;

/**
 * For each operation the portal calls, where from. A screen reaches every operation its definition names (anywhere
 * in it: list, row actions, forms and their choices, facts, downloads, previews, uploads, widgets, lookups) and the
 * read of every document screen it takes options from; a document screen reaches its own read and save.
 */
export function reachedOperations(registry: Registry, flows: readonly ShellFlow[] = SHELL_FLOWS): Reach {
  const reach = new Map<string, string[]>();
  const add = (id: string, where: string) => {
    const list = reach.get(id) ?? [];
    if (!list.includes(where)) list.push(where);
    reach.set(id, list);
  };
  for (const screen of registry.screens) {
    const where = `screen ${screen.id}`;
    const seen = new WeakSet<object>();
    const walk = (value: unknown, top: boolean): void => {
      if (!value || typeof value !== 'object' || seen.has(value)) return;
      seen.add(value);
      const o = value as Record<string, unknown>;
      if ('_zod' in o) return; // a schema: no operations inside
      if (typeof o.id === 'string' && registry.operation(o.id) === value) return add(o.id, where);
      const ids = o.operationIds as { read?: unknown; save?: unknown } | undefined;
      if (ids && typeof ids.read === 'string') {
        add(ids.read, where);
        // Another screen named here (an option source) is only read; its own definition reaches the rest.
        if (!top) return;
        if (typeof ids.save === 'string') add(ids.save, where);
      }
      for (const v of Array.isArray(value) ? value : Object.values(o)) walk(v, false);
    };
    walk(screen, true);
  }
  for (const flow of flows) for (const op of flow.operations) add(op.id, `shell: ${flow.title}`);
  return reach;
}

/** What is wrong with the registry's reachability: each operation neither reached nor marked, or marked but reached. */
export function reachabilityProblems(registry: Registry, reach: Reach = reachedOperations(registry)): string[] {
  const problems: string[] = [];
  for (const op of registry.operations) {
    const from = reach.get(op.id);
    if (!from && !op.apiOnly) {
      problems.push(
        `${op.id} (${op.method} ${op.path}) is reached from no screen, row action, widget or shell flow. Give it a place ` +
          'on a screen (a row action, a collection form, facts, a download or a choice list in the definition that ' +
          "needs it), or mark its defineOperation `apiOnly: { reason: 'integration' | 'script' | 'log-collector', why }`.",
      );
    }
    if (from && op.apiOnly) problems.push(`${op.id} is marked apiOnly (${op.apiOnly.reason}) but is reached from ${from.join(', ')}: remove the mark.`);
  }
  return problems;
}
