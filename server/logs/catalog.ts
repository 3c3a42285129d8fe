/**
 * Reference data of the log store: the category lists served under /api/policy/v1/{name}, and the domains,
 * applications, rules and user agents the event generator draws from. Plain data, shared by the generator and the
 * handlers so that every category id an event carries has a label.
 */
import { COUNTRY_CODES, countryName } from '../../schemas/logEnums';
import type { Category, CategoryListName } from '../../schemas/logs';
import { V2_ONLY_CATEGORY_IDS } from '../../schemas/reports';

/** Category groups (webroot_cats). */
export const CATEGORY_GROUPS: readonly Category[] = [
  { value: '1', label: 'Security Risk' },
  { value: '2', label: 'Legal Liability' },
  { value: '3', label: 'Productivity Loss' },
  { value: '4', label: 'Bandwidth Heavy' },
  { value: '5', label: 'Business and Work' },
  { value: '6', label: 'Communication' },
  { value: '7', label: 'Information and Reference' },
  { value: '8', label: 'Lifestyle' },
  { value: '9', label: 'Infrastructure' },
];

/** Web categories: id, label, group id. Ids 85–88 exist only in the v2 list; 88 is the hidden Private Access. */
const CATEGORY_ROWS: readonly (readonly [number, string, string])[] = [
  [1, 'Real Estate', '8'], [2, 'Computer and Internet Security', '5'], [3, 'Financial Services', '5'],
  [4, 'Business and Economy', '5'], [5, 'Computer and Internet Info', '7'], [6, 'Auctions', '3'], [7, 'Shopping', '3'],
  [8, 'Cult and Occult', '2'], [9, 'Travel', '8'], [10, 'Abused Drugs', '2'], [11, 'Adult and Pornography', '2'],
  [12, 'Home and Garden', '8'], [13, 'Military', '7'], [14, 'Social Networking', '6'], [15, 'Dead Sites', '9'],
  [16, 'Stock Advice and Tools', '5'], [17, 'Training and Tools', '5'], [18, 'Dating', '8'], [19, 'Sex Education', '8'],
  [20, 'Religion', '8'], [21, 'Entertainment and Arts', '3'], [22, 'Personal Sites and Blogs', '7'], [23, 'Legal', '7'],
  [24, 'Local Information', '7'], [25, 'Streaming Media', '4'], [26, 'Job Search', '3'], [27, 'Gambling', '2'],
  [28, 'Translation', '7'], [29, 'Reference and Research', '7'], [30, 'Shareware and Freeware', '4'],
  [31, 'Peer to Peer', '4'], [32, 'Marijuana', '2'], [33, 'Hacking', '1'], [34, 'Games', '3'],
  [35, 'Philosophy and Political Advocacy', '7'], [36, 'Weapons', '2'], [37, 'Pay to Surf', '3'],
  [38, 'Hunting and Fishing', '8'], [39, 'Society', '7'], [40, 'Educational Institutions', '7'],
  [41, 'Online Greeting Cards', '3'], [42, 'Sports', '3'], [43, 'Swimsuits and Intimate Apparel', '2'],
  [44, 'Questionable', '1'], [45, 'Kids', '8'], [46, 'Hate and Racism', '2'], [47, 'Personal Storage', '4'],
  [48, 'Violence', '2'], [49, 'Keyloggers and Monitoring', '1'], [50, 'Search Engines', '7'], [51, 'Internet Portals', '7'],
  [52, 'Web Advertisements', '9'], [53, 'Cheating', '2'], [54, 'Gross', '2'], [55, 'Web-based Email', '6'],
  [56, 'Malware Sites', '1'], [57, 'Phishing and Other Frauds', '1'], [58, 'Proxy Avoidance and Anonymizers', '1'],
  [59, 'Spyware and Adware', '1'], [60, 'Music', '4'], [61, 'Government', '7'], [62, 'Nudity', '2'],
  [63, 'News and Media', '7'], [64, 'Illegal', '2'], [65, 'Content Delivery Networks', '9'],
  [66, 'Internet Communications', '6'], [67, 'Bot Nets', '1'], [68, 'Abortion', '7'], [69, 'Health and Medicine', '7'],
  [70, 'Confirmed SPAM Sources', '1'], [71, 'SPAM URLs', '1'], [72, 'Unconfirmed SPAM Sources', '1'],
  [73, 'Open HTTP Proxies', '1'], [74, 'Dynamically Generated Content', '9'], [75, 'Parked Domains', '9'],
  [76, 'Alcohol and Tobacco', '2'], [77, 'Private IP Addresses', '9'], [78, 'Image and Video Search', '7'],
  [79, 'Fashion and Beauty', '8'], [80, 'Recreation and Hobbies', '8'], [81, 'Motor Vehicles', '8'],
  [82, 'Web Hosting', '9'], [83, 'Software Downloads', '4'], [84, 'Collaboration Tools', '5'],
  [85, 'Generative AI', '5'], [86, 'Cryptocurrency', '3'], [87, 'Newly Observed Domains', '1'], [88, 'Private Access', '9'],
];

