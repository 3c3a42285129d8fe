import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../http';
import { WebCategoriesDocument } from './webCategories';
import { WebThreatsDocument } from './webThreats';
import { AppLinksDocument, BandwidthDocument, EgressHeaderDocument, WatermarkDocument } from './webRules';

const errorsOf = (schema: z.ZodType, doc: unknown) => {
  const r = schema.safeParse(doc);
  return r.success ? [] : fieldErrors(r.error).map((e) => ({ path: e.path, key: e.key }));
};

describe('WebCategoriesDocument', () => {
  it('refuses the hidden Private Access category (88) and a category listed twice', () => {
    expect(errorsOf(WebCategoriesDocument, { list: [{ id: 'a', category: '88', action: 'block' }] })).toEqual([
      { path: 'list.0.category', key: 'invalid_value' },
    ]);
    expect(
      errorsOf(WebCategoriesDocument, {
        list: [
          { id: 'a', category: '27', action: 'block' },
          { id: 'b', category: '27', action: 'allow' },
        ],
      }),
    ).toEqual([{ path: 'list.1.category', key: 'duplicate' }]);
  });

  it('reads a never-saved document as an empty list', () => {
    expect(WebCategoriesDocument.parse({})).toEqual({ list: [] });
  });
});

describe('WebThreatsDocument', () => {
  it('fills the Flash defaults and refuses a threat category listed twice', () => {
    expect(WebThreatsDocument.parse({})).toEqual({ list: [], flash: { action: 'block', exceptions: [] } });
    const twice = { list: [{ id: 'a', threat: 'malware', action: 'block' }, { id: 'b', threat: 'malware', action: 'allow' }] };
    expect(errorsOf(WebThreatsDocument, twice)).toEqual([{ path: 'list.1.threat', key: 'duplicate' }]);
  });
});

describe('BandwidthDocument', () => {
  const rule = (over: object) => ({ bandwidth: { rules: [{ id: 'r', name: 'Streaming', ...over }] } });
  it('needs a rate limit or a daily quota', () => {
    expect(errorsOf(BandwidthDocument, rule({}))).toEqual([{ path: 'bandwidth.rules.0.limit_kbps', key: 'limitRequired' }]);
    expect(errorsOf(BandwidthDocument, rule({ daily_quota_mb: 500 }))).toEqual([]);
  });

  it('refuses two rules with the same id', () => {
    const doc = { bandwidth: { rules: [{ id: 'r', name: 'One', limit_kbps: 10 }, { id: 'r', name: 'Two', limit_kbps: 10 }] } };
    expect(errorsOf(BandwidthDocument, doc)).toEqual([{ path: 'bandwidth.rules.1.id', key: 'duplicate' }]);
  });
});

describe('WatermarkDocument', () => {
  const doc = (text: string) => ({ list: [{ id: 'w', name: 'HR portals', text }] });
  it('accepts the known placeholders and refuses any other', () => {
    expect(errorsOf(WatermarkDocument, doc('{user} {date} {ip}'))).toEqual([]);
    expect(errorsOf(WatermarkDocument, doc('{password}'))).toEqual([{ path: 'list.0.text', key: 'unknownPlaceholder' }]);
  });
});

describe('EgressHeaderDocument', () => {
  const doc = (over: object) => ({ egress_policy: [{ id: 'h', name: 'Tenant', domains: ['login.microsoftonline.com'], header: 'Restrict-Access-To-Tenants', ...over }] });
  it('needs a value unless the header is removed, and refuses line breaks and bad header names', () => {
    expect(errorsOf(EgressHeaderDocument, doc({ operation: 'replace' }))).toEqual([{ path: 'egress_policy.0.value', key: 'valueRequired' }]);
    expect(errorsOf(EgressHeaderDocument, doc({ operation: 'remove' }))).toEqual([]);
    expect(errorsOf(EgressHeaderDocument, doc({ value: 'a\r\nX-Injected: 1' }))).toEqual([{ path: 'egress_policy.0.value', key: 'lineBreaks' }]);
    expect(errorsOf(EgressHeaderDocument, doc({ header: 'Bad Header:', value: 'x' }))).toEqual([{ path: 'egress_policy.0.header', key: 'invalid_format' }]);
  });
});

describe('AppLinksDocument', () => {
  it('refuses web schemes as app links', () => {
    expect(errorsOf(AppLinksDocument, { list: [{ id: 'a', name: 'Web', scheme: 'https' }] })).toEqual([{ path: 'list.0.scheme', key: 'reservedScheme' }]);
    expect(errorsOf(AppLinksDocument, { list: [{ id: 'a', name: 'Zoom', scheme: 'zoommtg' }] })).toEqual([]);
  });
});
