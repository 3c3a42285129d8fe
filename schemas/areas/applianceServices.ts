/**
 * Settings of the isolation services an on-premises appliance runs (spec 000 §2 routes `web` and `safemail`, spec 002
 * §7 `/api/v1/settings/{web, safemail, attachments}`).
 *
 * Design note for auditors: the documents name these calls ("GET/PUT is implied") and nothing of their content. The
 * fields below are our design of what an administrator of such an appliance sets: how users reach the web isolation
 * service and what it lets them do, and which mail the mail isolation service protects and how it treats links and
 * attachments. Every field has a default, so a new appliance reads a complete document before anything was saved.
 */
import { z } from 'zod';
import { labelledEnum } from '../enums';
import { Domain, HostnameOrIp, PORT_MAX, PORT_MIN, ShortText } from '../validators';
import { listOf, Token } from './common';

const Port = (title: string, fallback: number, description?: string) =>
  z
    .number()
    .int({ message: 'Enter a whole number.' })
    .min(PORT_MIN, { message: `Use a port from ${PORT_MIN} to ${PORT_MAX}.` })
    .max(PORT_MAX, { message: `Use a port from ${PORT_MIN} to ${PORT_MAX}.` })
    .default(fallback)
    .meta({ title, ...(description ? { description } : {}) });

const Bounded = (title: string, min: number, max: number, fallback: number, unit: string, description?: string) =>
  z
    .number()
    .int({ message: 'Enter a whole number.' })
    .min(min, { message: `Use ${min} to ${max} ${unit}.` })
    .max(max, { message: `Use ${min} to ${max} ${unit}.` })
    .default(fallback)
    .meta({ title, description: description ? `${description} (${min} to ${max} ${unit})` : `${min} to ${max} ${unit}` });

const Flag = (title: string, fallback: boolean, description?: string) =>
  z.boolean().default(fallback).meta({ title, ...(description ? { description } : {}) });

// ---- web isolation service ----------------------------------------------------------------------------------------

export const UnmatchedWebAction = labelledEnum(
  ['isolate', 'allow', 'block'],
  { isolate: 'Isolate', allow: 'Allow', block: 'Block' },
  { title: 'Sites no rule matches', description: 'What happens to a site that no web policy rule decides' },
);

export const WebServiceDocument = z.strictObject({
  explicit_proxy: Flag('Explicit proxy', true, 'Browsers and PAC files send their traffic to this appliance'),
  proxy_port: Port('Proxy port', 3128, 'Port browsers connect to as their proxy'),
  transparent_proxy: Flag('Transparent proxy', false, 'Traffic redirected by the network (WCCP, policy routing) is accepted as well'),
  unmatched_action: UnmatchedWebAction.default('isolate'),
  sessions_per_user: Bounded('Isolated tabs per user', 1, 50, 10, 'tabs', 'Tabs one user can have isolated at once; older ones close first'),
  idle_minutes: Bounded('Close an idle isolated tab after', 5, 480, 30, 'minutes'),
  allow_printing: Flag('Printing from isolated pages', true),
  allow_clipboard_out: Flag('Copying text out of isolated pages', false, 'Off: users can paste into isolated pages but not copy out of them'),
  document_viewer: Flag('Open documents in the isolated viewer', true, 'PDF and Office files open as a view in the browser instead of downloading'),
  max_download_mb: Bounded('Largest download', 1, 2000, 200, 'MB'),
});
export type WebServiceDocument = z.infer<typeof WebServiceDocument>;

// ---- mail isolation service ---------------------------------------------------------------------------------------

export const MailLinkAction = labelledEnum(
  ['isolate', 'read_only', 'allow'],
  { isolate: 'Open in isolation', read_only: 'Open in isolation, read-only', allow: 'Leave unchanged' },
  { title: 'Links in messages', description: 'How links in delivered messages open; read-only pages accept no typing, which stops credential phishing' },
);

export const SafemailDocument = z.strictObject({
  protected_domains: z
    .array(Domain)
    .max(500, { message: 'Use at most 500 entries.' })
    .default([])
    .meta({ title: 'Protected mail domains', description: 'Mail for these domains passes through the service; mail for any other domain is refused' }),
  downstream_host: z
    .union([z.literal(''), HostnameOrIp])
    .default('')
    .meta({ title: 'Deliver to', description: 'Host name or IPv4 address of the mail server that receives the processed mail' }),
  downstream_port: Port('Delivery port', 25),
  link_action: MailLinkAction.default('read_only'),
  banner: ShortText.max(200, { message: 'Use at most 200 characters.' })
    .default('')
    .meta({ title: 'Warning banner', description: 'Shown at the top of messages from outside senders; empty: no banner' }),
  max_message_mb: Bounded('Largest message', 1, 150, 50, 'MB', 'Larger messages are refused with a bounce'),
});
export type SafemailDocument = z.infer<typeof SafemailDocument>;

export const AttachmentAction = labelledEnum(
  ['isolate', 'convert', 'allow', 'block'],
  { isolate: 'Open in the isolated viewer', convert: 'Replace with a safe PDF', allow: 'Deliver unchanged', block: 'Remove' },
  { title: 'Attachment handling', description: 'What recipients get for an attachment of a type not listed as removed' },
);
export const EncryptedAttachmentAction = labelledEnum(
  ['ask', 'allow', 'block'],
  { ask: 'Ask the recipient for the password, then isolate', allow: 'Deliver unchanged', block: 'Remove' },
  { title: 'Password-protected attachments' },
);

export const AttachmentsDocument = z.strictObject({
  action: AttachmentAction.default('isolate'),
  encrypted_action: EncryptedAttachmentAction.default('ask'),
  keep_original_for_admins: Flag('Keep the original for administrators', true, 'Administrators can release the original file when a recipient asks'),
  blocked_types: listOf(Token, 'Types always removed', 200, 'File extensions without the dot, such as exe or js'),
  max_attachment_mb: Bounded('Largest attachment', 1, 100, 25, 'MB', 'Larger attachments are removed'),
});
export type AttachmentsDocument = z.infer<typeof AttachmentsDocument>;
