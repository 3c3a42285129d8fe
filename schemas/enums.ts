/**
 * Every enumeration of spec 002 §3 (and the node-type labels it shares with 001), each a `z.enum` that carries its
 * display labels in the `x-labels` meta key, so JSON Schema, OpenAPI and the docs show the same labels as the screens.
 * Labels the spec gives are verbatim; where it gives none, they are the plain reading of the value.
 */
import { z } from 'zod';

/** The meta key that holds an enumeration's labels (an OpenAPI-style extension, ignored by validators). */
export const LABELS_META_KEY = 'x-labels';

type Labels<V extends readonly string[]> = { readonly [K in V[number]]: string };

/** A `z.enum` whose meta carries a label for every value; `labels` is typed against the values. */
export function labelledEnum<const V extends readonly [string, ...string[]]>(
  values: V,
  labels: Labels<V>,
  meta: { readonly title: string; readonly description?: string },
) {
  return z.enum(values).meta({ ...meta, [LABELS_META_KEY]: labels });
}

/** The label map of a schema built with `labelledEnum`, or undefined for any other schema. */
export function labelsOf(schema: z.ZodType): Readonly<Record<string, string>> | undefined {
  const labels = schema.meta()?.[LABELS_META_KEY];
  return labels !== null && typeof labels === 'object' ? (labels as Record<string, string>) : undefined;
}

/** The label of one value of a labelled enumeration; an unknown value is shown as it is. */
export function labelOf(schema: z.ZodType, value: string): string {
  return labelsOf(schema)?.[value] ?? value;
}

/**
 * A scalar (typically a number) whose special values read as words on screens, e.g. a limit where 0 means
 * "No limit": the labels go in the same `x-labels` key as an enumeration's, keyed by the value as text, and the
 * tables and forms show the label for that value.
 */
export function withValueLabels<T extends z.ZodType>(schema: T, labels: Readonly<Record<string, string>>): T {
  return schema.meta({ ...schema.meta(), [LABELS_META_KEY]: labels });
}

/** `{ value, label }` pairs in declaration order, for selects and filter options. */
export function enumOptions<E extends Readonly<Record<string, string>>>(
  schema: z.ZodEnum<E>,
): { value: E[keyof E]; label: string }[] {
  return schema.options.map((value) => ({ value, label: labelOf(schema, value) }));
}

// ---- licences, operations, schema state ----------------------------------------------------------------------------

export const LicenseState = labelledEnum(
  ['none', 'active', 'expired', 'about_to_expire'],
  { none: 'None', active: 'Active', expired: 'Expired', about_to_expire: 'About to expire' },
  { title: 'License state' },
);
export type LicenseState = z.infer<typeof LicenseState>;

export const LicenseType = labelledEnum(
  ['customer', 'poc', 'internal'],
  { customer: 'Customer', poc: 'Proof of concept', internal: 'Internal' },
  { title: 'License type' },
);
export type LicenseType = z.infer<typeof LicenseType>;

export const OpsState = labelledEnum(
  ['pending', 'started', 'completed', 'failed'],
  { pending: 'Pending', started: 'Started', completed: 'Completed', failed: 'Failed' },
  { title: 'Operation state' },
);
export type OpsState = z.infer<typeof OpsState>;

export const NodeAction = labelledEnum(
  ['thaw', 'freeze', 'restart', 'diagnostics'],
  { thaw: 'Thaw', freeze: 'Freeze', restart: 'Restart', diagnostics: 'Diagnostics' },
  { title: 'Node action' },
);
export type NodeAction = z.infer<typeof NodeAction>;

export const SchemaState = labelledEnum(
  ['deprecated', 'ga', 'controlled', 'obsolete'],
  { deprecated: 'Deprecated', ga: 'Generally available', controlled: 'Controlled', obsolete: 'Obsolete' },
  { title: 'Schema state' },
);
export type SchemaState = z.infer<typeof SchemaState>;

// ---- rule vocabulary -------------------------------------------------------------------------------------------

