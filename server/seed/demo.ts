/** The demo tenants and accounts of the team brief (README "Demo accounts"); role lists from schemas/demoRoles.ts. */
import type { Capabilities, Roles } from '../../schemas/access';
import { DEMO_ROLES } from '../../schemas/demoRoles';

export const DEMO_TENANT_ID = '5d1f3c2a-8b4e-4f6a-9c7d-0e1f2a3b4c5d';
export const OTHER_TENANT_ID = 'a7c9e1f3-2b4d-4e6f-8a0b-c1d2e3f4a5b6';

export interface DemoTenant {
  readonly id: string;
  readonly name: string;
  readonly capabilities: Capabilities;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly users: readonly {
    readonly username: string;
    readonly password: string;
    readonly first_name: string;
    readonly last_name: string;
    /** The address the Users screen shows and the directory's domains come from. */
    readonly email: string;
    readonly roles: Roles;
  }[];
}


export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    id: DEMO_TENANT_ID,
    name: 'Demo Corp',
    capabilities: {
      rbac: true,
      portal2: true,
      sso: true,
      tfa: true,
      pac: true,
      bnb: true,
      dlp: true,
      casb: true,
      email: true,
      safemailPolicy: true,
      attachments: true,
      smtp_users: true,
      private_access: true,
      fwaas: true,
      reports: true,
      documents: true,
      files: true,
      bandwidth_limits: true,
      daily_bandwidth_quota: false,
      browsing_forensics: true,
      watermarking: true,
      multiple_idp: true,
      additional_local_admins: true,
      genai_copy_paste: true,
      restricted_logs: false,
      runtime_analysis: true,
      mobileSupport: true,
      max_users: 2500,
    },
    settings: {},
    users: [
      { username: 'admin', password: 'admin-demo', first_name: 'Alex', last_name: 'Morgan', email: 'alex.morgan@demo-corp.example', roles: DEMO_ROLES.admin },
      { username: 'auditor', password: 'auditor-demo', first_name: 'Jordan', last_name: 'Lee', email: 'jordan.lee@demo-corp.example', roles: DEMO_ROLES.auditor },
      { username: 'webadmin', password: 'webadmin-demo', first_name: 'Sam', last_name: 'Rivera', email: 'sam.rivera@demo-corp.example', roles: DEMO_ROLES.webadmin },
    ],
  },
  {
    id: OTHER_TENANT_ID,
    name: 'Other Corp',
    capabilities: {
      rbac: true,
      portal2: true,
      sso: false,
      tfa: true,
      pac: true,
      dlp: true,
      casb: false,
      email: true,
      safemailPolicy: true,
      attachments: false,
      url_isolation_disabled: false,
      private_access: false,
      fwaas: true,
      reports: true,
      documents: true,
      files: false,
      bandwidth_limits: false,
      browsing_forensics: false,
      watermarking: true,
      max_users: 400,
    },
    settings: {},
    users: [
      { username: 'other-admin', password: 'other-demo', first_name: 'Casey', last_name: 'Nguyen', email: 'casey.nguyen@other-corp.example', roles: DEMO_ROLES['other-admin'] },
    ],
  },
];
