/**
 * CASB calls that are not a document (definitions/api/casbInsights.ts): the reputation of a SaaS application of the
 * service's catalogue, and the SaaS application rules and profiles of a revision as DLP rules choose them.
 *
 * The reputation findings are the service's: derived here from the application's catalogue entry (category and
 * default classification) and its id, so every tenant and every call sees the same findings for an application.
 */
import { createHash } from 'node:crypto';
import { casbInsightOps } from '../../definitions/api/casbInsights';
import type { DocumentScreen } from '../../definitions/define';
import { casbAppRules } from '../../definitions/policy/casb/casbAppRules';
import { casbProfiles } from '../../definitions/policy/casb/casbProfiles';
import type { AppRepInsights, CasbAppRulesDocument, CasbProfilesDocument } from '../../schemas/areas/casb';
import { documentHandler } from '../documents';
import { HttpError, implementAll, type CallContext, type ServerModule } from '../types';
import { CLOUD_APP_BY_ID } from './reportLookups';

type Level = AppRepInsights['level'];

/** A policy area's document at revision `rev` through the area's own read handler (404 for a revision that does not exist). */
async function documentAt<T>(ctx: CallContext, screen: DocumentScreen, rev: number): Promise<T> {
  const op = ctx.registry.operation(screen.operationIds.read);
  if (!op) throw new Error(`No operation ${screen.operationIds.read}`);
  const read = documentHandler(ctx.registry, op) as unknown as (c: CallContext & { params: unknown }) => Promise<T>;
  return read({ ...ctx, params: { rev } });
}

const CERTIFICATIONS = ['SOC 2 Type II', 'ISO 27001', 'ISO 27018', 'CSA STAR', 'FedRAMP Moderate'];
const REGIONS = ['the United States', 'the European Union', 'the United States and the European Union', 'several regions, chosen by the customer'];

/** The findings of an application: deterministic from its id, weighted by its classification and category. */
function insightsOf(id: string, app: { name: string; category: string; profile_type: string; domain: string }): AppRepInsights {
  const h = createHash('sha256').update(id).digest();
  const byte = (i: number) => h[i]!;
  const base = app.profile_type === 'sanctioned' ? 2 : app.profile_type === 'unclassified' ? 4 : 6;
  const sharing = ['Cloud Storage', 'File Transfer', 'Messaging', 'Social Media'].includes(app.category) ? 1 : 0;
  const genai = app.category === 'Generative AI' ? 1 : 0;
  const score = Math.min(10, base + sharing + genai + (byte(0) % 2));
  const level = (n: number): Level => (n >= 7 ? 'high' : n >= 4 ? 'medium' : 'low');
  const certCount = app.profile_type === 'sanctioned' ? 2 + (byte(1) % 3) : byte(1) % 2;
  const certs = CERTIFICATIONS.filter((_, i) => (byte(2) + i) % CERTIFICATIONS.length < certCount);
  const breaches = app.profile_type === 'unsanctioned' ? byte(3) % 3 : byte(3) % 5 === 0 ? 1 : 0;
  const sso = app.profile_type !== 'unsanctioned' || byte(4) % 2 === 0;
  const adminLog = app.profile_type === 'sanctioned' || byte(5) % 3 === 0;
  return {
    id,
    name: app.name,
    category: app.category,
    domain: app.domain,
    profile_type: app.profile_type as AppRepInsights['profile_type'],
    score,
    level: level(score),
    insights: [
      { aspect: 'Overall risk', finding: `Risk score ${score} of 10 for a ${app.category.toLowerCase()} application at ${app.domain}.`, level: level(score) },
      {
        aspect: 'Certifications',
        finding: certs.length ? `Holds ${certs.join(', ')}.` : 'No independent security certification is published.',
        level: certs.length >= 2 ? 'low' : certs.length === 1 ? 'medium' : 'high',
      },
      { aspect: 'Data residency', finding: `Customer data is kept in ${REGIONS[byte(6) % REGIONS.length]}.`, level: byte(6) % REGIONS.length === 3 ? 'low' : 'medium' },
      {
        aspect: 'Breaches',
        finding: breaches ? `${breaches} publicly reported breach${breaches > 1 ? 'es' : ''} in the last five years.` : 'No publicly reported breach in the last five years.',
        level: breaches > 1 ? 'high' : breaches === 1 ? 'medium' : 'low',
      },
      {
        aspect: 'Sign-in',
        finding: sso ? 'Supports single sign-on (SAML) and multi-factor authentication.' : 'Personal accounts only: no single sign-on for organisations.',
        level: sso ? 'low' : 'high',
      },
      {
        aspect: 'Sharing',
        finding: sharing ? 'Files can be shared by public link with anyone.' : genai ? 'Prompts may be kept to train models unless an organisation plan opts out.' : 'Content is shared within the organisation by default.',
        level: sharing || genai ? 'medium' : 'low',
      },
      { aspect: 'Audit log', finding: adminLog ? 'Administrators can export an activity log.' : 'No activity log for administrators.', level: adminLog ? 'low' : 'medium' },
    ],
  };
}

export const casbInsightsModule: ServerModule = {
  name: 'casbInsights',
  implementations: implementAll(casbInsightOps, {
    appRepInsights: async (ctx) => {
      const app = CLOUD_APP_BY_ID.get(ctx.params.id);
      if (!app) throw new HttpError(404, `No SaaS application has the id ${ctx.params.id}.`);
      return insightsOf(ctx.params.id, app);
    },
    dlpCasbAppRules: async (ctx) => {
      const doc = await documentAt<CasbAppRulesDocument>(ctx, casbAppRules, ctx.params.rev);
      return {
        rev_id: ctx.params.rev,
        rules: doc.appRules.map(({ id, name, enabled, applications, activities }) => ({ id, name, enabled, applications, activities })),
      };
    },
    dlpCasbProfiles: async (ctx) => {
      const doc = await documentAt<CasbProfilesDocument>(ctx, casbProfiles, ctx.params.rev);
      return { rev_id: ctx.params.rev, profiles: doc.profiles.list.map(({ id, name, type, applications }) => ({ id, name, type, applications })) };
    },
  }),
};
