/**
 * Customization for web, email and DLP (spec 000 §3, §7: `customization/{web,email,dlp}`). The spec names the calls
 * only; the fields are what an administrator brands and words: the logo address, the colours (the colour enumeration
 * of spec 000 §3), and the texts of block pages, banners and notifications. Texts may use the placeholders listed in
 * CUSTOMIZATION_TOKENS; any other {placeholder} is refused.
 */
import { z } from 'zod';
import { COLOUR_LABELS } from '../logEnums';
import { Email, ShortText, VALIDATOR_MESSAGES, isUrl } from '../validators';
import { enumFromLabels } from './common';

/**
 * Placeholders the texts may use; the service fills them in when it shows the page. `{company}` is the tenant's name,
 * so the default texts name the reader's own organisation, never another tenant.
 */
export const CUSTOMIZATION_TOKENS = ['{url}', '{category}', '{user}', '{reason}', '{rule}', '{support}', '{sender}', '{company}'] as const;

const tokensOk = (v: string) => (v.match(/\{[^}]*\}/g) ?? []).every((t) => (CUSTOMIZATION_TOKENS as readonly string[]).includes(t));
const placeholderIssue = { message: `Use only the placeholders ${CUSTOMIZATION_TOKENS.join(', ')}.`, params: { key: 'unknownPlaceholder' } };

/** A one-line title: the shared text rule, with placeholders. */
const Title = (title: string, fallback: string) =>
  ShortText.max(200, { message: VALIDATOR_MESSAGES.maxlength }).refine(tokensOk, placeholderIssue).default(fallback).meta({ title });
/** A message of a few paragraphs. */
const Message = (title: string, fallback: string, max = 2000) =>
  z.string().max(max, { message: `Use at most ${max} characters.` }).refine(tokensOk, placeholderIssue).default(fallback).meta({ title });

export const LogoUrl = z
  .string()
  .max(2048, { message: VALIDATOR_MESSAGES.invalidUrl })
  .refine((v) => v === '' || (isUrl(v) && v.toLowerCase().startsWith('https://')), {
    message: 'Enter an https:// address of 8 to 2048 characters, or leave it empty for the default logo.',
    params: { key: 'invalidUrl' },
  })
  .default('')
  .meta({ title: 'Logo address', description: 'An https:// image (PNG or SVG, about 200 × 50 px); empty: the product logo' });

export const ColourChoice = (title: string, fallback: keyof typeof COLOUR_LABELS) => enumFromLabels(COLOUR_LABELS, title).default(fallback);

const supportEmail = z.union([z.literal(''), Email.max(254)]).default('').meta({ title: 'Support address', description: 'Replaces {support}' });

export const WebCustomizationDocument = z.strictObject({
  logo_url: LogoUrl,
  primary_colour: ColourChoice('Primary colour', 'blue'),
  support_email: supportEmail,
  block_page: z
    .strictObject({
      title: Title('Title', 'This page is blocked'),
      message: Message('Message', 'Access to {url} ({category}) is blocked by the {company} web policy. Contact {support} if you need it for your work.'),
      show_reason: z.boolean().default(true).meta({ title: 'Show the reason and rule' }),
    })
    .prefault({})
    .meta({ title: 'Block page' }),
  warn_page: z
    .strictObject({
      title: Title('Title', 'Proceed with care'),
      message: Message('Message', '{url} may be unsafe or against policy. Continue only if you need it for your work.'),
      button: ShortText.min(1).max(40, { message: 'Use at most 40 characters.' }).default('Continue').meta({ title: 'Button' }),
    })
    .prefault({})
    .meta({ title: 'Warning page' }),
  isolation_banner: z
    .strictObject({
      enabled: z.boolean().default(false).meta({ title: 'Show a banner on isolated pages' }),
      text: Title('Banner text', 'This page is opened in isolation for your protection.'),
      colour: ColourChoice('Banner colour', 'blue'),
    })
    .prefault({})
    .meta({ title: 'Isolation banner' }),
});
export type WebCustomizationDocument = z.infer<typeof WebCustomizationDocument>;

export const EmailCustomizationDocument = z.strictObject({
  logo_url: LogoUrl,
  support_email: supportEmail,
  external_banner_colour: ColourChoice('Banner colour', 'orange'),
  link_warning: z
    .strictObject({
      title: Title('Title', 'Check this link before you continue'),
      message: Message('Message', 'This link in a message from {sender} opens {url} in isolation. Never enter your password on a page you reached from an email.'),
    })
    .prefault({})
    .meta({ title: 'Link warning page' }),
  attachment_notice: Message('Safe attachment notice', 'This attachment was converted to a safe view. Ask {support} if you need the original.', 1000),
  quarantine_notice: Message('Quarantine digest text', 'These messages to you were held because they may be harmful. Request their release only if you expected them.', 1000),
});
export type EmailCustomizationDocument = z.infer<typeof EmailCustomizationDocument>;

export const DlpCustomizationDocument = z.strictObject({
  colour: ColourChoice('Notification colour', 'red'),
  block: z
    .strictObject({
      title: Title('Title', 'Upload blocked'),
      message: Message('Message', 'This content matches the data protection rule "{rule}" and cannot leave {company}. Contact {support} if this is a mistake.'),
    })
    .prefault({})
    .meta({ title: 'Block notification' }),
  log: z
    .strictObject({
      enabled: z.boolean().default(false).meta({ title: 'Tell the user when content is logged' }),
      message: Message('Message', 'This content matches the data protection rule "{rule}" and was recorded.'),
    })
    .prefault({})
    .meta({ title: 'Log notification' }),
  support_email: supportEmail,
});
export type DlpCustomizationDocument = z.infer<typeof DlpCustomizationDocument>;
