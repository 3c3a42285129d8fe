/**
 * Seeded generator of realistic log events for every log kind. The same plan always yields the same events, so a
 * demo, a test and a benchmark see one data set. Events come per log kind in ascending time, the order in which the
 * store's primary key (tenant_id, log_type, ts, seq) takes them cheapest.
 */
import { compilePolicy, decideOne, type CompiledPolicy } from '../../schemas/evaluate/evaluate';
import { emailEventAction, emailEventRequest, firewallEventRequest, webEventRequest } from '../../schemas/evaluate/fromEvent';
import { ruleRefText, type PolicyDocuments, type PolicyModel } from '../../schemas/evaluate/types';
import type { AuditEvent, DlpEvent, EmailEvent, FirewallEvent, LogType, SaaEvent, WebEvent } from '../../schemas/logs';
import {
  auditKind,
  HEAT_EVASION_TECHNIQUE_LABELS,
  LURE_CATEGORY_LABELS,
  SUB_EVENT_TYPE_LABELS,
  TOP_LEVEL_RISK_LABELS,
  type AlertSubType,
  type AvScanResult,
  type EmailAction,
  type EmailReason,
  type EmailSmtpAction,
  type Risk,
  type WebAction,
} from '../../schemas/logEnums';
import {
  ADMIN_AREAS,
  BROWSERS,
  CATEGORY_GROUP_OF,
  CLOUD_APPS,
  DEVICES,
  DLP_DICTIONARIES,
  DLP_RULES,
  EXTERNAL_MAIL_DOMAINS,
  FILE_TYPES,
  FIREWALL_APPS,
  FIREWALL_RULES,
  FIRST_NAMES,
  GROUPS,
  LAST_NAMES,
  MAIL_SUBJECTS,
  NON_BROWSER_UAS,
  POPULAR_DOMAINS,
  PRIVATE_APPS,
  RESPONSE_RISKS,
  RISKY_DOMAINS,
  TAIL_CATEGORY,
  TAIL_SUFFIXES,
  TAIL_TLDS,
  TAIL_WORDS,
  VULNERABLE_SERVERS,
  WEB_RULES,
} from './catalog';

/** A stored event: the event body without its timestamp, which the store keeps in `ts`. */
type Stored<E> = Omit<E, 'timestamp'>;

/** Share of each log kind in a seeded data set. */
export const LOG_MIX: Readonly<Record<LogType, number>> = {
  web: 0.62,
  email: 0.14,
  fwaas_logs: 0.12,
  saa_logs: 0.06,
  dlp: 0.05,
  audit: 0.01,
};
/** Kinds in the order of the primary key, so that every batch appends at the right edge of the index. */
export const LOG_TYPE_ORDER: readonly LogType[] = ['audit', 'dlp', 'email', 'fwaas_logs', 'saa_logs', 'web'];

export interface GeneratorPlan {
  /** Tenant name, which also names the mail domain of its users. */
  readonly tenantName: string;
  /** User names of the tenant's administrators (audit events). */
  readonly admins: readonly string[];
  readonly total: number;
  /** Events fall in [now - days, now). */
  readonly now: number;
  readonly days: number;
  readonly seed: number;
  /** Users of the tenant; default scales with the total (40 to 500). */
  readonly users?: number;
  /** The tenant's published policy: web and firewall events get the action its rules decide. */
  readonly policy?: GeneratorPolicy;
  /** Only these kinds are generated (default every kind), each as many as in the whole plan. */
  readonly kinds?: readonly LogType[];
}

/**
 * The published revisions of a tenant's policy as plain data (the plan crosses to the seeding thread): the
 * evaluation model and each revision's documents from the moment it was published, oldest first. Events before the
 * first publish are decided by the first revision, the policy in force when the portal's history begins.
 */
export interface GeneratorPolicy {
  readonly model: PolicyModel;
  readonly revisions: readonly { readonly from: number; readonly documents: PolicyDocuments }[];
}

/** What a web event's rule is called when no rule matched and the default web policy decided. */
export const DEFAULT_WEB_RULE = 'Default web policy';
/** And a firewall event's when no firewall rule matched. */
export const DEFAULT_FIREWALL_RULE = 'Default firewall policy';

export interface GeneratedBatch {
  readonly logType: LogType;
  /** [ts epoch ms, event] in ascending ts. */
  readonly rows: [number, Record<string, unknown>][];
}

