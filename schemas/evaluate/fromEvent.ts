/**
 * The request a logged event stands for, as the evaluator reads it: the log generator decides an event's action from
 * it, and "Why?" evaluates the same request again, so the two agree.
 */
import type { EmailAction } from '../logEnums';
import type { EmailEvent, FirewallEvent, WebEvent } from '../logs';
import type { EvalRequest } from './types';

type Stored<E> = Omit<E, 'timestamp'> & { readonly timestamp?: string };

/**
 * The request attributes each field of a web event gives (`webEventRequest`): the impact of a publish groups logged
 * requests by the fields whose attributes the policy reads, and a field it leaves out cannot change a verdict.
 */
export const WEB_EVENT_ATTRIBUTES = {
  url: ['url'],
  domain: ['domain'],
  userid: ['user'],
  group: ['groups'],
  src_ip: ['source_ip'],
  cats: ['categories'],
  top_level_risks: ['risks'],
  country: ['country'],
  browser: ['browser'],
  'user-agent': ['user_agent'],
  file_type: ['file_type', 'direction'],
  sha256: ['sha256'],
  casb_app_name: ['application'],
  timestamp: ['time'],
} as const satisfies Partial<Record<keyof WebEvent, readonly (keyof EvalRequest)[]>>;
export type WebRequestField = keyof typeof WEB_EVENT_ATTRIBUTES;

/**
 * A web event's request: who, from where, to which site and categories, with which browser and file, when. Of an
 * event with only some of its fields (a request shape of the impact), the request those fields give.
 */
export function webEventRequest(e: Partial<Stored<WebEvent>>): EvalRequest {
  return {
    url: e.url,
    domain: e.domain,
    user: e.userid,
    groups: e.group ? [e.group] : [],
    source_ip: e.src_ip,
    categories: e.cats,
    risks: e.top_level_risks,
    country: e.country,
    browser: e.browser?.toLowerCase(),
    user_agent: e['user-agent'],
    ...(e.file_type ? { file_type: e.file_type, direction: 'download' as const } : {}),
    ...(e.sha256 ? { sha256: e.sha256 } : {}),
    ...(e.casb_app_name ? { application: e.casb_app_name } : {}),
    ...(e.timestamp ? { time: e.timestamp } : {}),
  };
}

/** A firewall event's request: user, addresses, destination country, request type and application, when. */
export function firewallEventRequest(e: Stored<FirewallEvent>): EvalRequest {
  return {
    user: e.userid,
    groups: e.group ? [e.group] : [],
    source_ip: e.src_ip,
    dest_ip: e.dst_ip,
    country: e.country,
    request_type: e.request_type,
    application: e.application,
    ...(e.timestamp ? { time: e.timestamp } : {}),
  };
}

/**
 * An email event's request: sender and its domain, the recipient, the attachment (its name and type) and, for mail
 * with links, the message's risk as the link risk, when. The recipient's mail groups are not logged.
 */
export function emailEventRequest(e: Stored<EmailEvent>): EvalRequest {
  return {
    sender: e.sender,
    sender_domain: e.domain,
    recipient: e.recipient,
    ...(e.file_name ? { file_name: e.file_name } : {}),
    ...(e.file_type ? { file_type: e.file_type } : {}),
    ...(e.urls > 0 ? { link_risk: e.risk_score } : {}),
    ...(e.timestamp ? { time: e.timestamp } : {}),
  };
}

/**
 * What the email gateway logs for a message the email policy decided `action` for: the decision's words are the
 * policy's (isolate read-only, links only, ...), the log's are what happened to this message, which depends on whether
 * it had attachments and links. Isolating attachments logs "Attachments isolated", isolating only links "Delivered with
 * links rewritten" (or "Delivered" without links); removing an attachment logs it isolated, as nothing of it reaches
 * the recipient either way.
 */
export function emailEventAction(action: string, message: { readonly attachments: number; readonly urls: number }): EmailAction {
  const links = message.urls > 0;
  const files = message.attachments > 0;
  switch (action) {
    case 'block':
    case 'quarantine':
      return action;
    case 'strip':
    case 'isolate_attachments':
      return files ? 'safeview' : 'deliver';
    case 'read_only':
    case 'isolate':
    case 'safeview':
      return files ? 'safeview' : links ? 'rewrite' : 'deliver';
    case 'isolate_links':
      return links ? 'rewrite' : 'deliver';
    default:
      return 'deliver';
  }
}
