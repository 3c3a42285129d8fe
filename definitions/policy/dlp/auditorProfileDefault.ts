import { AuditorProfileDefaultDocument } from '../../../schemas/areas/auditorProfiles';
import { defineSettingsPage, optionsFrom } from '../../define';
import { auditorProfiles } from './auditorProfiles';

export const auditorProfileDefault = defineSettingsPage({
  id: 'dlp.auditor-profile-default',
  title: 'Default Auditor Profile',
  description: 'The auditor profile used by rules that name none; empty: such captures go to no auditor. Applies at once.',
  route: '/policy/dlp/auditor-profile-default',
  nav: { group: 'DLP', order: 46 },
  endpoint: { path: '/api/policy/v1/auditor_profiles/default', revision: 'none', save: 'PUT' },
  schema: AuditorProfileDefaultDocument,
  layout: {
    kind: 'form',
    fields: { default: { optionsFrom: optionsFrom(auditorProfiles, 'list', 'id', 'name') } },
  },
  effects: { all: { service: 'Applied by the isolation service: captures of rules that name no profile go to it.' } },
  read: { any: ['dlp_policy:read'] },
  write: { any: ['dlp_policy:write'] },
  feature: 'dlp',
  tag: 'dlp policy',
});