export const RuleAction = labelledEnum(
  ['allow', 'safeview', 'block'],
  { allow: 'Allow', safeview: 'Isolate', block: 'Block' },
  { title: 'Action', description: 'Allow opens the site directly, Isolate opens it in a remote browser that sends only safe content to the user, Block stops the request.' },
);
export type RuleAction = z.infer<typeof RuleAction>;

/**
 * The protection levels of spec 002 (its enumeration lists disabled, moderate, aggressive, relaxed, custom), in the order an administrator
 * weighs them: from no protection to the most, then custom, so selects and segmented controls read that way.
 */
export const ProtectionLevel = labelledEnum(
  ['disabled', 'relaxed', 'moderate', 'aggressive', 'custom'],
  { disabled: 'Disabled', relaxed: 'Relaxed', moderate: 'Moderate', aggressive: 'Aggressive', custom: 'Custom' },
  { title: 'Protection level' },
);
export type ProtectionLevel = z.infer<typeof ProtectionLevel>;

export const TransferDirection = labelledEnum(
  ['all', 'uploads', 'downloads', 'uploadsAndDownloads'],
  { all: 'All', uploads: 'Uploads', downloads: 'Downloads', uploadsAndDownloads: 'Uploads and downloads' },
  { title: 'Transfer direction' },
);
export type TransferDirection = z.infer<typeof TransferDirection>;

export const TextMatch = labelledEnum(
  ['starts_with', 'ends_with', 'contains', 'equal', 'regex'],
  {
    starts_with: 'Starts with',
    ends_with: 'Ends with',
    contains: 'Contains',
    equal: 'Equals',
    regex: 'Regular expression',
  },
  { title: 'Text match' },
);
export type TextMatch = z.infer<typeof TextMatch>;

export const ConditionKey = labelledEnum(
  [
    'source_ips',
    'dest_ips',
    'source_ip_ranges',
    'dest_ip_ranges',
    'browser',
    'user_agent',
    'threats',
    'categories',
    'geo_ip',
    'uri',
    'domain',
    'fileTypes',
    'entities',
  ],
  {
    source_ips: 'Source IPs',
    dest_ips: 'Destination IPs',
    source_ip_ranges: 'Source IP ranges',
    dest_ip_ranges: 'Destination IP ranges',
    browser: 'Browser',
    user_agent: 'User agent',
    threats: 'Threats',
    categories: 'Categories',
    geo_ip: 'Geolocation',
    uri: 'URI',
    domain: 'Domain',
    fileTypes: 'File types',
    entities: 'Entities',
  },
  { title: 'Condition' },
);
export type ConditionKey = z.infer<typeof ConditionKey>;

export const PostureCheck = labelledEnum(
  [
    'antivirus',
    'firewall',
    'os_version',
    'full_disk_encryption',
    'detect_crowdstrike',
    'crowdstrike_zta',
    'gatekeeper',
    'google_safe_browsing',
  ],
  {
    antivirus: 'Antivirus',
    firewall: 'Firewall',
    os_version: 'OS version',
    full_disk_encryption: 'Full disk encryption',
    detect_crowdstrike: 'CrowdStrike detection',
    crowdstrike_zta: 'CrowdStrike ZTA score',
    gatekeeper: 'Gatekeeper',
    google_safe_browsing: 'Google Safe Browsing',
  },
  { title: 'Posture check' },
);
export type PostureCheck = z.infer<typeof PostureCheck>;

export const Comparison = labelledEnum(
  ['equal', 'inbetween', 'less_than', 'greater_than'],
  { equal: 'Equal to', inbetween: 'Between', less_than: 'Less than', greater_than: 'Greater than' },
  { title: 'Comparison' },
);
export type Comparison = z.infer<typeof Comparison>;

export const Logic = labelledEnum(['and', 'or'], { and: 'All of (AND)', or: 'Any of (OR)' }, { title: 'Logic' });
export type Logic = z.infer<typeof Logic>;

