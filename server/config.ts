/** Reads the server's settings from environment variables (see README "Running"). */
import { resolve } from 'node:path';
import { PASSWORD_HASH_COST_DEFAULT } from './passwords';
import { APP_MODES, DEPLOYMENTS, type AppMode, type Deployment, type Environment } from '../schemas/access';

/** The absolute session lifetime when SESSION_MAX_AGE_HOURS is unset (OWASP: hours, not days, for an admin console). */
export const SESSION_MAX_AGE_HOURS_DEFAULT = 12;

export type Vars = Readonly<Record<string, string | undefined>>;

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly env: Environment;
  readonly seed: 'full' | 'small';
  /**
   * TRUST_PROXY: whom to believe about the client's address (X-Forwarded-For) and scheme (X-Forwarded-Proto). Off by
   * default; `true` trusts the nearest proxy (one hop), a number that many hops, anything else is a comma list of
   * proxy addresses or CIDR ranges (Fastify's `trustProxy`).
   */
  readonly trustProxy: boolean | number | string;
  /** SESSION_MAX_AGE_HOURS: a session ends this long after sign-in however active it is (default 12 h). */
  readonly sessionMaxAgeMs: number;
  /** PASSWORD_HASH_COST: the exponent of scrypt's N for new password hashes (default 17, 14 to 20). */
  readonly passwordHashCost: number;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`${name} must be one of ${allowed.join(', ')}; got "${value}".`);
  }
  return value as T;
}

/** A yes/no variable: true or 1, false or 0. */
export function flag(name: string, value: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be true or false; got "${value}".`);
}

/** PORTAL_DEPLOYMENT, PORTAL_APP_MODE and PORTAL_PRODUCTION, with the defaults of the team brief. */
export function environmentFromVars(vars: Vars): Environment {
  const deployment = oneOf<Deployment>('PORTAL_DEPLOYMENT', vars.PORTAL_DEPLOYMENT || 'cloud', DEPLOYMENTS);
  const appMode = oneOf<AppMode>(
    'PORTAL_APP_MODE',
    vars.PORTAL_APP_MODE || (deployment === 'on_prem' ? 'management_station' : 'cloud'),
    APP_MODES,
  );
  const production = vars.PORTAL_PRODUCTION
    ? flag('PORTAL_PRODUCTION', vars.PORTAL_PRODUCTION)
    : vars.NODE_ENV === 'production';
  return { deployment, appMode, production };
}

function trustProxyFromVar(value: string | undefined): ServerConfig['trustProxy'] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Every setting the server reads; throws with a readable message on a bad value. */
export function configFromVars(vars: Vars): ServerConfig {
  const port = Number(vars.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number; got "${vars.PORT}".`);
  const maxAgeHours = Number(vars.SESSION_MAX_AGE_HOURS || SESSION_MAX_AGE_HOURS_DEFAULT);
  if (!(maxAgeHours > 0)) throw new Error(`SESSION_MAX_AGE_HOURS must be a positive number; got "${vars.SESSION_MAX_AGE_HOURS}".`);
  const env = environmentFromVars(vars);
  return {
    port,
    host: vars.HOST || '0.0.0.0',
    dataDir: resolve(vars.DATA_DIR || './.data'),
    databaseUrl: vars.DATABASE_URL || undefined,
    env,
    // An appliance or a station keeps its own site's events, not a cloud tenant's month: the small seed by default.
    seed: oneOf('PORTAL_SEED', vars.PORTAL_SEED || (env.deployment === 'on_prem' ? 'small' : 'full'), ['full', 'small'] as const),
    trustProxy: trustProxyFromVar(vars.TRUST_PROXY),
    sessionMaxAgeMs: maxAgeHours * 3_600_000,
    passwordHashCost: Number(vars.PASSWORD_HASH_COST || PASSWORD_HASH_COST_DEFAULT),
  };
}