export const CATEGORIES_V2: readonly Category[] = CATEGORY_ROWS.map(([id, label]) => ({ value: String(id), label }));
export const CATEGORIES_V1: readonly Category[] = CATEGORIES_V2.filter(
  (c) => !(V2_ONLY_CATEGORY_IDS as readonly string[]).includes(c.value),
);
export const CATEGORY_GROUP_OF: ReadonlyMap<string, string> = new Map(CATEGORY_ROWS.map(([id, , g]) => [String(id), g]));
export const CATEGORY_LABEL_OF: ReadonlyMap<string, string> = new Map(CATEGORIES_V2.map((c) => [c.value, c.label]));

/** Every list served under /api/policy/v1/{name}, before the hidden category is dropped. */
export function categoryList(name: CategoryListName): readonly Category[] {
  switch (name) {
    case 'cats':
      return CATEGORIES_V1;
    case 'cats_v2':
      return CATEGORIES_V2;
    case 'webroot_cats':
      return CATEGORY_GROUPS;
    case 'country_codes':
      return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) }));
  }
}

/** Popular sites with their category ids and the country they are served from. */
export const POPULAR_DOMAINS: readonly (readonly [string, readonly number[], string])[] = [
  ['google.com', [50], 'US'], ['www.google.com', [50], 'US'], ['microsoft.com', [5], 'US'], ['office.com', [84], 'US'],
  ['outlook.office365.com', [55], 'US'], ['login.microsoftonline.com', [5], 'US'], ['teams.microsoft.com', [84], 'US'],
  ['youtube.com', [25], 'US'], ['googlevideo.com', [25, 65], 'US'], ['linkedin.com', [14, 26], 'US'],
  ['facebook.com', [14], 'US'], ['instagram.com', [14], 'US'], ['x.com', [14], 'US'], ['reddit.com', [14], 'US'],
  ['wikipedia.org', [29], 'US'], ['amazon.com', [7], 'US'], ['ebay.com', [6, 7], 'US'], ['apple.com', [5], 'US'],
  ['icloud.com', [47], 'US'], ['github.com', [84, 5], 'US'], ['stackoverflow.com', [5], 'US'],
  ['salesforce.com', [4, 84], 'US'], ['slack.com', [84, 66], 'US'], ['zoom.us', [66], 'US'],
  ['dropbox.com', [47], 'US'], ['box.com', [47, 84], 'US'], ['drive.google.com', [47], 'US'],
  ['docs.google.com', [84], 'US'], ['mail.google.com', [55], 'US'], ['atlassian.net', [84], 'AU'],
  ['cloudfront.net', [65], 'US'], ['akamaized.net', [65], 'US'], ['fastly.net', [65], 'US'],
  ['doubleclick.net', [52], 'US'], ['googlesyndication.com', [52], 'US'], ['adnxs.com', [52], 'US'],
  ['bbc.co.uk', [63], 'GB'], ['cnn.com', [63], 'US'], ['nytimes.com', [63], 'US'], ['reuters.com', [63], 'GB'],
  ['spiegel.de', [63], 'DE'], ['lemonde.fr', [63], 'FR'], ['bloomberg.com', [3, 63], 'US'],
  ['chase.com', [3], 'US'], ['paypal.com', [3], 'US'], ['netflix.com', [25], 'US'], ['spotify.com', [60], 'SE'],
  ['twitch.tv', [25, 34], 'US'], ['booking.com', [9], 'NL'], ['expedia.com', [9], 'US'], ['weather.com', [24], 'US'],
  ['indeed.com', [26], 'US'], ['espn.com', [42], 'US'], ['webmd.com', [69], 'US'], ['irs.gov', [61], 'US'],
  ['gov.uk', [61], 'GB'], ['deepl.com', [28], 'DE'], ['chatgpt.com', [85], 'US'], ['openai.com', [85], 'US'],
  ['claude.ai', [85], 'US'], ['gemini.google.com', [85], 'US'], ['coinbase.com', [86], 'US'],
  ['binance.com', [86], 'MT'], ['wetransfer.com', [47], 'NL'], ['mega.nz', [47], 'NZ'], ['steampowered.com', [34], 'US'],
  ['bet365.com', [27], 'GB'], ['tiktok.com', [14, 25], 'SG'], ['whatsapp.com', [66], 'US'], ['telegram.org', [66], 'AE'],
  ['aws.amazon.com', [82, 5], 'US'], ['azure.com', [82, 5], 'US'], ['download.mozilla.org', [83], 'US'],
  ['windowsupdate.com', [83], 'US'], ['adobe.com', [83, 5], 'US'], ['yahoo.com', [51], 'US'], ['bing.com', [50], 'US'],
  ['duckduckgo.com', [50], 'US'], ['imdb.com', [21], 'US'], ['etsy.com', [7], 'US'], ['zillow.com', [1], 'US'],
  ['autotrader.com', [81], 'US'], ['nasa.gov', [61, 29], 'US'], ['mit.edu', [40], 'US'], ['coursera.org', [17, 40], 'US'],
];

