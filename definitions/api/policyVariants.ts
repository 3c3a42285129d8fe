/**
 * Policy access variants (spec 001 §7 "Policy get and put under /api/policy/v1|v3/rules/{bnb|exceptions|categories|
 * risks|inspection/exceptions}/{id}"): the other API versions' paths of five web policy areas. Each variant reads and
 * saves the same stored document as the area's screen, in the same shape (document, rev_id, state, updated_at), with
 * the same access rule, revision check and stale-save 409: one store, several paths. A save through one path is read
 * back through every other.
 */
import { ContentTypesV3, SslBumpV2, SslBumpV2Body } from '../../schemas/areas/policyVariants';
import { RevParam } from '../../schemas/policy';
import { documentOperations, withSectionDefaults } from '../derive';
import { defineOperation, type DocumentScreen, type OperationDef } from '../define';
import { fileRules } from '../policy/files/fileRules';
import { browserRules } from '../policy/web/browserRules';
import { webCategories } from '../policy/web/webCategories';
import { webExceptions } from '../policy/web/webExceptions';
import { inspectionExceptions } from '../policy/web/inspectionExceptions';
import { sslBypass } from '../policy/web/sslBypass';
import { webThreats } from '../policy/web/webThreats';
import { sections } from '../sections';
import { sslBumpLists } from './sslBumpLists';

const policySection = sections.find((s) => s.id === 'policy');

/** The GET and PUT of `screen` at `/api/policy/<version>/rules/<name>/{rev}`, served by the generic document handler. */
function variant(screen: DocumentScreen, version: 'v1' | 'v3', name: string): readonly [OperationDef, OperationDef] {
  const [read, save] = documentOperations(withSectionDefaults(screen, policySection));
  const path = `/api/policy/${version}/rules/${name}/{rev}`;
  const description = `The ${screen.title} document at another API version's path (${version}); the same document and shape as \`${screen.endpoint.path}\`.`;
  const apiOnly = { reason: 'integration', why: `The ${screen.title} document at its ${version} path, for integrations written against it; the screen reads and saves the same document at its own path.` } as const;
  return [
    defineOperation({ ...read, id: `${screen.id}.${version}.get`, path, summary: `Read ${screen.title} (${version} path)`, description, apiOnly }),
    defineOperation({ ...save, id: `${screen.id}.${version}.save`, path, summary: `Save ${screen.title} (${version} path)`, description, apiOnly }),
  ];
}

/** The variants the documents list and no screen serves already (v3 bnb, v1 risks, v3 inspection/exceptions and v4 content are the screens' own paths). */
export const policyVariantOperations: readonly OperationDef[] = [
  ...variant(browserRules, 'v1', 'bnb'),
  ...variant(webExceptions, 'v1', 'exceptions'),
  ...variant(webExceptions, 'v3', 'exceptions'),
  ...variant(webCategories, 'v1', 'categories'),
  ...variant(webCategories, 'v3', 'categories'),
  ...variant(webThreats, 'v3', 'risks'),
  ...variant(inspectionExceptions, 'v1', 'inspection/exceptions'),
  // 002 §7 content v3: the File Transfers document at its v3 path (the screen uses v4).
  ...variant(fileRules, 'v3', 'content'),
];

/** Who reads and saves SSL bypass: the screen's rules. */
const sslRead = sslBypass.read;
const sslWrite = sslBypass.write ?? sslBypass.read;

export const sslBumpV2 = defineOperation({
  id: 'policyVariants.sslBumpV2',
  apiOnly: { reason: 'integration', why: 'The SSL Bypass document at its v2 path with the integrations’ bypasses, for integrations; the SSL Bypass screen reads the same document at its own path.' },
  method: 'GET',
  path: '/api/policy/v2/rules/sslbump_bypass/{rev}',
  summary: 'SSL bypass at revision `rev`, with the integrations\' bypasses and the v3 matching switch',
  description:
    '`list` is the same document as the SSL Bypass screen; `integrations_list` (read only) are the destinations the service ' +
    'bypasses for every tenant; `sslbump_v3` is a tenant setting, not saved in a revision.',
  params: RevParam,
  response: SslBumpV2,
  access: sslRead,
  env: policySection?.env,
  revision: 'staged',
  tag: 'web policy',
});

export const saveSslBumpV2 = defineOperation({
  id: 'policyVariants.saveSslBumpV2',
  apiOnly: { reason: 'integration', why: 'Saves the SSL Bypass document at its v2 path, for integrations; the SSL Bypass screen saves the same document at its own path.' },
  method: 'PUT',
  path: '/api/policy/v2/rules/sslbump_bypass/{rev}',
  summary: 'Save the SSL bypass list (and the v3 matching switch) in the working revision',
  description: 'Saves `list` like the SSL Bypass screen (revision check, stale-save 409); `integrations_list` is ignored.',
  params: RevParam,
  body: SslBumpV2Body,
  response: SslBumpV2,
  access: sslWrite,
  env: policySection?.env,
  revision: 'staged',
  tag: 'web policy',
});


export const contentTypesV3 = defineOperation({
  id: 'policyVariants.contentTypes',
  apiOnly: { reason: 'integration', why: 'The file types in the v3 form, for integrations; the File Transfers screen offers the v4 file types.' },
  method: 'GET',
  path: '/api/policy/v3/content_types',
  summary: 'The file types content and DLP rules can name (contentTypes.files, each with a name and a list)',
  response: ContentTypesV3,
  access: { any: ['web_policy:read', 'content_inspection:read', 'dlp_policy:read', 'email_policy:read'] },
  env: policySection?.env,
  tag: 'web policy',
});

/** The group server/modules/lookups.ts implements. */
export const policyVariantOps = { sslBumpV2, saveSslBumpV2, sslBumpLists, contentTypesV3 } as const;
