/**
 * The shared field validators of spec 002 §5. Each has the spec's error key and a message a person can act on;
 * the key travels as the zod issue's `params.key`, so the server's 400 and the screen show the same thing.
 */
import { z } from 'zod';

export const VALIDATOR_MESSAGES = {
  maxlength: 'Use at most 200 characters.',
  minlength: 'Use at least 3 characters.',
  lineBreaks: 'Line breaks are not allowed.',
  noLeadingTrailingSpaces: 'Remove the spaces at the start or end.',
  invalidInteger: 'Enter a whole number.',
  invalidNumericInput: 'Use digits only.',
  invalidRegex: 'Enter a valid regular expression.',
  invalidUserName: 'A user name cannot contain !, <, \\, spaces or quotes.',
  invalidPassword: 'A password cannot contain !, \\, spaces or single quotes.',
  invalidEmail: 'Enter a valid email address.',
  invalidHostname: 'Enter a valid host name, such as www.example.com.',
  invalidIP: 'Enter a valid IPv4 address, such as 192.0.2.10.',
  invalidIpRange: 'Enter an IPv4 address or a range such as 192.0.2.1-192.0.2.20.',
  invalidHostnameOrIp: 'Enter a valid host name or IPv4 address.',
  invalidDomain: 'Enter a valid domain, such as example.com.',
  invalidDomainIpOrCidr: 'Enter a domain, an IPv4 address or a CIDR block such as 10.0.0.0/8.',
  invalidPortOrPortRange: 'Enter a port from 1 to 65535 or a range such as 8000-8080.',
  invalidCert: 'Paste a PEM certificate block (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----).',
  invalidUriStartsWith: 'The address must start with http:// or https://.',
  invalidUrl: 'Enter a full http:// or https:// URL of 8 to 2048 characters.',
  invalidPath: 'Enter an absolute path such as /logs/archive (letters, digits, - and _).',
  nonStandardDomainOrIP: 'Enter a domain with at least two dots, or an IPv4 address.',
  nonStandardIp: 'Enter a public-style IPv4 address.',
  invalidIPv6: 'Enter a valid IPv6 address.',
  invalidCidr: 'Enter a CIDR block such as 10.0.0.0/8 (prefix 1 to 32).',
  invalidFileName: 'Enter a file name such as report.csv.',
} as const;
export type ValidatorKey = keyof typeof VALIDATOR_MESSAGES;

/** Text length limits of the shared validators (spec 002 §9). */
export const TEXT_MIN = 3;
export const TEXT_MAX = 200;
export const URL_MIN = 8;
export const URL_MAX = 2048;
export const HOST_LABEL_MAX = 63;
export const HOST_MAX = 253;
export const PORT_MIN = 1;
export const PORT_MAX = 65535;
export const IPV6_PREFIX_MIN = 32;
export const IPV6_PREFIX_MAX = 128;
export const CIDR_PREFIX_MIN = 1;
export const CIDR_PREFIX_MAX = 32;

const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);

export const isIPv4 = (v: string): boolean => IPV4.test(v);

export function ipv4ToNumber(v: string): number {
  return v.split('.').reduce((n, o) => n * 256 + Number(o), 0);
}

/** Host name: labels of 1–63 letters, digits or dashes, at most 253 in all; `strict` needs at least two dots. */
export function isHostname(v: string, strict = false): boolean {
  if (v.length === 0 || v.length > HOST_MAX) return false;
  const labels = v.endsWith('.') ? v.slice(0, -1).split('.') : v.split('.');
  if (!labels.every((l) => LABEL.test(l))) return false;
  if (/^\d+$/.test(labels[labels.length - 1]!)) return false;
  return strict ? labels.length >= 3 : true;
}

/** Domain: a host name of at least two labels; a leading `*.` wildcard is allowed. */
export function isDomain(v: string): boolean {
  const bare = v.startsWith('*.') ? v.slice(2) : v;
  return bare.includes('.') && isHostname(bare);
}

export function isCidr(v: string): boolean {
  const m = /^(.+)\/(\d{1,2})$/.exec(v);
  if (!m) return false;
  const prefix = Number(m[2]);
  return isIPv4(m[1]!) && prefix >= CIDR_PREFIX_MIN && prefix <= CIDR_PREFIX_MAX;
}

export function isIpRange(v: string): boolean {
  const parts = v.split('-');
  if (parts.length === 1) return isIPv4(v);
  if (parts.length !== 2) return false;
  const [a, b] = parts.map((p) => p.trim()) as [string, string];
  return isIPv4(a) && isIPv4(b) && ipv4ToNumber(a) <= ipv4ToNumber(b);
}

export function isPortOrPortRange(v: string): boolean {
  const parts = v.split('-');
  if (parts.length > 2 || !parts.every((p) => /^\d{1,5}$/.test(p))) return false;
  const nums = parts.map(Number);
  if (!nums.every((n) => n >= PORT_MIN && n <= PORT_MAX)) return false;
  return nums.length === 1 || nums[0]! <= nums[1]!;
}

