/**
 * Browser forensics (spec 002 §3): profiles that say what an isolated session records (screenshots, typed input,
 * files, network requests) and where the record is stored, and the viewer that opens recorded sessions.
 */
import { z } from 'zod';
import { RetainForensicFile, SizeUnit, ViewerOpenLink, labelledEnum } from '../enums';

export const BF_TEXT_MAX = 250;
/** Sample values of spec 002 §9: screenshot every 10 seconds, files up to 100 MB, payloads 10 KB and posts 100 KB. */
export const BF_DEFAULTS = {
  screenshotFrequency: 10,
  fileSizeLimitMb: 100,
  maxPayloadKb: 10,
  maxPostKb: 100,
} as const;

const text = (title: string) =>
  z
    .string()
    .min(1, { message: `${title} is required.` })
    .max(BF_TEXT_MAX, { message: `Use at most ${BF_TEXT_MAX} characters.` })
    .meta({ title });

export const PayloadUnit = labelledEnum(['KB', 'MB'], { KB: 'KB', MB: 'MB' }, { title: 'Unit' });

export const BfScreenshot = z.strictObject({
  enabled: z.boolean().meta({ title: 'Capture screenshots' }),
  frequency: z.number().int().min(1).max(3600).meta({ title: 'Screenshot every (seconds)' }),
});

export const BfUserInput = z.strictObject({
  enabled: z.boolean().meta({ title: 'Capture typed input' }),
  capture_password: z.boolean().meta({ title: 'Include password fields' }),
  capture_username: z.boolean().meta({ title: 'Include user-name fields' }),
});

export const BfFiles = z.strictObject({
  capture_files: z.boolean().meta({ title: 'Capture files' }),
  default_settings: z.boolean().meta({ title: 'Use the default file settings' }),
  capture_settings: z.strictObject({
    infected: z.boolean().meta({ title: 'Infected files' }),
    failed_open: z.boolean().meta({ title: 'Files that failed to open' }),
    dlp_violation: z.boolean().meta({ title: 'Files with a DLP violation' }),
    limit_size: z.strictObject({
      enabled: z.boolean().meta({ title: 'Limit the file size' }),
      max_size: z.number().int().min(1).max(1_000_000).meta({ title: 'Maximum file size' }),
      unit: SizeUnit,
    }),
  }),
  infected_file_password: text('Password of infected-file archives')
    .meta({ title: 'Password of infected-file archives', writeOnly: true })
    .optional(),
  dlp_file_password: text('Password of DLP-file archives').meta({ title: 'Password of DLP-file archives', writeOnly: true }).optional(),
});

export const BfNetwork = z.strictObject({
  capture_requests: z.boolean().meta({ title: 'Capture network requests' }),
  default_setting: z.boolean().meta({ title: 'Use the default network settings' }),
  capture_settings: z.strictObject({
    xhr: z.boolean().meta({ title: 'XHR and fetch requests' }),
    server_response: z.boolean().meta({ title: 'Server responses' }),
    max_payload_size: z.number().int().min(1).max(100_000).meta({ title: 'Maximum payload size' }),
    payload_units: PayloadUnit,
    max_post_size: z.number().int().min(1).max(100_000).meta({ title: 'Maximum POST body size' }),
    post_units: PayloadUnit,
  }),
});

export const BfCaptureParams = z.strictObject({
  retain_bf_file: RetainForensicFile,
  screenshot: BfScreenshot,
  user_input: BfUserInput,
  files: BfFiles,
  network: BfNetwork,
});

export const BfProfile = z
  .strictObject({
    uuid: z.uuid().meta({ title: 'Id' }),
    name: text('Name'),
    description: z.string().max(BF_TEXT_MAX, { message: `Use at most ${BF_TEXT_MAX} characters.` }).optional().meta({ title: 'Description' }),
    capture_params: BfCaptureParams,
    capture_indicator: z.strictObject({
      enabled: z.boolean().meta({ title: 'Show users that the session is recorded' }),
    }),
    storage_default: z.boolean().meta({
      title: 'Use the service storage',
      description: 'Off: write recordings to the storage profile chosen below',
    }),
    storage_profile_id: z.uuid().optional().meta({ title: 'Storage profile', description: 'Id of a storage profile' }),
  })
  .superRefine((p, ctx) => {
    if (!p.storage_default && !p.storage_profile_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['storage_profile_id'],
        message: 'Choose a storage profile, or use the service storage.',
        params: { key: 'required' },
      });
    }
  });
export type BfProfile = z.infer<typeof BfProfile>;

export const BfProfilesDocument = z.strictObject({
  bf_profiles: z.array(BfProfile).max(100).meta({ title: 'Forensic profiles' }),
});
export type BfProfilesDocument = z.infer<typeof BfProfilesDocument>;

export const BfViewer = z
  .strictObject({
    enabled: z.boolean().default(false).meta({ title: 'Use an external viewer' }),
    validated: z.boolean().default(false).meta({ title: 'Validated' }),
    viewer_url: z.string().max(2048, { message: 'Use at most 2048 characters.' }).default('').meta({ title: 'Viewer URL' }),
    open_link: ViewerOpenLink.default('new_tab'),
  })
  .superRefine((v, ctx) => {
    // Spec 002 §5: the viewer URL passes when it is not empty; it only matters while the viewer is on.
    if (v.enabled && v.viewer_url.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['viewer_url'], message: 'Enter the viewer URL.', params: { key: 'required' } });
    }
  });
export type BfViewer = z.infer<typeof BfViewer>;

export const BfViewerDocument = z.strictObject({ bf_viewer: BfViewer });
export type BfViewerDocument = z.infer<typeof BfViewerDocument>;

/** Answer of GET /api/settings/v1/bf/status: whether recording can run for the tenant, and why not. */
export const BfStatus = z.object({
  enabled: z.boolean().meta({ description: 'The tenant has the browsing-forensics capability' }),
  profiles: z.number().int().nonnegative(),
  storage_profiles: z.number().int().nonnegative(),
  viewer: z.enum(['disabled', 'enabled']),
  state: z.enum(['ready', 'not_configured', 'unavailable']),
  message: z.string(),
});
export type BfStatus = z.infer<typeof BfStatus>;