/** mulberry32: small, fast and good enough for demo data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Picks from weighted items by binary search over the cumulative weights. */
class Weighted<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;
  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    for (const w of weights) this.cumulative.push((sum += w));
    this.total = sum;
  }
  pick(u: number): T {
    const x = u * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}

interface User {
  readonly email: string;
  readonly group: string;
  readonly ip: string;
  readonly homeIp: string;
  readonly browser: number;
  readonly device: string;
}
interface Site {
  readonly domain: string;
  readonly cats: readonly string[];
  readonly groups: readonly string[];
  readonly country: string;
  readonly threat?: string;
  readonly app?: (typeof CLOUD_APPS)[number];
}
interface FileItem {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  readonly sha256: string;
  readonly fileId: string;
  readonly verdict: AvScanResult;
}

const ALERT_RISK: Readonly<Record<AlertSubType, Risk>> = {
  credit_card: 'R',
  ssn: 'R',
  iban: 'Y',
  passport: 'R',
  health_record: 'R',
  source_code: 'Y',
  credentials: 'R',
  confidential: 'Y',
};
const RISKS_BUT_KNOWN = Object.keys(TOP_LEVEL_RISK_LABELS).filter((r) => r !== 'Known Threat');
const TECHNIQUES = Object.keys(HEAT_EVASION_TECHNIQUE_LABELS) as NonNullable<WebEvent['heat_evasion_techniques']>;
const LURES = Object.keys(LURE_CATEGORY_LABELS) as NonNullable<WebEvent['lure_category']>[];
const ALERT_TYPES = Object.keys(DLP_DICTIONARIES) as AlertSubType[];
const SUB_EVENTS = Object.keys(SUB_EVENT_TYPE_LABELS) as DlpEvent['sub_event_type'][];
/** User agents by browser index and version, built once. */
const BROWSER_UAS = BROWSERS.map(([, versions, template]) => versions.map((v) => template.replaceAll('{v}', v)));
const BLOCKED_CATS = new Set(['10', '11', '27', '32', '36', '46', '48', '53', '54', '62', '64']);
const ISOLATED_CATS = new Set(['22', '44', '74', '75', '87', '86', '58']);

/** The state of one generation run: random source, users and weighted pools. */
class EventFactory {
  readonly rnd: () => number;
  readonly users: Weighted<User>;
  readonly sites: Weighted<Site>;
  readonly files: Weighted<FileItem>;
  readonly mailDomain: string;
  private readonly appSites: Site[];
  private messageSeq = 0;
  private revision = 3;
  /** Compiled rules per published revision, made when an event first falls in it. */
  private readonly compiled = new Map<number, CompiledPolicy>();