/** Sites that carry threats: domain, category ids, threat category, country. */
export const RISKY_DOMAINS: readonly (readonly [string, readonly number[], string, string])[] = [
  ['secure-login-verify.xyz', [57], 'phishing', 'RU'], ['office365-auth-portal.top', [57], 'phishing', 'NG'],
  ['docusign-review.click', [57], 'phishing', 'CN'], ['paypa1-support.info', [57], 'phishing', 'VN'],
  ['update-flashplayer.biz', [56], 'malware', 'RU'], ['cdn-fileshare.ru', [56], 'malware', 'RU'],
  ['invoice-download.cc', [56], 'ransomware', 'UA'], ['free-vpn-unblock.net', [58], 'proxy_avoidance', 'PA'],
  ['coinminer-pool.io', [59], 'cryptomining', 'KP'], ['tracker-beacon.xyz', [59], 'spyware', 'CN'],
  ['c2-relay.duckdns.org', [67], 'c&c', 'IR'], ['botnet-gate.ws', [67], 'botnet', 'BR'],
  ['exploit-landing.top', [56], 'exploit', 'RO'], ['cheap-pills-now.biz', [71], 'spam', 'IN'],
];

/** Words the long tail of sites is built from. */
export const TAIL_WORDS = [
  'acme', 'alpine', 'apex', 'atlas', 'beacon', 'blue', 'bright', 'cedar', 'cloud', 'coast', 'crest', 'delta', 'echo',
  'ember', 'field', 'forge', 'green', 'harbor', 'iron', 'jade', 'lake', 'lumen', 'maple', 'metro', 'nova', 'oak',
  'orbit', 'peak', 'pine', 'pixel', 'prime', 'quartz', 'river', 'sage', 'sky', 'stone', 'summit', 'terra', 'vista',
];
export const TAIL_SUFFIXES = ['news', 'shop', 'labs', 'media', 'travel', 'health', 'games', 'blog', 'tech', 'hub'];
export const TAIL_TLDS = ['com', 'net', 'org', 'io', 'co', 'de', 'fr', 'co.uk', 'info', 'app'];
/** Category ids of long-tail sites, by suffix. */
export const TAIL_CATEGORY: Readonly<Record<string, readonly number[]>> = {
  news: [63], shop: [7], labs: [5], media: [21], travel: [9], health: [69], games: [34], blog: [22], tech: [5], hub: [51],
};

