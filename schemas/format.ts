/**
 * Display formatting shared by the screens, the docs and the server (spec 002 §5, §9): byte sizes, money-like
 * truncation, durations with the time rounding limits, file-type lists and the generated password.
 */

/** Byte-size units, base 1024 (spec 002 §9). */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export const BYTE_BASE = 1024;
/** What a zero, negative or non-numeric size shows. */
export const BYTES_EMPTY = '0 MB';

/**
 * A byte count in the largest unit from B to TB that keeps the number at least 1, with up to two decimals:
 * `1536` → `1.5 KB`. Zero or an invalid value shows `0 MB`.
 */
export function formatBytes(value: unknown): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return BYTES_EMPTY;
  let unit = 0;
  let scaled = n;
  while (scaled >= BYTE_BASE && unit < BYTE_UNITS.length - 1) {
    scaled /= BYTE_BASE;
    unit++;
  }
  return `${Number(scaled.toFixed(2))} ${BYTE_UNITS[unit]}`;
}

/** Decimal places kept by money-like truncation. */
export const MONEY_DECIMALS = 2;

/**
 * Truncates (never rounds) to two decimals, toward zero: 12.349 → 12.34, -1.999 → -1.99. It cuts the shortest decimal
 * form of the number, so binary noise (0.29 * 100 = 28.999…) never costs a cent.
 */
export function truncateMoney(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = String(value);
  // Exponent forms are either below a cent (→ 0) or too large to have decimals.
  if (/e/i.test(text)) return Math.abs(value) < 1 ? 0 : value;
  const [whole, fraction = ''] = text.split('.');
  const truncated = Number(`${whole}.${fraction.slice(0, MONEY_DECIMALS) || '0'}`);
  return truncated === 0 ? 0 : truncated;
}

/** `truncateMoney` shown with exactly two decimals: 3 → "3.00". */
export const formatMoney = (value: number): string => truncateMoney(value).toFixed(MONEY_DECIMALS);

/** Time rounding limits (spec 002 §9): how many of each unit make one of the next larger unit. */
export const TIME_LIMITS = { hours: 24, minutes: 60, seconds: 60, milliseconds: 1000 } as const;

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  milliseconds: number;
}
export type DurationUnit = keyof DurationParts;

const UNIT_ORDER: readonly DurationUnit[] = ['days', 'hours', 'minutes', 'seconds', 'milliseconds'];
const UNIT_MS: Record<DurationUnit, number> = {
  milliseconds: 1,
  seconds: TIME_LIMITS.milliseconds,
  minutes: TIME_LIMITS.milliseconds * TIME_LIMITS.seconds,
  hours: TIME_LIMITS.milliseconds * TIME_LIMITS.seconds * TIME_LIMITS.minutes,
  days: TIME_LIMITS.milliseconds * TIME_LIMITS.seconds * TIME_LIMITS.minutes * TIME_LIMITS.hours,
};

/**
 * Splits a duration into days, hours, minutes, seconds and milliseconds, rounded to `smallest`. Rounding carries over
 * at the limits, so 59.6 s rounded to seconds is 1 minute 0 seconds, never "60 seconds". Negative or invalid input
 * counts as zero.
 */
export function splitDuration(ms: number, smallest: DurationUnit = 'milliseconds'): DurationParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.round(ms / UNIT_MS[smallest]) * UNIT_MS[smallest] : 0;
  const parts: DurationParts = { days: 0, hours: 0, minutes: 0, seconds: 0, milliseconds: 0 };
  let rest = total;
  for (const unit of UNIT_ORDER) {
    parts[unit] = Math.floor(rest / UNIT_MS[unit]);
    rest -= parts[unit] * UNIT_MS[unit];
  }
  return parts;
}

const UNIT_SUFFIX: Record<DurationUnit, string> = { days: 'd', hours: 'h', minutes: 'm', seconds: 's', milliseconds: 'ms' };

/** A duration as its non-zero parts down to `smallest`, e.g. `1h 2m 3s`; zero reads `0` plus the smallest suffix. */
export function formatDuration(ms: number, smallest: DurationUnit = 'seconds'): string {
  const parts = splitDuration(ms, smallest);
  const shown = UNIT_ORDER.slice(0, UNIT_ORDER.indexOf(smallest) + 1).filter((u) => parts[u] > 0);
  if (shown.length === 0) return `0${UNIT_SUFFIX[smallest]}`;
  return shown.map((u) => `${parts[u]}${UNIT_SUFFIX[u]}`).join(' ');
}

/** At most this many file types are listed by name; more show as a count (spec 002 §9). */
export const FILE_TYPE_LIST_MAX = 5;

/** A file-type list: the extensions themselves when 5 or fewer, otherwise `N items`. */
export function formatFileTypeList(extensions: readonly string[]): string {
  return extensions.length <= FILE_TYPE_LIST_MAX ? extensions.join(', ') : `${extensions.length} items`;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
/** Symbols the shared password validator accepts: no `!`, backslash, whitespace or single quote. */
const SYMBOLS = '#$%&()*+,-./:;<=>?@[]^_{|}~';
export const PASSWORD_ALPHABET = LETTERS + DIGITS + SYMBOLS;

/** Uniform random integer below `bound`, from the platform's cryptographic generator (rejection sampling). */
function randomBelow(bound: number, random: (buffer: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    const n = random(buffer)[0]!;
    if (n < limit) return n % bound;
  }
}

/**
 * A random password of `length` characters drawn from letters, digits and symbols (spec 002 §5). From length 3 on it
 * holds at least one of each kind, and it always passes the shared `invalidPassword` rule.
 */
export function generatePassword(
  length: number,
  random: (buffer: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer> = (b) => globalThis.crypto.getRandomValues(b),
): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('Password length must be a positive integer.');
  const pick = (set: string) => set[randomBelow(set.length, random)]!;
  const chars = Array.from({ length }, () => pick(PASSWORD_ALPHABET));
  if (length >= 3) {
    const required = [LETTERS, DIGITS, SYMBOLS];
    const slots = [...chars.keys()];
    for (const set of required) {
      const slot = slots.splice(randomBelow(slots.length, random), 1)[0]!;
      chars[slot] = pick(set);
    }
  }
  return chars.join('');
}
