/**
 * The conditions a rule can match on (spec 002 §3 condition keys), with the shared validators of their values.
 * Shared by the exception-style policy areas.
 */
import { z } from 'zod';
import { TextMatch, labelledEnum } from '../enums';
import { CHECKS, Domain, IpRange, VALIDATOR_MESSAGES, isCidr, isIPv4, isValidRegex } from '../validators';

const MAX_VALUES = 1000;
const list = <T extends z.ZodType>(item: T, title: string, description?: string) =>
  z.array(item).max(MAX_VALUES, { message: `Use at most ${MAX_VALUES} values.` }).optional().meta({ title, description });

/** IPv4 address or CIDR block. */
export const IpOrCidr = z
  .string()
  .refine((v) => isIPv4(v) || isCidr(v), {
    message: 'Enter an IPv4 address or a CIDR block such as 10.0.0.0/8.',
    params: { key: 'invalidCidr' },
  });

/** A text pattern; a regular expression must compile. */
export const TextPattern = z
  .strictObject({
    match: TextMatch,
    value: z.string().min(1, { message: 'Enter a value.' }).max(2048, { message: 'Use at most 2048 characters.' }).meta({ title: 'Value' }),
  })
  .superRefine((p, ctx) => {
    if (p.match === 'regex' && !isValidRegex(p.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: VALIDATOR_MESSAGES.invalidRegex, params: { key: 'invalidRegex' } });
    }
    if (!CHECKS.lineBreaks(p.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: VALIDATOR_MESSAGES.lineBreaks, params: { key: 'lineBreaks' } });
    }
  });

export const Browser = labelledEnum(
  ['chrome', 'edge', 'firefox', 'safari', 'other'],
  { chrome: 'Google Chrome', edge: 'Microsoft Edge', firefox: 'Mozilla Firefox', safari: 'Apple Safari', other: 'Other' },
  { title: 'Browser' },
);

export const Entity = z.strictObject({
  type: labelledEnum(['user', 'group'], { user: 'User', group: 'Group' }, { title: 'Type' }),
  name: z.string().min(1).max(256).meta({ title: 'Name' }),
});

/** ISO 3166-1 alpha-2 country code. */
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, { message: 'Use a two-letter country code such as US.' });

/** The condition keys of spec 002 §3 with their value lists. */
const CONDITION_SHAPE = {
  source_ips: list(IpOrCidr, 'Source IPs', 'IPv4 addresses or CIDR blocks of the users'),
  dest_ips: list(IpOrCidr, 'Destination IPs', 'IPv4 addresses or CIDR blocks of the sites'),
  source_ip_ranges: list(IpRange, 'Source IP ranges', 'Ranges such as 192.0.2.1-192.0.2.20'),
  dest_ip_ranges: list(IpRange, 'Destination IP ranges'),
  browser: list(Browser, 'Browsers'),
  user_agent: list(TextPattern, 'User agent'),
  threats: list(z.string().min(1).max(64), 'Risks', 'Risk types of the site, such as Malware, Phishing or Vulnerable Service'),
  categories: list(z.string().min(1).max(64), 'Web categories'),
  geo_ip: list(CountryCode, 'Destination countries'),
  uri: list(TextPattern, 'URL'),
  domain: list(Domain, 'Domains', 'Domains such as example.com or *.example.com'),
  fileTypes: list(z.string().min(1).max(64), 'File types'),
  entities: list(Entity, 'Users and groups'),
};

/** Conditions over these keys: every key is optional, and at least one must hold a value. */
const conditionsOf = <S extends Record<string, z.ZodOptional<z.ZodArray<z.ZodType>>>>(shape: S) =>
  z
    .strictObject(shape)
    .superRefine((c, ctx) => {
      if (!Object.keys(shape).some((k) => ((c as Record<string, unknown[] | undefined>)[k]?.length ?? 0) > 0)) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'Add at least one condition.',
          params: { key: 'conditionRequired' },
        });
      }
    })
    .meta({ title: 'Match conditions' });

/**
 * What a rule matches on. Every key is optional, and a rule needs at least one non-empty condition: an exception that
 * matches everything would silently change the whole policy.
 */
export const RuleConditions = conditionsOf(CONDITION_SHAPE);
export type RuleConditions = z.infer<typeof RuleConditions>;

/** Row position change of a table (spec 002 §3): the rule id, where it was and where it went. */
export const ReorderingEvent = z.strictObject({
  item: z.string().min(1).max(64),
  currPosition: z.number().int().nonnegative(),
  newPosition: z.number().int().nonnegative(),
});

/** A SHA-256 file hash: 64 hexadecimal digits. */
export const Sha256 = z.string().refine((v) => /^[0-9a-fA-F]{64}$/.test(v), {
  message: 'Enter a SHA-256 hash: 64 characters 0-9 and a-f.',
  params: { key: 'invalidSha256' },
});

/**
 * The conditions of an inspection exception: those of every exception plus the files' SHA-256 hashes (spec 000 §3
 * inspection type "hash"), so a known file can be marked clean or infected by its hash alone.
 */
export const InspectionConditions = conditionsOf({
  ...CONDITION_SHAPE,
  sha256: list(Sha256, 'File hashes (SHA-256)', 'Files whose SHA-256 hash is one of these'),
});
export type InspectionConditions = z.infer<typeof InspectionConditions>;
