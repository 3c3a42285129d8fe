/**
 * Documents and files (spec 002 §7: `/api/policy/v3/rules/content/{rev}`, `/api/policy/v4/rules/content/{rev}`,
 * `/api/policy/v4/rules/docs/{rev}`, `GET /api/policy/v4/content_types`, `PUT /api/policy/v4/content_migration`).
 * The spec names the calls and that the Calendar file type is shown as "ICS Meeting Invitation"; the rest is this
 * build's design:
 *
 * - file transfer rules (`content`) say what happens to files of given types moving through isolated browsing:
 *   allowed, offered in the document viewer only, or blocked, with an optional size limit;
 * - document viewing rules (`docs`) say how documents open in the isolated viewer: whether the original or a safe PDF
 *   copy may be downloaded, and whether it may be printed or its text copied;
 * - rules name file types by the ids of the v4 catalogue (`content_types`); a rule written against the v3 catalogue
 *   names a family ("Documents"), which matches every type of that family until `content_migration` rewrites it as
 *   the family's v4 type ids.
 */
import { z } from 'zod';
import { TransferDirection, labelledEnum, withValueLabels } from '../enums';
import { RevisionStamp } from '../policy';
import { Comment, Enabled, RULES_MAX, RowId, RuleName, RuleScope, Token, ruleList } from './common';
import { ReorderingEvent } from './ruleConditions';

const reorderingEvents = z.array(ReorderingEvent).max(RULES_MAX).default([]).meta({ title: 'Reordering events' });

/** One file type of the v4 catalogue. */
export const ContentTypeV4 = z.object({
  id: z.string().meta({ title: 'Id', description: 'What rules name' }),
  name: z.string().meta({ title: 'Name', description: 'The service\'s name of the type (e.g. Calendar)' }),
  label: z.string().meta({ title: 'File type', description: 'As screens show it (Calendar: ICS Meeting Invitation)' }),
  family: z.string().meta({ title: 'Family', description: 'The v3 content type the type belongs to; a rule naming it matches every type of the family' }),
  extensions: z.array(z.string()).meta({ title: 'Extensions' }),
  mime_types: z.array(z.string()).meta({ title: 'MIME types' }),
});
export type ContentTypeV4 = z.infer<typeof ContentTypeV4>;

export const ContentTypesV4 = z
  .object({ content_types: z.array(ContentTypeV4) })
  .meta({ title: 'File types (v4)', description: 'The file types file transfer and document viewing rules can name' });

const contentTypes = (title: string, description: string) =>
  z.array(Token).min(1, { message: 'Choose at least one file type.' }).max(200).meta({ title, description });

export const FileAction = labelledEnum(
  ['allow', 'view_only', 'block'],
  { allow: 'Allow', view_only: 'Viewer only', block: 'Block' },
  { title: 'Action' },
);

export const FileRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scope: RuleScope,
  content_types: contentTypes('File types', 'Types of the file catalogue (or, before migration, whole families)'),
  direction: TransferDirection.default('downloads'),
  action: FileAction,
  max_size_mb: withValueLabels(
    z
      .number()
      .int()
      .min(0, { message: 'Use 0 or more.' })
      .max(10_240, { message: 'Use at most 10240 (10 GB).' })
      .meta({ title: 'Largest file (MB)', description: 'Larger files are blocked; 0: no limit' }),
    { 0: 'No limit' },
  ).default(0),
  comment: Comment,
});
export type FileRule = z.infer<typeof FileRule>;

/** The file transfer rules (v4 `content`; the v3 path reads and saves the same document). */
export const FileRulesDocument = z.strictObject({ list: ruleList(FileRule, 'File transfer rules'), reorderingEvents });
export type FileRulesDocument = z.infer<typeof FileRulesDocument>;

export const ViewerDownload = labelledEnum(
  ['original', 'pdf', 'none'],
  { original: 'The original file', pdf: 'A safe PDF copy', none: 'Nothing' },
  { title: 'Download from the viewer' },
);

export const DocRule = z.strictObject({
  id: RowId,
  name: RuleName,
  enabled: Enabled,
  scope: RuleScope,
  content_types: contentTypes('Document types', 'Types of the file catalogue opened in the viewer'),
  download: ViewerDownload.default('pdf'),
  print: z.boolean().default(true).meta({ title: 'Allow printing' }),
  copy_text: z.boolean().default(true).meta({ title: 'Allow copying text' }),
  comment: Comment,
});
export type DocRule = z.infer<typeof DocRule>;

export const DocRulesDocument = z.strictObject({ list: ruleList(DocRule, 'Document viewing rules'), reorderingEvents });
export type DocRulesDocument = z.infer<typeof DocRulesDocument>;

export const MigrationArea = labelledEnum(
  ['content', 'docs'],
  { content: 'File transfer rules', docs: 'Document viewing rules' },
  { title: 'Rules' },
);

export const ContentMigrationBody = z
  .strictObject({
    areas: z
      .array(MigrationArea)
      .min(1, { message: 'Choose the rules to convert.' })
      .max(2)
      .default(['content', 'docs'])
      .meta({ title: 'Convert', description: 'Rules naming whole families get the family\'s file types instead' }),
  })
  .meta({ title: 'File type migration' });

export const ContentMigrationAnswer = z
  .object({
    rev_id: z.number().int().meta({ title: 'Revision', description: 'The working revision the converted rules are saved in' }),
    state: RevisionStamp.shape.state,
    changed: z.array(
      z.object({
        area: MigrationArea,
        rule: z.string().meta({ title: 'Rule' }),
        from: z.array(z.string()).meta({ title: 'Families' }),
        to: z.array(z.string()).meta({ title: 'File types' }),
      }),
    ),
  })
  .meta({ title: 'Converted rules' });
export type ContentMigrationAnswer = z.infer<typeof ContentMigrationAnswer>;
