import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AWS_REGIONS,
  AWS_TO_GCP_REGION,
  AwsRegionCode,
  ConfigType,
  enumOptions,
  evasionTechniqueLabel,
  GCP_REGIONS,
  gcpRegionFor,
  labelOf,
  labelsOf,
  LicenseState,
  NodeType,
  RowState,
  RuleAction,
  regionDescription,
} from './enums';
import * as enums from './enums';

describe('labelled enumerations', () => {
  it('label the node types as the spec does', () => {
    expect(enumOptions(NodeType)).toEqual([
      { value: 'management_station', label: 'Central Manager' },
      { value: 'safemail', label: 'Email Processor' },
      { value: 'safemail_worker', label: 'Attachment Worker' },
      { value: 'safeview_proxy', label: 'Isolation Master' },
      { value: 'safeview_isolation', label: 'Isolation Worker' },
      { value: 'safeview', label: 'Isolation Standalone' },
    ]);
  });
  it('label the config types Download, Install, Rollback', () => {
    expect(labelOf(ConfigType, 'image_download')).toBe('Download');
    expect(labelOf(ConfigType, 'upgrade_image')).toBe('Install');
    expect(labelOf(ConfigType, 'rollback_image')).toBe('Rollback');
  });
  it('hold the spec values and refuse others', () => {
    expect(LicenseState.options).toEqual(['none', 'active', 'expired', 'about_to_expire']);
    expect(RowState.options).toEqual(['error', 'soft-error', 'warning', 'info', 'none']);
    expect(RuleAction.safeParse('isolate').success).toBe(false);
    expect(labelOf(RuleAction, 'safeview')).toBe('Isolate');
  });
  it('give every value of every labelled enumeration a label', () => {
    const schemas = (Object.values(enums) as unknown[]).filter((v): v is z.ZodEnum => v instanceof z.ZodEnum);
    expect(schemas.length).toBeGreaterThan(25);
    for (const s of schemas) {
      const labels = labelsOf(s);
      expect(labels, String(s.meta()?.title)).toBeDefined();
      expect(Object.keys(labels!).sort()).toEqual([...s.options].map(String).sort());
    }
  });
  it('carry the labels into JSON Schema', () => {
    const json = z.toJSONSchema(NodeType) as Record<string, unknown>;
    expect(json.enum).toContain('safeview_proxy');
    expect((json['x-labels'] as Record<string, string>).safeview_proxy).toBe('Isolation Master');
  });
  it('show an unknown value as it is', () => {
    expect(labelOf(NodeType, 'toaster')).toBe('toaster');
    expect(labelsOf(z.string())).toBeUndefined();
  });
});

describe('evasion techniques', () => {
  it('map the named techniques to readable labels', () => {
    expect(evasionTechniqueLabel('lure')).toBe('Lure');
    expect(evasionTechniqueLabel('html_smuggling')).toBe('HTML Smuggling');
    expect(evasionTechniqueLabel('geo_fencing')).toBe('Geo-fencing');
    expect(evasionTechniqueLabel('detection_bypass')).toBe('Detection Bypass');
  });
  it('read an unknown technique as its words', () => {
    expect(evasionTechniqueLabel('browser_fingerprinting')).toBe('Browser Fingerprinting');
  });
});

describe('region catalogue', () => {
  it('describes AWS and GCP codes', () => {
    expect(regionDescription('us-east-1')).toBe('US East (N. Virginia)');
    expect(regionDescription('europe-west3')).toBe('Frankfurt, Germany');
    expect(regionDescription('mars-1')).toBe('mars-1');
    expect(labelOf(AwsRegionCode, 'eu-central-1')).toBe('Europe (Frankfurt)');
  });
  it('maps every AWS region to a catalogued GCP region', () => {
    for (const aws of Object.keys(AWS_REGIONS)) {
      const gcp = gcpRegionFor(aws);
      expect(gcp, aws).toBeDefined();
      expect(Object.keys(GCP_REGIONS)).toContain(gcp);
    }
    expect(Object.keys(AWS_TO_GCP_REGION)).toHaveLength(Object.keys(AWS_REGIONS).length);
    expect(gcpRegionFor('eu-central-1')).toBe('europe-west3');
    expect(gcpRegionFor('nowhere')).toBeUndefined();
  });
});
