import { saveSettingsPacVersion, settingsPacVersion } from '../api/lookups';
import { actionForm, dateTimeText, defineFormScreen, initialFrom } from '../define';


// Design note: the spec names the calls (GET and PUT pac_version and /api/settings/v2/pac/version) but no screen; the
// choice sits beside the PAC File page, whose uploaded template it decides on, with the same access rule.
export const pacVersion = defineFormScreen({
  id: 'settings.pac-version',
  title: 'PAC File Version',
  description:
    'Which PAC file browsers get. Version 1 serves only the file generated from the PAC File settings. Version 2 ' +
    'serves the uploaded template instead, once one is uploaded on the PAC File page. The change takes effect at once, ' +
    'without publishing.',
  route: '/settings/pac-version',
  nav: { group: 'Network', order: 11 },
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
  feature: 'pac',
  form: actionForm(saveSettingsPacVersion, {
    fields: { version: { widget: 'segmented', label: 'PAC file version' } },
    initial: initialFrom(settingsPacVersion, {
      values: (a) => ({ version: a.version }),
      intro: (a) =>
        a.updated_at && a.updated_by ? `Last changed by ${a.updated_by} on ${dateTimeText(a.updated_at)}.` : 'Never changed: browsers get the generated file (version 1).',
    }),
    submitLabel: 'Save',
    success: (v) => (v.version === 'v2' ? 'Browsers now get the uploaded template, when there is one.' : 'Browsers now get the generated PAC file.'),
    refused: 'Not saved',
  }),
});
