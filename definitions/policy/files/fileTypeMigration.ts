import { contentMigration, FILES_READ, FILES_WRITE } from '../../api/docsAndFiles';
import { actionForm, defineFormScreen } from '../../define';

export const fileTypeMigration = defineFormScreen({
  id: 'files.type-migration',
  title: 'File Type Migration',
  description:
    'Rules written before the detailed file types name whole families, such as Documents or Archives, and match every ' +
    'type of the family. Converting them names each type of the family instead, so a type can then be removed from a ' +
    'rule on its own. The converted rules are saved in the working revision and apply once published.',
  route: '/policy/files/migration',
  nav: { group: 'Documents and Files', order: 220 },
  read: FILES_READ,
  write: FILES_WRITE,
  feature: 'content_inspection',
  form: actionForm(contentMigration, {
    fields: { areas: { widget: 'checkboxGroup' } },
    submitLabel: 'Convert rules',
    success: () => 'The rules name the detailed file types now. Publish to apply them.',
    refused: 'The rules were not converted',
  }),
});
