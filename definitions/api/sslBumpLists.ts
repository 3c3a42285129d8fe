/**
 * Every destination the web policy does not inspect, by list (spec 002 §7 sslbump_lists). Apart from the other
 * variants of `policyVariants.ts` because the SSL Bypass screen offers it as a download, and that file reads the
 * screen's rules.
 */
import { SslBumpLists } from '../../schemas/areas/policyVariants';
import { RevParam } from '../../schemas/policy';
import { defineOperation } from '../define';
import { sections } from '../sections';

export const sslBumpLists = defineOperation({
  id: 'policyVariants.sslBumpLists',
  method: 'GET',
  path: '/api/policy/v2/rules/sslbump_lists/{rev}',
  summary: 'Every destination not inspected at revision `rev`, by list',
  params: RevParam,
  response: SslBumpLists,
  // The SSL Bypass screen's read rule (web policy).
  access: { any: ['web_policy:read'] },
  env: sections.find((s) => s.id === 'policy')?.env,
  tag: 'web policy',
});
