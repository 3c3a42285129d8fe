import { ExtendImeDocument } from '../../schemas/areas/applianceAuth';
import { defineSettingsPage } from '../define';
import { applianceEnv, applianceNav, applianceRead, applianceTag, applianceWrite } from './common';

const on = { field: 'enabled', equals: [true] } as const;

export const applianceInputMethods = defineSettingsPage({
  id: 'appliance.input-methods',
  title: 'Input Methods',
  // Design note: the spec names /api/v1/settings/extend_ime but not its fields (schemas/areas/applianceAuth.ts).
  description:
    "Lets users type into isolated pages with their own computer's input method, for languages written with composed characters.",
  route: '/settings/input-methods',
  nav: applianceNav(75),
  endpoint: { path: '/api/v1/settings/extend_ime', revision: 'none', save: 'PUT' },
  schema: ExtendImeDocument,
  layout: {
    kind: 'form',
    fields: { enabled: {}, languages: { widget: 'multiselect', showIf: on } },
  },
  effects: { all: { service: 'Applied by the appliance to isolated pages: the input methods users may type with.' } },
  read: applianceRead,
  write: applianceWrite,
  env: applianceEnv,
  tag: applianceTag,
});