/** Cloud applications: name, category, profile, domain, and whether the DDL (data-loss) catalogue lists it. */
export const CLOUD_APPS: readonly (readonly [string, string, 'sanctioned' | 'unsanctioned' | 'unclassified', string, boolean])[] = [
  ['Microsoft 365', 'Collaboration', 'sanctioned', 'office.com', true],
  ['Outlook', 'Webmail', 'sanctioned', 'outlook.office365.com', true],
  ['Microsoft Teams', 'Collaboration', 'sanctioned', 'teams.microsoft.com', true],
  ['Google Drive', 'Cloud Storage', 'unclassified', 'drive.google.com', true],
  ['Google Docs', 'Collaboration', 'unclassified', 'docs.google.com', true],
  ['Gmail', 'Webmail', 'unsanctioned', 'mail.google.com', true],
  ['Box', 'Cloud Storage', 'sanctioned', 'box.com', true],
  ['Dropbox', 'Cloud Storage', 'unsanctioned', 'dropbox.com', true],
  ['WeTransfer', 'File Transfer', 'unsanctioned', 'wetransfer.com', true],
  ['MEGA', 'Cloud Storage', 'unsanctioned', 'mega.nz', true],
  ['Salesforce', 'CRM', 'sanctioned', 'salesforce.com', true],
  ['Slack', 'Collaboration', 'sanctioned', 'slack.com', true],
  ['Zoom', 'Conferencing', 'sanctioned', 'zoom.us', false],
  ['GitHub', 'Development', 'sanctioned', 'github.com', true],
  ['Atlassian Jira', 'Development', 'sanctioned', 'atlassian.net', true],
  ['ChatGPT', 'Generative AI', 'unclassified', 'chatgpt.com', true],
  ['Claude', 'Generative AI', 'unclassified', 'claude.ai', true],
  ['Gemini', 'Generative AI', 'unclassified', 'gemini.google.com', true],
  ['iCloud', 'Cloud Storage', 'unsanctioned', 'icloud.com', true],
  ['LinkedIn', 'Social Media', 'unclassified', 'linkedin.com', false],
  ['Facebook', 'Social Media', 'unsanctioned', 'facebook.com', false],
  ['WhatsApp Web', 'Messaging', 'unsanctioned', 'whatsapp.com', true],
  ['Telegram Web', 'Messaging', 'unsanctioned', 'telegram.org', true],
  ['DeepL', 'Translation', 'unclassified', 'deepl.com', true],
];

export const GROUPS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'HR', 'Support', 'Legal', 'IT', 'Operations', 'Executive'];

export const FIRST_NAMES = [
  'james', 'mary', 'robert', 'patricia', 'john', 'jennifer', 'michael', 'linda', 'david', 'elizabeth', 'william',
  'barbara', 'richard', 'susan', 'joseph', 'jessica', 'thomas', 'sarah', 'charles', 'karen', 'daniel', 'nancy',
  'matthew', 'lisa', 'anthony', 'betty', 'mark', 'sandra', 'paul', 'ashley', 'steven', 'emily', 'andrew', 'donna',
  'kenneth', 'michelle', 'joshua', 'carol', 'kevin', 'amanda', 'priya', 'wei', 'fatima', 'lucas', 'sofia', 'mateo',
  'yuki', 'omar', 'ingrid', 'chen',
];
export const LAST_NAMES = [
  'smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'rodriguez', 'martinez', 'hernandez',
  'lopez', 'gonzalez', 'wilson', 'anderson', 'thomas', 'taylor', 'moore', 'jackson', 'martin', 'lee', 'perez',
  'thompson', 'white', 'harris', 'sanchez', 'clark', 'ramirez', 'lewis', 'robinson', 'walker', 'young', 'allen',
  'king', 'wright', 'scott', 'patel', 'nguyen', 'kim', 'mueller',
];