export const SessionKind = labelledEnum(
  ['none', 'session', 'time'],
  { none: 'None', session: 'Per session', time: 'Per time period' },
  { title: 'Session kind' },
);
export type SessionKind = z.infer<typeof SessionKind>;

export const TimeUnit = labelledEnum(
  ['hours', 'minutes', 'days'],
  { hours: 'Hours', minutes: 'Minutes', days: 'Days' },
  { title: 'Time unit' },
);
export type TimeUnit = z.infer<typeof TimeUnit>;

export const AccessRuleScope = labelledEnum(
  [
    'source',
    'source_ips',
    'source_ip_ranges',
    'source_cidr_blocks',
    'applications',
    'ips',
    'geo_locations',
    'platforms',
    'users',
    'groups',
    'user',
    'group',
  ],
  {
    source: 'Source',
    source_ips: 'Source IPs',
    source_ip_ranges: 'Source IP ranges',
    source_cidr_blocks: 'Source CIDR blocks',
    applications: 'Applications',
    ips: 'IPs',
    geo_locations: 'Geolocations',
    platforms: 'Platforms',
    users: 'Users',
    groups: 'Groups',
    user: 'User',
    group: 'Group',
  },
  { title: 'Access rule scope' },
);
export type AccessRuleScope = z.infer<typeof AccessRuleScope>;

export const ExportFormat = labelledEnum(
  ['microsoftIntune', 'registry', 'registryXmlGpo'],
  { microsoftIntune: 'Microsoft Intune', registry: 'Registry', registryXmlGpo: 'Registry XML (GPO)' },
  { title: 'Export format' },
);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const ConfigurationStatus = labelledEnum(
  ['Configured', 'Unconfigured'],
  { Configured: 'Configured', Unconfigured: 'Unconfigured' },
  { title: 'Configuration status' },
);
export type ConfigurationStatus = z.infer<typeof ConfigurationStatus>;

// ---- storage and forensic profiles ------------------------------------------------------------------------------

export const StoragePlatform = labelledEnum(
  ['Amazon AWS', 'Microsoft Azure'],
  { 'Amazon AWS': 'Amazon AWS', 'Microsoft Azure': 'Microsoft Azure' },
  { title: 'Storage platform' },
);
export type StoragePlatform = z.infer<typeof StoragePlatform>;

export const AzureStorageMode = labelledEnum(
  ['file', 'blob'],
  { file: 'File share', blob: 'Blob container' },
  { title: 'Storage mode' },
);
export type AzureStorageMode = z.infer<typeof AzureStorageMode>;

export const SizeUnit = labelledEnum(['GB', 'MB', 'KB'], { GB: 'GB', MB: 'MB', KB: 'KB' }, { title: 'Size unit' });
export type SizeUnit = z.infer<typeof SizeUnit>;

export const StorageAccessType = labelledEnum(
  ['read', 'readwrite'],
  { read: 'Read only', readwrite: 'Read and write' },
  { title: 'Access type' },
);
export type StorageAccessType = z.infer<typeof StorageAccessType>;

export const RetainForensicFile = labelledEnum(
  ['always', 'user_input'],
  { always: 'Always', user_input: 'When the user enters input' },
  { title: 'Retain forensic file' },
);
export type RetainForensicFile = z.infer<typeof RetainForensicFile>;

export const ViewerOpenLink = labelledEnum(
  ['modal_window', 'new_tab'],
  { modal_window: 'In a modal window', new_tab: 'In a new tab' },
  { title: 'Open viewer link' },
);
export type ViewerOpenLink = z.infer<typeof ViewerOpenLink>;

// ---- shared widgets ---------------------------------------------------------------------------------------------

/** Table row state (spec 002 §3 "Table row"). */
export const RowState = labelledEnum(
  ['error', 'soft-error', 'warning', 'info', 'none'],
  { error: 'Error', 'soft-error': 'Needs attention', warning: 'Warning', info: 'Information', none: 'None' },
  { title: 'Row state' },
);
export type RowState = z.infer<typeof RowState>;

