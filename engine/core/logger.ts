/**
 * Console logger with the spec's levels (002 §8–§9): OFF, ERROR, WARN, INFO, DEBUG. The level is read from the
 * `logLevel` key of local storage on every call, so a support engineer can turn on DEBUG without a reload.
 */

export const LOG_LEVELS = ['OFF', 'ERROR', 'WARN', 'INFO', 'DEBUG'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_LEVEL_KEY = 'logLevel';
export const DEFAULT_LOG_LEVEL: LogLevel = 'INFO';

const isLevel = (v: unknown): v is LogLevel => typeof v === 'string' && (LOG_LEVELS as readonly string[]).includes(v);

/** The level in force: local storage `logLevel` (case-insensitive), else INFO. */
export function currentLogLevel(): LogLevel {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(LOG_LEVEL_KEY) ?? null;
  } catch {
    // Storage can throw when the browser blocks it; the default level applies then.
  }
  const upper = stored?.toUpperCase();
  return isLevel(upper) ? upper : DEFAULT_LOG_LEVEL;
}

function enabled(level: Exclude<LogLevel, 'OFF'>): boolean {
  return LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(currentLogLevel());
}

/** Level-filtered console output. */
export const logger = {
  error: (...args: unknown[]) => enabled('ERROR') && console.error(...args),
  warn: (...args: unknown[]) => enabled('WARN') && console.warn(...args),
  info: (...args: unknown[]) => enabled('INFO') && console.info(...args),
  debug: (...args: unknown[]) => enabled('DEBUG') && console.debug(...args),
};
