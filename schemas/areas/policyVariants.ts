/**
 * Shapes of the policy calls of spec 001 §7 whose answer differs from the screens' documents: SSL bump v2
 * (`sslbump_bypass/{rev}` with `integrations_list` and `sslbump_v3`, `sslbump_lists/{rev}`) and v3 `content_types`
 * (`contentTypes.files`, each with a name and a list). The spec names these keys only; what they hold is designed here.
 */
import { z } from 'zod';
import { RevisionStamp } from '../policy';
import { SslBypassDocument } from './sslBypass';

export const SslIntegration = z.object({
  id: z.string().meta({ title: 'Id' }),
  name: z.string().meta({ title: 'Integration', description: 'A service whose traffic breaks when TLS is inspected' }),
  destinations: z.array(z.string()).meta({ title: 'Destinations', description: 'Bypassed for every tenant; set by the service' }),
});

const sslV3 = z.boolean().meta({
  title: 'Match subdomains',
  description: 'On (the v3 matching): an entry example.com also bypasses every subdomain; off: only the names as written. A tenant setting, not part of a revision.',
});

/** Answer of GET /api/policy/v2/rules/sslbump_bypass/{rev}: the screen's document plus the two v2 keys. */
export const SslBumpV2 = SslBypassDocument.extend({
  integrations_list: z.array(SslIntegration).meta({ title: 'Integrations', description: 'Read only' }),
  sslbump_v3: sslV3,
})
  .extend(RevisionStamp.shape)
  .meta({ title: 'SSL bypass (v2)' });

/** Body of PUT /api/policy/v2/rules/sslbump_bypass/{rev}: the list and the v3 switch; an `integrations_list` sent back is ignored. */
export const SslBumpV2Body = SslBypassDocument.extend({
  integrations_list: z.array(SslIntegration).optional().meta({ title: 'Integrations', description: 'Read only: ignored when sent' }),
  sslbump_v3: sslV3.optional(),
})
  .extend(RevisionStamp.shape)
  .meta({ title: 'SSL bypass (v2) save' });

export const SslBumpLists = z
  .object({
    rev_id: z.number().int(),
    lists: z.array(
      z.object({
        id: z.string(),
        name: z.string().meta({ title: 'List' }),
        source: z.enum(['tenant', 'integration']).meta({ title: 'Source' }),
        destinations: z.array(z.string()).meta({ title: 'Destinations', description: 'Enabled entries only' }),
      }),
    ),
  })
  .meta({ title: 'SSL bypass lists', description: 'Every destination not inspected at the revision: the tenant\'s entries and the integrations\'' });

export const ContentTypesV3 = z
  .object({
    contentTypes: z.object({
      files: z.array(
        z.object({
          name: z.string().meta({ title: 'File type' }),
          list: z.array(z.string()).meta({ title: 'Extensions and MIME types' }),
        }),
      ),
    }),
  })
  .meta({ title: 'Content types', description: 'The file types content and DLP rules can name' });