/** Upload box states (spec 002 §4). */
export const UploadBoxState = labelledEnum(
  ['normal', 'dragging', 'disabled'],
  { normal: 'Ready', dragging: 'Drop to upload', disabled: 'Disabled' },
  { title: 'Upload box state' },
);
export type UploadBoxState = z.infer<typeof UploadBoxState>;

/** Console log levels (spec 002 §8); the level is read from local storage, default INFO (§9). */
export const LogLevel = labelledEnum(
  ['OFF', 'ERROR', 'WARN', 'INFO', 'DEBUG'],
  { OFF: 'Off', ERROR: 'Error', WARN: 'Warning', INFO: 'Information', DEBUG: 'Debug' },
  { title: 'Log level' },
);
export type LogLevel = z.infer<typeof LogLevel>;
export const LOG_LEVEL_DEFAULT: LogLevel = 'INFO';

// ---- appliances -------------------------------------------------------------------------------------------------

/** Node types of the appliance manager, labelled as spec 001 / 002 §3 give them. */
export const NodeType = labelledEnum(
  ['management_station', 'safemail', 'safemail_worker', 'safeview_proxy', 'safeview_isolation', 'safeview'],
  {
    management_station: 'Central Manager',
    safemail: 'Email Processor',
    safemail_worker: 'Attachment Worker',
    safeview_proxy: 'Isolation Master',
    safeview_isolation: 'Isolation Worker',
    safeview: 'Isolation Standalone',
  },
  { title: 'Node type' },
);
export type NodeType = z.infer<typeof NodeType>;

/** Update configuration types (spec 002 §3). */
export const ConfigType = labelledEnum(
  ['image_download', 'upgrade_image', 'rollback_image'],
  { image_download: 'Download', upgrade_image: 'Install', rollback_image: 'Rollback' },
  { title: 'Configuration type' },
);
export type ConfigType = z.infer<typeof ConfigType>;

// ---- threat evasion ---------------------------------------------------------------------------------------------

/**
 * Evasion techniques of the threat-evasion reports. The spec names lure, html_smuggling, geo_fencing and
 * detection_bypass and says the full list is not shown; the others are the techniques such reports commonly name.
 */
export const EvasionTechnique = labelledEnum(
  [
    'lure',
    'html_smuggling',
    'geo_fencing',
    'detection_bypass',
    'password_protected_file',
    'captcha',
    'obfuscation',
    'url_redirection',
  ],
  {
    lure: 'Lure',
    html_smuggling: 'HTML Smuggling',
    geo_fencing: 'Geo-fencing',
    detection_bypass: 'Detection Bypass',
    password_protected_file: 'Password-Protected File',
    captcha: 'CAPTCHA Evasion',
    obfuscation: 'Obfuscation',
    url_redirection: 'URL Redirection',
  },
  { title: 'Evasion technique' },
);
export type EvasionTechnique = z.infer<typeof EvasionTechnique>;

