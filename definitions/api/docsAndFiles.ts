/**
 * The file type catalogue of documents and files rules (spec 002 §7 `GET /api/policy/v4/content_types`, the Calendar
 * type shown as "ICS Meeting Invitation") and the conversion of rules written against the v3 catalogue
 * (`PUT /api/policy/v4/content_migration`). The rules themselves are the screens of `definitions/policy/files/`.
 */
import { ContentMigrationAnswer, ContentMigrationBody, ContentTypesV4 } from '../../schemas/areas/docsAndFiles';
import { defineOperation } from '../define';

const env = [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], appModes: ['management_station'] }] as const;
/** Who reads and changes documents and files rules. */
export const FILES_READ = { any: ['web_policy:read', 'content_inspection:read'] } as const;
export const FILES_WRITE = { any: ['web_policy:write', 'content_inspection:write'] } as const;

export const contentTypesV4 = defineOperation({
  id: 'docsAndFiles.contentTypes',
  method: 'GET',
  path: '/api/policy/v4/content_types',
  summary: 'The file types documents and files rules name, each with its family, extensions and MIME types',
  description:
    'Each type has the service\'s `name` and the `label` screens show: the type named Calendar is shown as "ICS Meeting ' +
    'Invitation". `family` is the v3 content type (`/api/policy/v3/content_types`) the type belongs to.',
  response: ContentTypesV4,
  access: { any: ['web_policy:read', 'content_inspection:read', 'dlp_policy:read', 'email_policy:read'] },
  env,
  tag: 'web policy',
});

export const contentMigration = defineOperation({
  id: 'docsAndFiles.contentMigration',
  method: 'PUT',
  path: '/api/policy/v4/content_migration',
  summary: 'Convert the chosen rules from v3 file type families to the v4 file types, in the working revision',
  description:
    'Each file type of a rule that names a v3 family (e.g. "Documents") is replaced by the v4 types of that family; ' +
    'types already of the v4 catalogue stay. Saved in the working revision like a save of the screens (published with ' +
    'the next publish), audited, and a no-op for rules with nothing to convert. The answer lists each changed rule.',
  body: ContentMigrationBody,
  response: ContentMigrationAnswer,
  access: FILES_WRITE,
  env,
  tag: 'web policy',
});

/** The group server/modules/docsAndFiles.ts implements. */
export const docsAndFilesOps = { contentTypesV4, contentMigration } as const;