export function isIPv6(v: string): boolean {
  const [addr, prefix, extra] = v.split('/');
  if (extra !== undefined || addr === undefined) return false;
  if (prefix !== undefined) {
    if (!/^\d{1,3}$/.test(prefix)) return false;
    const n = Number(prefix);
    if (n < IPV6_PREFIX_MIN || n > IPV6_PREFIX_MAX) return false;
  }
  const halves = addr.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  let width = groups.length;
  const last = groups[groups.length - 1];
  // An embedded IPv4 address (::ffff:192.0.2.1) may end the address and stands for two groups.
  if (last !== undefined && last.includes('.')) {
    if (!isIPv4(last) || !addr.endsWith(last)) return false;
    groups.pop();
    width = groups.length + 2;
  }
  if (!groups.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? width < 8 : width === 8;
}

/** Private IPv4 ranges: 10.x, 172.16–31.x, 192.168.x. */
export function isPrivateIPv4(v: string): boolean {
  if (!isIPv4(v)) return false;
  const [a, b] = v.split('.').map(Number) as [number, number];
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** Whether two `a-b` (or single-address) IPv4 ranges share an address. */
export function ipRangesOverlap(x: string, y: string): boolean {
  const bounds = (r: string) => {
    const [lo, hi = lo] = r.split('-').map((p) => ipv4ToNumber(p.trim()));
    return [lo!, hi!] as const;
  };
  const [a1, a2] = bounds(x);
  const [b1, b2] = bounds(y);
  return a1 <= b2 && b1 <= a2;
}

/** Prefix length to dotted subnet mask: 24 → 255.255.255.0. */
export function prefixToMask(prefix: number): string {
  const bits = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return [24, 16, 8, 0].map((s) => (bits >>> s) & 255).join('.');
}

/** Dotted subnet mask to prefix length, or null when the mask is not contiguous. */
export function maskToPrefix(mask: string): number | null {
  if (!isIPv4(mask)) return null;
  const n = ipv4ToNumber(mask);
  const prefix = n.toString(2).replace(/0+$/, '').length;
  return prefixToMask(prefix) === mask ? prefix : null;
}

export function isValidRegex(v: string): boolean {
  try {
    new RegExp(v);
    return true;
  } catch {
    return false;
  }
}

const PEM = /^-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n]+)\r?\n-----END CERTIFICATE-----\s*$/;
export const isPemCertificate = (v: string): boolean => PEM.test(v.trim());

export function isUrl(v: string): boolean {
  if (v.length < URL_MIN || v.length > URL_MAX || !/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks by error key. Each returns true when the value passes. Empty strings pass where the spec allows empty. */
export const CHECKS: Record<ValidatorKey, (v: string) => boolean> = {
  maxlength: (v) => v.trim().length <= TEXT_MAX,
  minlength: (v) => v.trim().length === 0 || v.trim().length >= TEXT_MIN,
  lineBreaks: (v) => !/[\r\n]/.test(v),
  noLeadingTrailingSpaces: (v) => v === v.trim(),
  invalidInteger: (v) => /^-?\d+$/.test(v),
  invalidNumericInput: (v) => /^\d+$/.test(v),
  invalidRegex: isValidRegex,
  invalidUserName: (v) => !/[!<\\\s'"]/.test(v),
  invalidPassword: (v) => !/[!\\\s']/.test(v),
  invalidEmail: (v) => v === '' || EMAIL.test(v),
  invalidHostname: (v) => isHostname(v),
  invalidIP: isIPv4,
  invalidIpRange: isIpRange,
  invalidHostnameOrIp: (v) => isIPv4(v) || isHostname(v),
  invalidDomain: isDomain,
  invalidDomainIpOrCidr: (v) => isIPv4(v) || isCidr(v) || isDomain(v),
  invalidPortOrPortRange: isPortOrPortRange,
  invalidCert: isPemCertificate,
  invalidUriStartsWith: (v) => /^https?:\/\//i.test(v),
  invalidUrl: isUrl,
  invalidPath: (v) => /^(\/[A-Za-z0-9_-]+)+\/?$|^\/$/.test(v),
  nonStandardDomainOrIP: (v) => isIPv4(v) || isHostname(v, true),
  nonStandardIp: (v) => isIPv4(v) && !isPrivateIPv4(v),
  invalidIPv6: isIPv6,
  invalidCidr: isCidr,
  invalidFileName: (v) => /^[^.\\/]+\.[A-Za-z]{1,3}$/.test(v),
};

/** A zod string refined by one shared validator; the issue carries `params.key`. */
export function checked(key: ValidatorKey, base: z.ZodString = z.string()) {
  return base.refine(CHECKS[key], { message: VALIDATOR_MESSAGES[key], params: { key } });
}

/** The shared text rule: trimmed length 3–200 (empty allowed), no line breaks. */
export const ShortText = z
  .string()
  .refine(CHECKS.maxlength, { message: VALIDATOR_MESSAGES.maxlength, params: { key: 'maxlength' } })
  .refine(CHECKS.minlength, { message: VALIDATOR_MESSAGES.minlength, params: { key: 'minlength' } })
  .refine(CHECKS.lineBreaks, { message: VALIDATOR_MESSAGES.lineBreaks, params: { key: 'lineBreaks' } });

export const Hostname = checked('invalidHostname');
export const IPv4 = checked('invalidIP');
export const IpRange = checked('invalidIpRange');
export const HostnameOrIp = checked('invalidHostnameOrIp');
export const Domain = checked('invalidDomain');
export const DomainIpOrCidr = checked('invalidDomainIpOrCidr');
export const PortOrPortRange = checked('invalidPortOrPortRange');
export const PemCertificate = checked('invalidCert');
export const HttpUrl = checked('invalidUrl');
export const Email = checked('invalidEmail');
export const UserName = checked('invalidUserName', z.string().min(1));
export const Password = checked('invalidPassword');
export const AbsolutePath = checked('invalidPath');

/** A time zone name the system knows (IANA, such as Europe/Berlin). */
export const isTimeZone = (v: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return v.length > 0;
  } catch {
    return false;
  }
};
