/** The shell's top-level routes and their access rules (spec 000 §2), as plain data. */
import { defineSection, type SectionDef } from './define';

const cloudOrManagementStation = [
  { deployments: ['cloud', 'dev'] },
  { deployments: ['on_prem'], appModes: ['management_station'] },
] as const;

export const sections: readonly SectionDef[] = [
  defineSection({
    id: 'dashboard',
    title: 'Dashboard',
    route: '/dashboard',
    access: { any: ['dashboard:*:*'] },
    env: [{ deployments: ['cloud', 'dev'] }, { deployments: ['on_prem'], production: false }],
    order: 10,
    spotlight: {
      target: 'docArchiveNav',
      title: 'Reports and their archive',
      text: 'The dashboard, the report catalogue, and your scheduled reports with every report already sent, to download again.',
    },
  }),
  defineSection({
    id: 'policy',
    title: 'Policy',
    route: '/policy',
    access: {
      any: ['web_policy:*', 'email_policy:*', 'dlp_policy:*', 'casb_policy:*', 'egress_policy:*', 'content_inspection:*'],
    },
    env: cloudOrManagementStation,
    // Spec 000 §4: on-prem, the policy welcome is shown.
    welcome: {
      title: 'Welcome to policy management',
      text:
        'The policies you edit here are kept as unpublished changes until you publish them. Publishing sends them to ' +
        'every appliance this management station manages; the revision history lists each publish and can roll one back.',
      env: [{ deployments: ['on_prem'] }],
    },
    order: 20,
  }),
  defineSection({ id: 'customization', title: 'Customization', route: '/customization', access: { any: ['customization:*'] }, order: 30 }),
  defineSection({
    id: 'settings',
    title: 'Settings',
    route: '/settings',
    access: { any: ['settings:*', 'settings_cmr:*'] },
    order: 40,
    spotlight: {
      target: 'fileUploadNav',
      title: 'Uploading files',
      text: 'Certificates, PAC file templates and profiles are uploaded in the settings that use them; lists in policy import CSV or JSON files.',
    },
  }),
  defineSection({
    id: 'secure-application-access',
    title: 'Secure Application Access',
    route: '/secure-application-access',
    access: { any: ['private_access:*'] },
    env: { deployments: ['cloud', 'dev'] },
    order: 50,
  }),
  defineSection({ id: 'fwaas', title: 'Firewall', route: '/fwaas', access: { any: ['fwaas:*'] }, order: 60 }),
  defineSection({
    id: 'browser-management',
    title: 'Browser Posture Manager',
    route: '/browser-management',
    access: { any: ['browser_posture_management:*'] },
    order: 70,
  }),
  defineSection({
    id: 'logs',
    title: 'Logs',
    route: '/logs',
    access: { any: ['logs:*'] },
    order: 80,
    spotlight: {
      target: 'fileDownloadNav',
      title: 'Downloading events',
      text: 'Find events with filters and an interval, then download what you found as a CSV or JSON file.',
    },
  }),
  defineSection({
    id: 'web',
    title: 'Web',
    route: '/web',
    access: { any: ['setting:*', 'settings_cmr:*'] },
    // The web isolation service of an on-premises web appliance (its screens inherit this rule).
    env: [{ deployments: ['on_prem'], appModes: ['safeview', 'safeview_proxy', 'safeview_isolation'] }, { deployments: ['dev'] }],
    order: 90,
  }),
  defineSection({
    id: 'safemail',
    title: 'Safemail',
    route: '/safemail',
    access: { any: ['setting:*', 'settings_cmr:*'] },
    // The mail isolation service of an on-premises mail appliance (its screens inherit this rule).
    env: [{ deployments: ['on_prem'], appModes: ['safemail', 'safemail_worker'] }, { deployments: ['dev'] }],
    order: 100,
  }),
  defineSection({
    id: 'insights',
    title: 'Insights',
    route: '/insights',
    env: cloudOrManagementStation,
    order: 110,
  }),
  defineSection({ id: 'contact-form', title: 'Contact', route: '/contact-form', hidden: true, order: 120 }),
];