  constructor(readonly plan: GeneratorPlan) {
    this.rnd = mulberry32(plan.seed ^ hashString(plan.tenantName));
    this.mailDomain = `${plan.tenantName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
    const userCount = plan.users ?? Math.max(40, Math.min(500, Math.round(plan.total / 2000)));
    const users: User[] = [];
    const seen = new Set<string>();
    for (let i = 0; users.length < userCount; i++) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
      const suffix = i >= FIRST_NAMES.length * LAST_NAMES.length ? String(i) : '';
      const email = `${first}.${last}${suffix}@${this.mailDomain}`;
      if (seen.has(email)) continue;
      seen.add(email);
      users.push({
        email,
        group: GROUPS[Math.floor(this.rnd() * GROUPS.length)]!,
        ip: `10.${10 + (i >> 8)}.${i & 255}.${20 + Math.floor(this.rnd() * 200)}`,
        homeIp: this.publicIp(),
        browser: this.pickIndex([55, 22, 10, 13]),
        device: DEVICES[Math.floor(this.rnd() * DEVICES.length)]!,
      });
    }
    // A few heavy users and a long tail of light ones, as in any real organisation.
    this.users = new Weighted(users, users.map((_, i) => 1 / Math.sqrt(i + 1)));

    const appByDomain = new Map(CLOUD_APPS.map((a) => [a[3], a]));
    const sites: Site[] = [];
    const weights: number[] = [];
    POPULAR_DOMAINS.forEach(([domain, cats, country], rank) => {
      sites.push(this.site(domain, cats, country, undefined, appByDomain.get(domain)));
      weights.push(60 / Math.pow(rank + 1, 0.8));
    });
    for (const word of TAIL_WORDS) {
      for (const suffix of TAIL_SUFFIXES) {
        const tld = TAIL_TLDS[hashString(word + suffix) % TAIL_TLDS.length]!;
        const country = tld === 'de' ? 'DE' : tld === 'fr' ? 'FR' : tld === 'co.uk' ? 'GB' : 'US';
        sites.push(this.site(`${word}${suffix}.${tld}`, TAIL_CATEGORY[suffix]!, country));
        weights.push(0.35);
      }
    }
    // Uncategorized and newly observed sites: what isolation exists for.
    for (let i = 0; i < 60; i++) {
      sites.push(this.site(`${TAIL_WORDS[i % TAIL_WORDS.length]}-${(i * 7919).toString(36)}.xyz`, [87], 'US'));
      weights.push(0.12);
    }
    for (const [domain, cats, threat, country] of RISKY_DOMAINS) {
      sites.push(this.site(domain, cats, country, threat));
      weights.push(0.25);
    }
    this.sites = new Weighted(sites, weights);
    this.appSites = sites.filter((s) => s.app);

    const files: FileItem[] = [];
    for (let i = 0; i < 400; i++) {
      const [type, base] = FILE_TYPES[i % FILE_TYPES.length]!;
      const risky = ['exe', 'msi', 'js', 'iso', 'zip'].includes(type);
      const u = this.rnd();
      const verdict: AvScanResult = risky
        ? u < 0.12 ? 'malicious' : u < 0.25 ? 'suspicious' : u < 0.33 ? 'encrypted' : u < 0.35 ? 'error' : 'clean'
        : u < 0.02 ? 'malicious' : u < 0.06 ? 'suspicious' : u < 0.1 ? 'encrypted' : u < 0.12 ? 'unscannable' : 'clean';
      files.push({
        name: `${base} ${2023 + (i % 3)}-${String((i % 12) + 1).padStart(2, '0')}.${type}`,
        type,
        size: Math.floor(20_000 + this.rnd() * (risky ? 80_000_000 : 6_000_000)),
        sha256: this.hex(64),
        fileId: this.hex(24),
        verdict,
      });
    }
    this.files = new Weighted(files, files.map((_, i) => 1 / (i + 1)));
  }

  private site(domain: string, cats: readonly number[], country: string, threat?: string, app?: Site['app']): Site {
    const ids = cats.map(String);
    return { domain, cats: ids, groups: [...new Set(ids.map((c) => CATEGORY_GROUP_OF.get(c) ?? '9'))], country, threat, app };
  }

  pickIndex(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let x = this.rnd() * total;
    for (let i = 0; i < weights.length; i++) if ((x -= weights[i]!) < 0) return i;
    return weights.length - 1;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rnd() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.rnd() < p;
  }
  hex(len: number): string {
    let s = '';
    while (s.length < len) s += Math.floor(this.rnd() * 0x100000000).toString(16).padStart(8, '0');
    return s.slice(0, len);
  }
  publicIp(): string {
    const first = [23, 31, 45, 52, 64, 81, 91, 104, 142, 151, 172, 185, 203][Math.floor(this.rnd() * 13)]!;
    return `${first}.${Math.floor(this.rnd() * 256)}.${Math.floor(this.rnd() * 256)}.${1 + Math.floor(this.rnd() * 254)}`;
  }
  /** Log-normal sizes: a median of `median` bytes with a heavy tail. */
  bytes(median: number): number {
    const n = Math.sqrt(-2 * Math.log(1 - this.rnd())) * Math.cos(2 * Math.PI * this.rnd());
    return Math.max(64, Math.round(median * Math.exp(1.4 * n)));
  }

  /** The published revision's compiled rules in force at `ts`, or undefined without a policy. */
  private policyAt(ts: number): CompiledPolicy | undefined {
    const policy = this.plan.policy;
    if (!policy?.revisions.length) return undefined;
    let i = 0;
    while (i + 1 < policy.revisions.length && policy.revisions[i + 1]!.from <= ts) i++;
    let compiled = this.compiled.get(i);
    if (!compiled) this.compiled.set(i, (compiled = compilePolicy(policy.model, policy.revisions[i]!.documents)));
    return compiled;
  }

  /** Sets a web event's action, rule and deciding rule from the policy in force at `ts`. */
  private decideWeb(event: Stored<WebEvent>, policy: CompiledPolicy, ts: number): void {
    const d = decideOne(policy, 'web', webEventRequest(event), ts)!;
    event.pe_action = d.action as WebAction;
    event.rule_name = d.name ?? DEFAULT_WEB_RULE;
    if (d.area) event.decided_by = ruleRefText(d.area, d.list!, d.key!);
    else delete event.decided_by;
  }

  web(ts = 0): Stored<WebEvent> {
    const user = this.users.pick(this.rnd());
    const site = this.chance(0.06) && this.appSites.length ? this.pick(this.appSites) : this.sites.pick(this.rnd());
    const heat = this.chance(site.threat === 'phishing' ? 0.5 : 0.006);
    let risk: Risk = site.threat ? 'R' : site.groups.includes('1') ? 'Y' : this.chance(0.05) ? 'Y' : this.chance(0.015) ? 'R' : 'G';
    if (heat && risk === 'G') risk = 'Y';
    const risks: string[] = [];
    if (site.threat) risks.push('Known Threat');
    if (risk !== 'G' && !site.threat) risks.push(this.pick(RISKS_BUT_KNOWN));
    const action = this.webAction(site, risk);

    const browserUsed = this.chance(0.88);
    let browser = 'Other';
    let version = '';
    let ua: string;
    let uaType: WebEvent['ua_type'] = 'browser';
    if (browserUsed) {
      const b = this.chance(0.85) ? user.browser : this.pickIndex([55, 22, 10, 13]);
      const [name, versions] = BROWSERS[b]!;
      const v = Math.floor(this.rnd() * versions.length);
      browser = name;
      version = versions[v]!;
      ua = BROWSER_UAS[b]![v]!;
    } else {
      const [agent, type] = this.pick(NON_BROWSER_UAS);
      ua = agent;
      uaType = type;
    }
    const streaming = site.cats.includes('25') || site.cats.includes('60');
    const event: Stored<WebEvent> = {
      userid: user.email,
      group: user.group,
      src_ip: user.ip,
      country: site.country,
      domain: site.domain,
      url: `https://${site.domain}${this.path()}`,
      method: this.chance(0.84) ? 'GET' : this.chance(0.9) ? 'POST' : 'PUT',
      status: action === 'block' ? 403 : this.chance(0.9) ? 200 : this.pick([204, 301, 302, 304, 404, 500]),
      protocol: this.chance(0.94) ? 'https' : this.chance(0.7) ? 'http' : 'wss',
      cats: [...site.cats],
      webroot_cats: [...site.groups],
      pe_action: action,
      rule_name: this.ruleFor(action),
      risk_score: risk,
      top_level_risks: risks as WebEvent['top_level_risks'],
      browser,
      browser_version: version,
      ua_type: uaType,
      'user-agent': ua,
      bytes: action === 'block' ? 1_200 + Math.floor(this.rnd() * 800) : this.bytes(streaming ? 900_000 : 18_000),
      is_casb: site.app !== undefined,
      is_casb_ddl: site.app?.[4] ?? false,
    };
    if (site.threat) event.threat_category = site.threat as WebEvent['threat_category'];
    if (site.app) {
      event.casb_app_name = site.app[0];
      event.casb_cat_name = site.app[1];
      event.casb_profile_type = site.app[2];
    }
    if (risks.includes('Vulnerable Service')) event.vulnerable_servers = this.pick(VULNERABLE_SERVERS);
    if (heat) {
      const first = this.pick(TECHNIQUES);
      const second = this.pick(TECHNIQUES);
      event.heat_evasion_techniques = this.chance(0.3) && second !== first ? [first, second] : [first];
      if (this.chance(0.7)) event.lure_category = this.pick(LURES);
      if (event.pe_action === 'allow' && !this.plan.policy) event.pe_action = 'safeview';
    }
    const policy = this.policyAt(ts);
    if (policy) {
      this.decideWeb(event, policy, ts);
      if (event.pe_action === 'block') {
        event.status = 403;
        event.bytes = 1_200 + Math.floor(this.rnd() * 800);
      }
    }
    if (event.pe_action !== 'block' && this.chance(0.04)) {
      this.attachFile(event);
      // The file's type can bring another rule into play.
      if (policy) this.decideWeb(event, policy, ts);
    }
    return event;
  }

  private webAction(site: Site, risk: Risk): WebAction {
    if (site.threat) return this.chance(0.65) ? 'block' : 'safeview';
    if (site.cats.some((c) => BLOCKED_CATS.has(c))) return this.chance(0.9) ? 'block' : 'warn';
    if (site.cats.some((c) => ISOLATED_CATS.has(c)) || risk === 'Y') return this.chance(0.85) ? 'safeview' : 'readonly';
    if (site.cats.includes('14')) return this.chance(0.3) ? 'readonly' : 'safeview';
    if (site.cats.includes('3')) return this.chance(0.6) ? 'bypass' : 'allow';
    if (site.cats.includes('65') || site.cats.includes('52')) return this.chance(0.25) ? 'direct' : 'allow';
    if (site.cats.includes('25') && this.chance(0.08)) return 'warn';
    const u = this.rnd();
    return u < 0.003 ? 'disable' : u < 0.006 ? 'redirect' : u < 0.3 ? 'safeview' : 'allow';
  }

  private ruleFor(action: WebAction): string {
    switch (action) {
      case 'block':
        return WEB_RULES[2]!;
      case 'safeview':
        return this.chance(0.6) ? WEB_RULES[1]! : WEB_RULES[0]!;
      case 'readonly':
        return WEB_RULES[4]!;
      case 'warn':
        return WEB_RULES[5]!;
      case 'bypass':
        return WEB_RULES[6]!;
      default:
        return this.chance(0.7) ? WEB_RULES[0]! : WEB_RULES[3]!;
    }
  }

  private path(): string {
    const u = this.rnd();
    if (u < 0.3) return '/';
    if (u < 0.55) return `/${this.pick(['news', 'products', 'docs', 'search', 'account', 'api/v2', 'static/js', 'images'])}/${Math.floor(this.rnd() * 9000 + 1000)}`;
    if (u < 0.75) return `/${this.pick(['login', 'signin', 'auth/callback', 'dashboard', 'settings'])}`;
    return `/${this.pick(['assets', 'cdn', 'media'])}/${this.hex(10)}.${this.pick(['js', 'css', 'png', 'jpg', 'woff2', 'json'])}`;
  }

  private attachFile(event: Stored<WebEvent> | Stored<EmailEvent>): void {
    const file = this.files.pick(this.rnd());
    event.file_name = file.name;
    event.file_type = file.type;
    event.file_size = file.size;
    event.sha256 = file.sha256;
    event.file_id = file.fileId;
    event.av_scan_result = file.verdict;
    if (file.verdict === 'encrypted') event.file_decrypted = this.chance(0.6) ? 'success' : this.chance(0.7) ? 'wrong_password' : 'error';
    if (file.verdict === 'malicious' || file.verdict === 'suspicious') event.sandbox = true;
    if ('pe_action' in event) {
      const web = event as Stored<WebEvent>;
      if (['exe', 'msi', 'js', 'iso', 'zip', 'docx', 'xlsx'].includes(file.type) && this.chance(0.5)) {
        web.response_risk = this.pick(RESPONSE_RISKS);
      }
      if (this.chance(0.35)) {
        web.inspection_type = file.type === 'pdf' || file.type === 'docx' || file.type === 'xlsx' ? 'document' : this.chance(0.5) ? 'file' : 'hash';
        web.inspection_action = file.verdict === 'malicious' ? 'block' : file.verdict === 'clean' ? 'allow' : 'inspect';
      }
    }
  }

  email(ts = 0): Stored<EmailEvent> {
    const user = this.users.pick(this.rnd());
    const inbound = this.chance(0.8);
    const external = `${this.pick(['info', 'billing', 'noreply', 'support', 'j.doe', 'anna', 'accounts', 'hr'])}@${this.pick(EXTERNAL_MAIL_DOMAINS)}`;
    const sender = inbound ? external : user.email;
    const recipient = inbound ? user.email : external;
    const urls = this.chance(0.55) ? 1 + Math.floor(this.rnd() * 6) : 0;
    const u = this.rnd();
    const reason: EmailReason = !inbound
      ? 'clean'
      : u < 0.08 ? 'spam' : u < 0.11 ? 'phishing' : u < 0.12 ? 'malware' : u < 0.13 ? 'spoofing' : u < 0.145 ? 'dmarc_fail'
        : u < 0.155 ? 'sender_blocklist' : u < 0.17 ? 'attachment_policy' : u < 0.172 ? 'size_limit' : 'clean';
    let action: EmailAction;
    let smtp: EmailSmtpAction = inbound ? 'accept' : 'relay';
    let risk: Risk = 'G';
    switch (reason) {
      case 'spam':
      case 'spoofing':
      case 'dmarc_fail':
        action = 'quarantine';
        risk = 'Y';
        break;
      case 'phishing':
        action = this.chance(0.5) ? 'block' : 'quarantine';
        risk = 'R';
        break;
      case 'malware':
        action = 'block';
        smtp = this.chance(0.4) ? 'reject' : 'discard';
        risk = 'R';
        break;
      case 'sender_blocklist':
      case 'size_limit':
        action = 'block';
        smtp = 'reject';
        risk = reason === 'size_limit' ? 'G' : 'Y';
        break;
      case 'attachment_policy':
        action = 'safeview';
        risk = 'Y';
        break;
      default:
        action = inbound && urls > 0 && this.chance(0.7) ? 'rewrite' : 'deliver';
        if (inbound && this.chance(0.01)) smtp = 'tempfail';
    }
    const finalReason: EmailReason = action === 'rewrite' ? 'url_rewritten' : reason;
    const attachments = reason === 'attachment_policy' || reason === 'malware' ? 1 + Math.floor(this.rnd() * 2) : this.chance(0.2) ? 1 + Math.floor(this.rnd() * 3) : 0;
    const senderDomain = sender.split('@')[1]!;
    const event: Stored<EmailEvent> = {
      userid: user.email,
      sender,
      recipient,
      domain: senderDomain,
      subject: this.pick(MAIL_SUBJECTS),
      message_id: `<${this.hex(16)}.${++this.messageSeq}@${senderDomain}>`,
      src_ip: inbound ? this.publicIp() : user.ip,
      country: inbound ? this.pick(['US', 'US', 'US', 'GB', 'DE', 'IE', 'NL', 'RU', 'CN', 'NG', 'BR']) : 'US',
      action,
      smtp_action: smtp,
      reason: finalReason,
      risk_score: risk,
      size: reason === 'size_limit' ? 40_000_000 + Math.floor(this.rnd() * 20_000_000) : this.bytes(attachments ? 350_000 : 24_000),
      attachments,
      urls,
      urls_rewritten: action === 'rewrite' ? urls : 0,
    };
    if (reason === 'phishing') {
      event.threat_category = 'phishing';
      event.lure_category = this.pick(LURES);
      if (this.chance(0.35)) event.heat_evasion_techniques = [this.pick(TECHNIQUES)];
    } else if (reason === 'malware') {
      event.threat_category = this.chance(0.7) ? 'malware' : 'ransomware';
    } else if (reason === 'spam') {
      event.threat_category = 'spam';
    }
    if (attachments > 0) {
      this.attachFile(event);
      if (reason === 'malware') event.av_scan_result = 'malicious';
    }
    // Mail no detection stopped is decided by the email policy in force, as "Why?" evaluates it again.
    const policy = reason === 'clean' || reason === 'attachment_policy' ? this.policyAt(ts) : undefined;
    if (policy) this.decideEmail(event, policy, ts);
    return event;
  }

  /** Sets a clean message's action, reason and rewritten links from the email policy in force at `ts`. */
  private decideEmail(event: Stored<EmailEvent>, policy: CompiledPolicy, ts: number): void {
    const d = decideOne(policy, 'email', emailEventRequest(event), ts)!;
    const action = emailEventAction(d.action, event);
    event.action = action;
    event.urls_rewritten = action === 'rewrite' || action === 'safeview' ? event.urls : 0;
    event.reason = action === 'rewrite' ? 'url_rewritten' : d.area === 'email.attachments' && action !== 'deliver' ? 'attachment_policy' : 'clean';
    if (action === 'block') event.smtp_action = 'reject';
  }

  /** An audit event with its kind, as recordAudit (server/audit.ts) stamps it. */
  audit(): Stored<AuditEvent> {
    const event = this.auditAction();
    return { ...event, kind: auditKind(event.action, event.result) };
  }

  private auditAction(): Stored<AuditEvent> {
    const user = this.pick(this.plan.admins);
    const ip = `10.0.${Math.floor(this.rnd() * 4)}.${10 + Math.floor(this.rnd() * 40)}`;
    const u = this.rnd();
    const base = { user, tenant: this.plan.tenantName, ip };
    if (u < 0.36) return { ...base, action: 'login', result: 'success', details: this.chance(0.3) ? 'Single sign-on' : 'Password' };
    if (u < 0.4) return { ...base, action: 'login', result: 'failure', details: 'Wrong user name or password' };
    if (u < 0.62) return { ...base, action: 'logout', result: 'success' };
    if (u < 0.67) return { ...base, action: 'tfa', result: this.chance(0.95) ? 'success' : 'failure', details: 'Authenticator code' };
    if (u < 0.84) return { ...base, action: 'save', result: 'success', area: this.pick(ADMIN_AREAS), rev_id: this.revision };
    if (u < 0.91) return { ...base, action: 'publish', result: 'success', rev_id: this.revision++ };
    if (u < 0.92) return { ...base, action: 'rollback', result: 'success', rev_id: Math.max(1, this.revision - 2) };
    if (u < 0.935) return { ...base, action: 'ssh', result: 'success', details: 'Support session on gateway' };
    const other = this.pick(['password_change', 'user_create', 'user_update', 'user_delete', 'role_update', 'api_token_create', 'log_export']);
    return { ...base, action: other, result: 'success', area: other === 'log_export' ? 'logs.web' : 'settings.users' };
  }

  dlp(): Stored<DlpEvent> {
    const user = this.users.pick(this.rnd());
    const site = this.chance(0.75) && this.appSites.length ? this.pick(this.appSites) : this.sites.pick(this.rnd());
    const alert = this.pick(ALERT_TYPES);
    const subEvent = this.pick(SUB_EVENTS);
    const u = this.rnd();
    const action: DlpEvent['action'] = u < 0.1 ? 'allow' : u < 0.55 ? 'block' : 'log';
    const event: Stored<DlpEvent> = {
      userid: user.email,
      group: user.group,
      src_ip: user.ip,
      domain: site.domain,
      url: `https://${site.domain}${this.path()}`,
      action,
      sub_event_type: subEvent,
      rule_name: this.pick(DLP_RULES),
      dictionary: DLP_DICTIONARIES[alert]!,
      alert_sub_type: alert,
      match_count: 1 + Math.floor(Math.pow(this.rnd(), 3) * 120),
      risk_score: ALERT_RISK[alert],
    };
    if (site.app) event.casb_app_name = site.app[0];
    if (subEvent === 'file_upload' || subEvent === 'file_download' || subEvent === 'email_send') {
      const file = this.files.pick(this.rnd());
      event.file_name = file.name;
      event.file_type = file.type;
    }
    return event;
  }

  firewall(ts = 0): Stored<FirewallEvent> {
    const user = this.users.pick(this.rnd());
    const [application, protocol, port] = FIREWALL_APPS[this.pickIndex([50, 8, 14, 3, 3, 2, 2, 10, 1, 2, 2, 1, 2])]!;
    const privateAccess = ['SSH', 'RDP', 'SMB', 'LDAP', 'Kerberos', 'SQL Server'].includes(application) || this.chance(0.05);
    const u = this.rnd();
    const legacy = application === 'SMB' || application === 'SMTP';
    const action: FirewallEvent['action'] = legacy && u < 0.6 ? 'drop' : u < 0.06 ? 'drop' : u < 0.1 ? 'reject' : u < 0.2 && application === 'HTTPS' ? 'proxy' : 'allow';
    const event: Stored<FirewallEvent> = {
      userid: user.email,
      group: user.group,
      src_ip: user.ip,
      src_port: 49152 + Math.floor(this.rnd() * 16383),
      dst_ip: privateAccess ? `10.200.${Math.floor(this.rnd() * 8)}.${10 + Math.floor(this.rnd() * 50)}` : this.publicIp(),
      dst_port: port,
      protocol,
      application,
      action,
      request_type: privateAccess ? 'private_access' : 'internet',
      rule_name: action === 'drop' || action === 'reject' ? this.pick([FIREWALL_RULES[3]!, FIREWALL_RULES[4]!, FIREWALL_RULES[6]!]) : privateAccess ? FIREWALL_RULES[2]! : action === 'proxy' ? FIREWALL_RULES[5]! : application === 'DNS' ? FIREWALL_RULES[1]! : FIREWALL_RULES[0]!,
      country: privateAccess ? 'US' : this.pick(['US', 'US', 'US', 'IE', 'DE', 'NL', 'GB', 'SG', 'JP', 'RU', 'CN', 'IR']),
      bytes: action === 'allow' || action === 'proxy' ? this.bytes(40_000) : 0,
      duration_ms: action === 'allow' || action === 'proxy' ? Math.floor(this.bytes(900)) : 0,
    };
    const policy = this.policyAt(ts);
    if (policy) {
      const d = decideOne(policy, 'firewall', firewallEventRequest(event), ts)!;
      event.action = d.action as FirewallEvent['action'];
      event.rule_name = d.name ?? DEFAULT_FIREWALL_RULE;
      if (d.area) event.decided_by = ruleRefText(d.area, d.list!, d.key!);
      if (event.action === 'drop' || event.action === 'reject') event.bytes = event.duration_ms = 0;
    }
    return event;
  }

  saa(): Stored<SaaEvent> {
    const user = this.users.pick(this.rnd());
    const [application, host, protocol] = this.pick(PRIVATE_APPS);
    const compliant = this.chance(0.92);
    const u = this.rnd();
    const action: SaaEvent['action'] = !compliant && u < 0.7 ? 'block' : u < 0.04 ? 'auth_required' : u < 0.06 ? 'block' : 'allow';
    return {
      userid: user.email,
      group: user.group,
      src_ip: this.chance(0.8) ? user.homeIp : this.publicIp(),
      application,
      app_host: host,
      protocol,
      action,
      device: user.device,
      posture: compliant ? 'compliant' : 'non_compliant',
      country: this.chance(0.9) ? 'US' : this.pick(['CA', 'GB', 'DE', 'IN', 'MX']),
      bytes: action === 'allow' ? this.bytes(protocol === 'RDP' ? 5_000_000 : 120_000) : 0,
      duration_ms: action === 'allow' ? Math.floor(this.bytes(protocol === 'HTTPS' ? 2_000 : 600_000)) : 0,
    };
  }

  event(type: LogType, ts = 0): Record<string, unknown> {
    switch (type) {
      case 'web':
        return this.web(ts);
      case 'email':
        return this.email(ts);
      case 'audit':
        return this.audit();
      case 'dlp':
        return this.dlp();
      case 'fwaas_logs':
        return this.firewall(ts);
      case 'saa_logs':
        return this.saa();
    }
  }
}

