import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../http';
import { BfProfile, BfViewerDocument } from './forensics';

const viewerErrors = (bf_viewer: object) => {
  const r = BfViewerDocument.safeParse({ bf_viewer });
  return r.success ? [] : fieldErrors(r.error).map((e) => `${e.path}:${e.key}`);
};

describe('BfViewerDocument', () => {
  it('passes any non-empty viewer URL while the viewer is on (spec 002 §5)', () => {
    expect(viewerErrors({ enabled: true, viewer_url: 'viewer.internal' })).toEqual([]);
    expect(viewerErrors({ enabled: true, viewer_url: '' })).toEqual(['bf_viewer.viewer_url:required']);
    expect(viewerErrors({ enabled: true, viewer_url: '   ' })).toEqual(['bf_viewer.viewer_url:required']);
  });

  it('needs no URL while the viewer is off, and only knows the two link targets', () => {
    expect(viewerErrors({ enabled: false })).toEqual([]);
    expect(viewerErrors({ enabled: false, open_link: 'popup' })).toEqual(['bf_viewer.open_link:invalid_value']);
  });
});

describe('BfProfile', () => {
  const profile = {
    uuid: '00000000-0000-4000-8000-000000000001',
    name: 'Standard',
    capture_params: {
      retain_bf_file: 'always',
      screenshot: { enabled: true, frequency: 10 },
      user_input: { enabled: false, capture_password: false, capture_username: false },
      files: {
        capture_files: false,
        default_settings: true,
        capture_settings: { infected: true, failed_open: false, dlp_violation: true, limit_size: { enabled: true, max_size: 100, unit: 'MB' } },
      },
      network: {
        capture_requests: false,
        default_setting: true,
        capture_settings: { xhr: true, server_response: false, max_payload_size: 10, payload_units: 'KB', max_post_size: 100, post_units: 'KB' },
      },
    },
    capture_indicator: { enabled: true },
    storage_default: true,
  };

  it('accepts the sample values of spec 002 §9', () => {
    expect(BfProfile.safeParse(profile).success).toBe(true);
  });

  it('needs a storage profile when the service storage is not used', () => {
    const r = BfProfile.safeParse({ ...profile, storage_default: false });
    expect(fieldErrors(r.error!).map((e) => `${e.path}:${e.key}`)).toEqual(['storage_profile_id:required']);
  });

  it('refuses a screenshot frequency of 0 and an unknown retention', () => {
    const r = BfProfile.safeParse({
      ...profile,
      capture_params: { ...profile.capture_params, retain_bf_file: 'never', screenshot: { enabled: true, frequency: 0 } },
    });
    expect(fieldErrors(r.error!).map((e) => e.path)).toEqual(['capture_params.retain_bf_file', 'capture_params.screenshot.frequency']);
  });
});