/** Browsers: name, versions, user-agent template ({v} = version). */
export const BROWSERS: readonly (readonly [string, readonly string[], string, number])[] = [
  ['Chrome', ['128.0', '129.0', '130.0', '131.0'], 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{v}.0.0 Safari/537.36', 55],
  ['Edge', ['129.0', '130.0', '131.0'], 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{v}.0.0 Safari/537.36 Edg/{v}.0.0', 22],
  ['Firefox', ['131.0', '132.0', '133.0'], 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:{v}) Gecko/20100101 Firefox/{v}', 10],
  ['Safari', ['17.6', '18.0', '18.1'], 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/{v} Safari/605.1.15', 13],
];

/** Non-browser clients: user agent, type. */
export const NON_BROWSER_UAS: readonly (readonly [string, 'mobile_app' | 'desktop_app' | 'bot' | 'cli'])[] = [
  ['Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928)', 'desktop_app'],
  ['Slack/4.41.97 Electron/32.2.0', 'desktop_app'],
  ['Zoom/6.2.5 (Windows)', 'desktop_app'],
  ['Dropbox/209.4.3416 (Windows)', 'desktop_app'],
  ['Teams/24277.3507.3205.5228', 'desktop_app'],
  ['okhttp/4.12.0', 'mobile_app'],
  ['Outlook-iOS/709.2189947.prod.iphone (4.2442.0)', 'mobile_app'],
  ['WhatsApp/2.24.21.80 A', 'mobile_app'],
  ['curl/8.10.1', 'cli'],
  ['python-requests/2.32.3', 'cli'],
  ['Go-http-client/2.0', 'cli'],
  ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'bot'],
];

export const WEB_RULES = ['Default web policy', 'Isolate uncategorized', 'Block high-risk categories', 'Allow business apps',
  'Read-only social media', 'Warn on streaming', 'Bypass banking', 'Block newly observed domains'];
export const DLP_RULES = ['PCI data to personal storage', 'PII upload to Generative AI', 'Source code to public repos',
  'Health records outbound', 'Confidential documents', 'Credentials in forms'];
export const DLP_DICTIONARIES: Readonly<Record<string, string>> = {
  credit_card: 'Credit Card Numbers', ssn: 'US Social Security Numbers', iban: 'IBAN', passport: 'Passport Numbers',
  health_record: 'HIPAA Medical Terms', source_code: 'Source Code', credentials: 'Passwords and Keys',
  confidential: 'Confidential Markings',
};
export const FIREWALL_RULES = ['Allow web egress', 'Allow DNS', 'Private apps via ZTNA', 'Block legacy protocols',
  'Block high-risk countries', 'Proxy SaaS traffic', 'Default deny'];
/** Firewall applications: name, protocol, port. */
export const FIREWALL_APPS: readonly (readonly [string, string, number])[] = [
  ['HTTPS', 'TCP', 443], ['HTTP', 'TCP', 80], ['DNS', 'UDP', 53], ['NTP', 'UDP', 123], ['SSH', 'TCP', 22],
  ['RDP', 'TCP', 3389], ['SMB', 'TCP', 445], ['QUIC', 'UDP', 443], ['SMTP', 'TCP', 25], ['LDAP', 'TCP', 389],
  ['Kerberos', 'TCP', 88], ['SQL Server', 'TCP', 1433], ['ICMP echo', 'ICMP', 0],
];
/** Private applications behind secure application access: name, host, protocol. */
export const PRIVATE_APPS: readonly (readonly [string, string, string])[] = [
  ['HR Portal', 'hr.corp.internal', 'HTTPS'], ['Finance ERP', 'erp.corp.internal', 'HTTPS'],
  ['Build Server', 'ci.corp.internal', 'HTTPS'], ['Wiki', 'wiki.corp.internal', 'HTTPS'],
  ['Jump Host', 'bastion.corp.internal', 'SSH'], ['Design Workstations', 'cad-01.corp.internal', 'RDP'],
  ['Ticketing', 'tickets.corp.internal', 'HTTPS'], ['Database Admin', 'db-admin.corp.internal', 'HTTPS'],
];
export const DEVICES = ['Windows 11', 'Windows 10', 'macOS 14', 'macOS 15', 'iOS 18', 'Android 15', 'ChromeOS'];
export const FILE_TYPES: readonly (readonly [string, string])[] = [
  ['pdf', 'Quarterly report'], ['docx', 'Contract draft'], ['xlsx', 'Budget'], ['pptx', 'Sales deck'], ['zip', 'Archive'],
  ['exe', 'Setup'], ['msi', 'Installer'], ['js', 'Script'], ['iso', 'Disk image'], ['html', 'Shared document'],
];
export const RESPONSE_RISKS = ['Executable content', 'Macro-enabled document', 'Password-protected archive',
  'Script in document', 'Embedded object', 'Oversized archive'];
export const VULNERABLE_SERVERS = ['Apache/2.2.15', 'nginx/1.10.3', 'Microsoft-IIS/7.5', 'OpenSSL/1.0.1e', 'PHP/5.4.16',
  'Apache Tomcat/7.0.47'];
export const MAIL_SUBJECTS = ['Quarterly results', 'Meeting notes', 'Your invoice is ready', 'Action required: verify your account',
  'Shared document', 'Delivery notice', 'Payroll update', 'Re: project timeline', 'Welcome aboard', 'Password expiry notice',
  'Team lunch Friday', 'Contract for signature'];
export const EXTERNAL_MAIL_DOMAINS = ['partner-logistics.com', 'vendor-supplies.net', 'customer-one.com', 'gmail.com',
  'outlook.com', 'newsletter.example-media.com', 'billing-notices.info', 'secure-docs-share.top', 'hr-benefits-update.xyz'];
export const ADMIN_AREAS = ['web.ssl-bypass', 'web.categories', 'web.threats', 'email.config', 'dlp.rules',
  'settings.users', 'settings.sso', 'fwaas.rules'];
export { COUNTRY_CODES };