/** Relative traffic of an hour: office hours on weekdays, a little at night and on weekends. */
export function hourWeight(hourStartMs: number): number {
  const d = new Date(hourStartMs);
  const day = d.getUTCDay();
  const hour = d.getUTCHours();
  const weekend = day === 0 || day === 6;
  const office = hour >= 8 && hour < 18 ? 1 : hour >= 6 && hour < 21 ? 0.45 : 0.12;
  return weekend ? office * 0.25 : office;
}

/** Event counts per log kind for a total: the mix, with rounding left-overs given to web. */
export function logCounts(total: number): Record<LogType, number> {
  const counts = {} as Record<LogType, number>;
  let assigned = 0;
  for (const type of LOG_TYPE_ORDER) {
    counts[type] = Math.floor(total * LOG_MIX[type]);
    assigned += counts[type];
  }
  counts.web += total - assigned;
  return counts;
}

/**
 * The events of a plan in batches of at most `batchSize`, kind by kind (LOG_TYPE_ORDER), each kind in ascending
 * time, spread over the hours by `hourWeight`.
 */
export function* generateLogBatches(plan: GeneratorPlan, batchSize = 10_000): Generator<GeneratedBatch> {
  const gen = new EventFactory(plan);
  const hourMs = 3_600_000;
  const start = plan.now - plan.days * 86_400_000;
  const hours: number[] = [];
  for (let h = start; h < plan.now; h += hourMs) hours.push(h);
  const weights = hours.map(hourWeight);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const counts = logCounts(plan.total);
  for (const logType of LOG_TYPE_ORDER) {
    if (plan.kinds && !plan.kinds.includes(logType)) continue;
    const n = counts[logType];
    let rows: [number, Record<string, unknown>][] = [];
    let cumulative = 0;
    let emitted = 0;
    for (let i = 0; i < hours.length; i++) {
      cumulative += weights[i]!;
      const upTo = Math.round((n * cumulative) / totalWeight);
      const inHour = upTo - emitted;
      emitted = upTo;
      if (inHour <= 0) continue;
      const from = hours[i]!;
      const span = Math.min(hourMs, plan.now - from);
      const offsets: number[] = [];
      for (let k = 0; k < inHour; k++) offsets.push(Math.floor(gen.rnd() * span));
      offsets.sort((a, b) => a - b);
      for (const off of offsets) {
        rows.push([from + off, gen.event(logType, from + off)]);
        if (rows.length >= batchSize) {
          yield { logType, rows };
          rows = [];
        }
      }
    }
    if (rows.length) yield { logType, rows };
  }
}
