/**
 * Client access control (spec 000 §5–§6): mirrors what the server enforces so the shell shows only what a user may
 * use. It holds the signed-in user's grants, the environment and the feature flags; permissions count only when
 * `rbacEnforced`.
 */
import {
  assertAccessRule,
  envAllows,
  featureFlags,
  grantsFromRoles,
  rbacEnforced,
  ruleAllows,
  type AccessRule,
  type Capabilities,
  type EnvRule,
  type Environment,
  type FeatureFlag,
  type Grants,
  type Roles,
} from '../../schemas/access';
import { logger } from './logger';
import { createStore, type Store } from './store';

export interface AccessState {
  readonly env: Environment;
  /** False until a user is set: nothing is usable while signed out. */
  readonly signedIn: boolean;
  readonly grants: Grants;
  readonly capabilities: Capabilities;
  readonly flags: Readonly<Record<FeatureFlag, boolean>>;
  readonly enforced: boolean;
}

/** Anything the shell shows behind a rule: a section (`access`) or a screen (`read`, and `write` for editing). */
export interface Guarded {
  readonly id?: string;
  readonly access?: AccessRule;
  readonly read?: AccessRule;
  readonly write?: AccessRule;
  readonly env?: EnvRule;
  readonly feature?: FeatureFlag;
}

export interface AccessControl extends Store<AccessState> {
  setEnvironment(env: Environment): void;
  /** Applies the signed-in user's roles and the tenant's capabilities. */
  setUser(user: { readonly roles: Roles; readonly capabilities: Capabilities }): void;
  /** Back to the signed-out state (logout). */
  reset(): void;
  /**
   * Evaluates a rule: throws on a malformed rule (spec 000 §5), logs a denial at debug level.
   * A missing rule allows; permissions are not checked when RBAC is not enforced.
   */
  guard(rule: AccessRule | undefined, subject?: string): boolean;
  /** Same as guard, for a rule alone. */
  can(rule: AccessRule | undefined): boolean;
  /** Environment rule, feature flag, then the access (or read) rule. */
  canUse(item: Guarded): boolean;
  /** Whether the user may change what a screen shows: its write rule, or its read rule when it has none. */
  canWrite(item: Guarded): boolean;
}

const signedOut = (env: Environment): AccessState => ({
  env,
  signedIn: false,
  grants: { allow: [], deny: [] },
  capabilities: {},
  flags: featureFlags({}),
  enforced: true,
});

/** Creates an access control for an environment. */
export function createAccessControl(env: Environment): AccessControl {
  const store = createStore<AccessState>(signedOut(env));

  function guard(rule: AccessRule | undefined, subject?: string): boolean {
    if (rule !== undefined) assertAccessRule(rule);
    const s = store.getState();
    const allowed = s.signedIn && (!s.enforced || ruleAllows(rule, s.grants));
    if (!allowed) logger.debug('Access denied', subject ?? '', rule ?? '(no rule)', s.signedIn ? '' : '(signed out)');
    return allowed;
  }

  function envAndFeature(item: Guarded): boolean {
    const s = store.getState();
    return envAllows(item.env, s.env) && (item.feature === undefined || s.flags[item.feature]);
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setEnvironment(next) {
      store.setState((s) => ({ ...s, env: next, enforced: s.signedIn ? rbacEnforced(next, s.capabilities) : true }));
    },
    setUser(user) {
      store.setState((s) => ({
        env: s.env,
        signedIn: true,
        grants: grantsFromRoles(user.roles),
        capabilities: user.capabilities,
        flags: featureFlags(user.capabilities),
        enforced: rbacEnforced(s.env, user.capabilities),
      }));
    },
    reset() {
      store.setState((s) => signedOut(s.env));
    },
    guard,
    can: (rule) => guard(rule),
    canUse: (item) => envAndFeature(item) && guard(item.access ?? item.read, item.id),
    canWrite: (item) => envAndFeature(item) && guard(item.write ?? item.access ?? item.read, item.id && `${item.id} (write)`),
  };
}
