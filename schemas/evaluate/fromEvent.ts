/**
 * The request a logged event stands for, as the evaluator reads it: the log generator decides an event's action from
 * it, and "Why?" evaluates the same request again, so the two agree.
 */
import type { EmailEvent, FirewallEvent, WebEvent } from '../logs';
import type { EvalRequest } from './types';

type Stored<E> = Omit<E, 'timestamp'> & { readonly timestamp?: string };

/** A web event's request: who, from where, to which site and categories, with which browser and file, when. */
export function webEventRequest(e: Stored<WebEvent>): EvalRequest {
  return {
    url: e.url,
    domain: e.domain,
    user: e.userid,
    groups: e.group ? [e.group] : [],
    source_ip: e.src_ip,
    categories: e.cats,
    risks: e.top_level_risks,
    country: e.country,
    browser: e.browser.toLowerCase(),
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
