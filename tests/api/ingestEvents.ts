/** Events as an enforcement node sends them to the ingestion calls, and the calls' NDJSON, for tests and the bench. */
import type { EmailEvent, WebEvent } from '../../schemas/logs';

export const INGEST_PATH = (type: string) => `/api/logs/v1/ingest/${type}`;
export const ndjson = (events: readonly unknown[]) => ({ data: events.map((e) => JSON.stringify(e)).join('\n') + '\n', type: 'application/x-ndjson' });
export const ingestAuth = (secret: string) => ({ authorization: `IngestToken ${secret}` });

/** A web event at `ms` to `domain`, its URL made unique by `id`. */
export function webEvent(ms: number, domain: string, id: string): WebEvent {
  return {
    timestamp: new Date(ms).toISOString(),
    userid: 'ingest.user@example.com',
    group: 'Sales',
    src_ip: '10.1.2.3',
    country: 'DE',
    domain,
    url: `https://${domain}/${id}`,
    method: 'GET',
    status: 200,
    protocol: 'https',
    cats: ['50'],
    webroot_cats: ['1'],
    pe_action: 'allow',
    rule_name: 'Default',
    risk_score: 'G',
    top_level_risks: [],
    browser: 'Firefox',
    browser_version: '133',
    ua_type: 'browser',
    'user-agent': 'Mozilla/5.0',
    bytes: 1234,
    is_casb: false,
    is_casb_ddl: false,
  };
}

/** An email event at `ms` from `sender`, identified by its message id. */
export function emailEvent(ms: number, sender: string, messageId: string): EmailEvent {
  return {
    timestamp: new Date(ms).toISOString(),
    userid: 'ingest.user@example.com',
    sender,
    recipient: 'ingest.user@example.com',
    domain: sender.split('@')[1] ?? 'example.com',
    subject: 'Quarterly figures',
    message_id: messageId,
    src_ip: '192.0.2.10',
    country: 'US',
    action: 'deliver',
    smtp_action: 'accept',
    reason: 'clean',
    risk_score: 'G',
    size: 2048,
    attachments: 0,
    urls: 1,
    urls_rewritten: 0,
  };
}
