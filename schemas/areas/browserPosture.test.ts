import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PostureBrowser, PosturePlatform, browserSettingsSchema } from './browserPosture';

const jsonSchema = (platform: PosturePlatform, browser: PostureBrowser, version: string) =>
  z.toJSONSchema(browserSettingsSchema(platform, browser, version), { target: 'draft-07' }) as {
    $schema: string;
    properties: Record<string, unknown>;
  };

describe('browser setting catalogue', () => {
  it('offers 15 to 30 settings for each current browser and platform, as strict draft-07 JSON Schema', () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats(ajv);
    for (const platform of PosturePlatform.options) {
      for (const browser of PostureBrowser.options) {
        const schema = jsonSchema(platform, browser, '122');
        expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
        const count = Object.keys(schema.properties).length;
        expect(count, `${browser} on ${platform}`).toBeGreaterThanOrEqual(15);
        expect(count, `${browser} on ${platform}`).toBeLessThanOrEqual(30);
        expect(() => ajv.compile(schema)).not.toThrow();
      }
    }
  });

  it('validates values the way the zod schema does', () => {
    const ajv = new Ajv({ strict: true });
    addFormats(ajv);
    const validate = ajv.compile(jsonSchema('windows', 'chrome', '120'));
    const good = { SafeBrowsingProtectionLevel: 2, DnsOverHttpsMode: 'secure', MaxConnectionsPerProxy: 32, URLBlocklist: ['example.com'] };
    expect(validate(good)).toBe(true);
    expect(browserSettingsSchema('windows', 'chrome', '120').safeParse(good).success).toBe(true);
    for (const bad of [{ SafeBrowsingProtectionLevel: 3 }, { MaxConnectionsPerProxy: 5 }, { DnsOverHttpsMode: 'on' }, { NoSuchPolicy: true }]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
      expect(browserSettingsSchema('windows', 'chrome', '120').safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('follows browser, platform and version', () => {
    const chrome = Object.keys(jsonSchema('windows', 'chrome', '120.0.6099.71').properties);
    const edge = Object.keys(jsonSchema('windows', 'edge', '120').properties);
    expect(chrome).toContain('IncognitoModeAvailability');
    expect(chrome).not.toContain('InPrivateModeAvailability');
    expect(edge).toContain('InPrivateModeAvailability');
    expect(Object.keys(jsonSchema('linux', 'edge', '120').properties)).not.toContain('SmartScreenEnabled');
    expect(Object.keys(jsonSchema('windows', 'chrome', '111').properties)).not.toContain('HttpsOnlyMode');
    expect(chrome).toContain('HttpsOnlyMode');
  });
});
