import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../http';
import { PAC_MAX_BYTES, PacSettingsDocument, PacTemplate } from './pac';

const PAC = 'function FindProxyForURL(url, host) {\n  return "PROXY 203.0.113.10:80";\n}\n';
const keysOf = (value: unknown) => {
  const r = PacTemplate.safeParse(value);
  return r.success ? [] : fieldErrors(r.error).map((e) => `${e.path}:${e.key}`);
};

describe('PacTemplate', () => {
  it('accepts a .pac or .txt file that defines FindProxyForURL', () => {
    expect(keysOf({ pac: PAC, filename: 'proxy.pac' })).toEqual([]);
    expect(keysOf({ pac: PAC, filename: 'Branch_Office-2.TXT' })).toEqual([]);
  });

  it('refuses other names, paths and extensions', () => {
    for (const filename of ['proxy.js', '../proxy.pac', 'proxy', '.pac', 'my proxy.pac']) {
      expect(keysOf({ pac: PAC, filename })).toEqual(['filename:invalidFileName']);
    }
  });

  it('refuses a file over the size limit, an empty one, and one without FindProxyForURL', () => {
    const big = PAC + '//' + 'x'.repeat(PAC_MAX_BYTES);
    expect(keysOf({ pac: big, filename: 'proxy.pac' })).toEqual(['pac:maxSize']);
    expect(keysOf({ pac: 'return "DIRECT";', filename: 'proxy.pac' })).toEqual(['pac:invalidPac']);
    expect(keysOf({ pac: '', filename: 'proxy.pac' })).toContain('pac:too_small');
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    const fill = 'é'.repeat(Math.ceil((PAC_MAX_BYTES - PAC.length) / 2) + 1);
    expect(fill.length + PAC.length).toBeLessThan(PAC_MAX_BYTES);
    expect(keysOf({ pac: PAC + fill, filename: 'proxy.pac' })).toEqual(['pac:maxSize']);
  });
});

describe('PacSettingsDocument', () => {
  it('reads an empty document as the defaults', () => {
    expect(PacSettingsDocument.parse({})).toEqual({
      enabled: false,
      mode: 'generated',
      proxy_port: 80,
      bypass_private_networks: true,
      bypass_domains: [],
      bypass_ips: [],
      fallback_direct: false,
    });
  });

  it('needs a template in uploaded mode, and valid direct destinations', () => {
    const r = PacSettingsDocument.safeParse({ mode: 'uploaded', bypass_domains: ['intranet'], bypass_ips: ['10.0.0.0/40'], proxy_port: 70000 });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!).map((e) => `${e.path}:${e.key}`)).toEqual([
      'proxy_port:too_big',
      'bypass_domains.0:invalidDomain',
      'bypass_ips.0:invalidCidr',
      'template:required',
    ]);
  });
});