/** Readable label of an evasion technique; a name the catalogue does not know reads as its words, capitalised. */
export function evasionTechniqueLabel(name: string): string {
  const known = labelsOf(EvasionTechnique)?.[name];
  if (known !== undefined) return known;
  return name
    .split(/[_\s]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

// ---- region catalogue -------------------------------------------------------------------------------------------

/** AWS regions and their descriptions. */
export const AWS_REGIONS = {
  'us-east-1': 'US East (N. Virginia)',
  'us-east-2': 'US East (Ohio)',
  'us-west-1': 'US West (N. California)',
  'us-west-2': 'US West (Oregon)',
  'ca-central-1': 'Canada (Central)',
  'sa-east-1': 'South America (São Paulo)',
  'eu-west-1': 'Europe (Ireland)',
  'eu-west-2': 'Europe (London)',
  'eu-west-3': 'Europe (Paris)',
  'eu-central-1': 'Europe (Frankfurt)',
  'eu-north-1': 'Europe (Stockholm)',
  'eu-south-1': 'Europe (Milan)',
  'me-south-1': 'Middle East (Bahrain)',
  'af-south-1': 'Africa (Cape Town)',
  'ap-south-1': 'Asia Pacific (Mumbai)',
  'ap-east-1': 'Asia Pacific (Hong Kong)',
  'ap-northeast-1': 'Asia Pacific (Tokyo)',
  'ap-northeast-2': 'Asia Pacific (Seoul)',
  'ap-northeast-3': 'Asia Pacific (Osaka)',
  'ap-southeast-1': 'Asia Pacific (Singapore)',
  'ap-southeast-2': 'Asia Pacific (Sydney)',
} as const;
export type AwsRegion = keyof typeof AWS_REGIONS;

/** GCP regions and their descriptions. */
export const GCP_REGIONS = {
  'us-east4': 'Northern Virginia, USA',
  'us-east5': 'Columbus, Ohio, USA',
  'us-west2': 'Los Angeles, California, USA',
  'us-west1': 'The Dalles, Oregon, USA',
  'northamerica-northeast1': 'Montréal, Québec, Canada',
  'southamerica-east1': 'São Paulo, Brazil',
  'europe-west1': 'St. Ghislain, Belgium',
  'europe-west2': 'London, England',
  'europe-west9': 'Paris, France',
  'europe-west3': 'Frankfurt, Germany',
  'europe-north1': 'Hamina, Finland',
  'europe-west8': 'Milan, Italy',
  'me-central1': 'Doha, Qatar',
  'africa-south1': 'Johannesburg, South Africa',
  'asia-south1': 'Mumbai, India',
  'asia-east2': 'Hong Kong',
  'asia-northeast1': 'Tokyo, Japan',
  'asia-northeast3': 'Seoul, South Korea',
  'asia-northeast2': 'Osaka, Japan',
  'asia-southeast1': 'Jurong West, Singapore',
  'australia-southeast1': 'Sydney, Australia',
} as const;
export type GcpRegion = keyof typeof GCP_REGIONS;

const regionEnum = <R extends Record<string, string>>(regions: R, title: string) =>
  labelledEnum(Object.keys(regions) as [keyof R & string, ...(keyof R & string)[]], regions as Labels<(keyof R & string)[]>, {
    title,
  });

export const AwsRegionCode = regionEnum(AWS_REGIONS, 'AWS region');
export const GcpRegionCode = regionEnum(GCP_REGIONS, 'GCP region');

/** The GCP region nearest to each AWS region. */
export const AWS_TO_GCP_REGION: { readonly [R in AwsRegion]: GcpRegion } = {
  'us-east-1': 'us-east4',
  'us-east-2': 'us-east5',
  'us-west-1': 'us-west2',
  'us-west-2': 'us-west1',
  'ca-central-1': 'northamerica-northeast1',
  'sa-east-1': 'southamerica-east1',
  'eu-west-1': 'europe-west1',
  'eu-west-2': 'europe-west2',
  'eu-west-3': 'europe-west9',
  'eu-central-1': 'europe-west3',
  'eu-north-1': 'europe-north1',
  'eu-south-1': 'europe-west8',
  'me-south-1': 'me-central1',
  'af-south-1': 'africa-south1',
  'ap-south-1': 'asia-south1',
  'ap-east-1': 'asia-east2',
  'ap-northeast-1': 'asia-northeast1',
  'ap-northeast-2': 'asia-northeast3',
  'ap-northeast-3': 'asia-northeast2',
  'ap-southeast-1': 'asia-southeast1',
  'ap-southeast-2': 'australia-southeast1',
};

/** Description of an AWS or GCP region code; an unknown code is shown as it is. */
export function regionDescription(code: string): string {
  return (AWS_REGIONS as Record<string, string>)[code] ?? (GCP_REGIONS as Record<string, string>)[code] ?? code;
}

/** The GCP equivalent of an AWS region code, or undefined when the catalogue has none. */
export function gcpRegionFor(awsCode: string): GcpRegion | undefined {
  return (AWS_TO_GCP_REGION as Record<string, GcpRegion>)[awsCode];
}
