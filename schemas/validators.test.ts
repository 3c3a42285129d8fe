import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './http';
import {
  CHECKS,
  checked,
  Domain,
  HostnameOrIp,
  ipRangesOverlap,
  ipv4ToNumber,
  isCidr,
  isDomain,
  isHostname,
  isIPv4,
  isIPv6,
  isIpRange,
  isPortOrPortRange,
  isPrivateIPv4,
  isUrl,
  maskToPrefix,
  PortOrPortRange,
  prefixToMask,
  ShortText,
  UserName,
  VALIDATOR_MESSAGES,
  type ValidatorKey,
} from './validators';

const label = (n: number, c = 'a') => c.repeat(n);
const PEM_BODY = 'MIIBszCCAVmgAwIBAgIUQk1Zb3J0ZXN0Y2VydGlmaWNhdGUwCgYIKoZIzj0EAwIw\nEjEQMA4GA1UEAwwHdGVzdC1jYTAeFw0yNDAxMDEwMDAwMDBa';
const PEM = `-----BEGIN CERTIFICATE-----\n${PEM_BODY}\n-----END CERTIFICATE-----`;

/** Valid and invalid samples for every error key; the table fails when a key is added without samples. */
const SAMPLES: Record<ValidatorKey, { pass: string[]; fail: string[] }> = {
  maxlength: { pass: ['', 'a'.repeat(200), ` ${'a'.repeat(200)}  `], fail: ['a'.repeat(201)] },
  minlength: { pass: ['', '   ', 'abc', ' abc '], fail: ['a', 'ab', ' ab '] },
  lineBreaks: { pass: ['one line', 'tab\there'], fail: ['a\nb', 'a\rb', 'a\r\nb'] },
  noLeadingTrailingSpaces: { pass: ['a b', ''], fail: [' a', 'a ', '\ta'] },
  invalidInteger: { pass: ['0', '42', '-7'], fail: ['', '4.2', '1e3', '+1', ' 1', 'x'] },
  invalidNumericInput: { pass: ['0', '007', '123'], fail: ['', '-1', '1.0', 'a1'] },
  invalidRegex: { pass: ['^a.*b$', '\\d+', ''], fail: ['(', '[a-', '*a'] },
  invalidUserName: { pass: ['alice', 'bob.smith@corp', 'x-y_z'], fail: ['a!b', 'a<b', 'a\\b', 'a b', "a'b", 'a"b', 'a\tb'] },
  invalidPassword: { pass: ['S3cure#Pass', 'a<b"c'], fail: ['a!b', 'a\\b', 'a b', "a'b"] },
  invalidEmail: { pass: ['', 'a@b.co', 'first.last+tag@mail.example.com'], fail: ['a@b', 'a b@c.com', '@b.com', 'a@.com x'] },
  invalidHostname: {
    pass: ['localhost', 'www.example.com', 'example.com.', 'a-b.c', `${label(63)}.com`],
    fail: ['', '-a.com', 'a-.com', 'a..com', 'a_b.com', `${label(64)}.com`, '1.2.3.4', 'ex ample.com'],
  },
  invalidIP: { pass: ['0.0.0.0', '192.0.2.10', '255.255.255.255'], fail: ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'a.b.c.d', ''] },
  invalidIpRange: {
    pass: ['10.0.0.1', '10.0.0.1-10.0.0.9', '10.0.0.1 - 10.0.0.1'],
    fail: ['10.0.0.9-10.0.0.1', '10.0.0.1-', '10.0.0.1-10.0.0.2-10.0.0.3', '10.0.0.0/8'],
  },
  invalidHostnameOrIp: { pass: ['192.0.2.1', 'host.example.com', 'intranet'], fail: ['999.1.1.1', 'bad host', ''] },
  invalidDomain: { pass: ['example.com', '*.example.com', 'a.b.example.co.uk'], fail: ['com', '*.com', '*example.com', 'exa mple.com', '1.2.3.4'] },
  invalidDomainIpOrCidr: { pass: ['example.com', '192.0.2.1', '10.0.0.0/8'], fail: ['10.0.0.0/33', 'nodot', 'http://example.com'] },
  invalidPortOrPortRange: {
    pass: ['1', '80', '65535', '8000-8080', '443-443'],
    fail: ['0', '65536', '99999', '123456', '8080-8000', '1-2-3', '-80', '80-', 'http', ''],
  },
  invalidCert: { pass: [PEM, `  ${PEM}\n`, PEM.replace(/\n/g, '\r\n')], fail: ['', PEM_BODY, PEM.replace('CERTIFICATE-----\n', 'CERTIFICATE-----'), '-----BEGIN CERTIFICATE-----\n@@@\n-----END CERTIFICATE-----'] },
  invalidUriStartsWith: { pass: ['http://x', 'https://x', 'HTTPS://X'], fail: ['ftp://x', 'www.x.com', ' http://x'] },
  invalidUrl: {
    pass: ['http://a', 'https://example.com/path?q=1', `https://e.com/${'a'.repeat(2048 - 14)}`],
    fail: ['http://', 'example.com', 'ftp://example.com', `https://e.com/${'a'.repeat(2048 - 13)}`, 'https://'],
  },
  invalidPath: { pass: ['/', '/logs', '/logs/archive-2024/', '/a_b/c-d'], fail: ['', 'logs', '//', '/a//b', '/a b', '/a.b'] },
  nonStandardDomainOrIP: { pass: ['192.0.2.1', 'www.example.com'], fail: ['example.com', 'localhost', '300.1.1.1'] },
  nonStandardIp: { pass: ['8.8.8.8', '172.32.0.1'], fail: ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'host'] },
  invalidIPv6: {
    pass: ['::', '::1', '2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0001', 'fe80::/32', '2001:db8::/128', '2001:db8::/64', '::ffff:192.0.2.1', '64:ff9b::192.0.2.33', '1:2:3:4:5:6:1.2.3.4'],
    fail: ['2001:db8::/31', '1.2.3.4::', '::ffff:300.1.1.1', '1:2:3:4:5:6:7:1.2.3.4', '::1.2.3.4:1', '2001:db8::/129', '1::2::3', '2001:db8:0:0:0:0:0:0:1', 'g::1', '12345::', '::/', '2001:db8::/64/1'],
  },
  invalidCidr: { pass: ['10.0.0.0/1', '10.0.0.0/8', '192.168.0.0/32'], fail: ['10.0.0.0/0', '10.0.0.0/33', '10.0.0.0', '10.0.0/8', '10.0.0.0/x'] },
  invalidFileName: { pass: ['report.csv', 'a.b', 'name.pem'], fail: ['report', 'report.csvx', 'a.b.c', '.csv', 'dir/a.csv', 'report.c1'] },
};

describe('every validator key', () => {
  it('has a message and samples', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(CHECKS).sort());
    expect(Object.keys(VALIDATOR_MESSAGES).sort()).toEqual(Object.keys(CHECKS).sort());
  });
  for (const [key, { pass, fail }] of Object.entries(SAMPLES) as [ValidatorKey, (typeof SAMPLES)[ValidatorKey]][]) {
    it.each(pass)(`${key} accepts %j`, (v) => expect(CHECKS[key](v)).toBe(true));
    it.each(fail)(`${key} refuses %j`, (v) => expect(CHECKS[key](v)).toBe(false));
  }
});

describe('boundaries', () => {
  it('hostname labels up to 63 and names up to 253 characters', () => {
    const name253 = [label(63), label(63), label(63), label(61)].join('.');
    expect(name253).toHaveLength(253);
    expect(isHostname(name253)).toBe(true);
    expect(isHostname(`${name253}a`)).toBe(false);
    expect(isHostname(`${label(63)}.com`)).toBe(true);
    expect(isHostname(`${label(64)}.com`)).toBe(false);
  });
  it('the strict hostname needs at least two dots', () => {
    expect(isHostname('a.b', true)).toBe(false);
    expect(isHostname('a.b.c', true)).toBe(true);
  });
  it('ports from 1 to 65535', () => {
    expect(isPortOrPortRange('1')).toBe(true);
    expect(isPortOrPortRange('0')).toBe(false);
    expect(isPortOrPortRange('65535')).toBe(true);
    expect(isPortOrPortRange('65536')).toBe(false);
    expect(isPortOrPortRange('1-65535')).toBe(true);
  });
  it('URLs from 8 to 2048 characters', () => {
    expect(isUrl('http://a')).toBe(true);
    expect(isUrl('http://')).toBe(false);
    const at = (n: number) => `https://e.com/${'a'.repeat(n - 14)}`;
    expect(isUrl(at(2048))).toBe(true);
    expect(isUrl(at(2049))).toBe(false);
  });
  it('text from 3 to 200 characters after trimming', () => {
    expect(ShortText.safeParse('abc').success).toBe(true);
    expect(ShortText.safeParse('ab').success).toBe(false);
    expect(ShortText.safeParse('a'.repeat(200)).success).toBe(true);
    expect(ShortText.safeParse('a'.repeat(201)).success).toBe(false);
    expect(ShortText.safeParse('').success).toBe(true);
  });
  it('IPv6 prefixes from 32 to 128', () => {
    expect(isIPv6('2001:db8::/31')).toBe(false);
    expect(isIPv6('2001:db8::/32')).toBe(true);
    expect(isIPv6('2001:db8::/128')).toBe(true);
    expect(isIPv6('2001:db8::/129')).toBe(false);
  });
  it('CIDR prefixes from 1 to 32', () => {
    expect(isCidr('10.0.0.0/0')).toBe(false);
    expect(isCidr('10.0.0.0/1')).toBe(true);
    expect(isCidr('10.0.0.0/32')).toBe(true);
    expect(isCidr('10.0.0.0/33')).toBe(false);
  });
});

describe('IPv4 helpers', () => {
  it('converts addresses to numbers', () => {
    expect(ipv4ToNumber('0.0.0.0')).toBe(0);
    expect(ipv4ToNumber('255.255.255.255')).toBe(2 ** 32 - 1);
    expect(ipv4ToNumber('1.2.3.4')).toBe(16909060);
  });
  it('knows the private ranges 10.x, 172.16–31.x and 192.168.x', () => {
    expect(isPrivateIPv4('10.0.0.0')).toBe(true);
    expect(isPrivateIPv4('10.255.255.255')).toBe(true);
    expect(isPrivateIPv4('172.15.255.255')).toBe(false);
    expect(isPrivateIPv4('172.16.0.0')).toBe(true);
    expect(isPrivateIPv4('172.31.255.255')).toBe(true);
    expect(isPrivateIPv4('172.32.0.0')).toBe(false);
    expect(isPrivateIPv4('192.168.0.1')).toBe(true);
    expect(isPrivateIPv4('192.169.0.1')).toBe(false);
    expect(isPrivateIPv4('11.0.0.1')).toBe(false);
    expect(isPrivateIPv4('not an ip')).toBe(false);
  });
  it('detects overlapping ranges, touching ends included', () => {
    expect(ipRangesOverlap('10.0.0.1-10.0.0.10', '10.0.0.10-10.0.0.20')).toBe(true);
    expect(ipRangesOverlap('10.0.0.1-10.0.0.10', '10.0.0.11-10.0.0.20')).toBe(false);
    expect(ipRangesOverlap('10.0.0.5', '10.0.0.1-10.0.0.9')).toBe(true);
    expect(ipRangesOverlap('10.0.0.1-10.0.0.9', '10.0.0.5')).toBe(true);
    expect(ipRangesOverlap('10.0.0.5', '10.0.0.6')).toBe(false);
    expect(ipRangesOverlap('10.0.0.1 - 10.0.1.0', '10.0.0.200-10.0.0.201')).toBe(true);
    expect(ipRangesOverlap('10.0.0.1-10.0.0.50', '10.0.0.2-10.0.0.3')).toBe(true);
  });
  it('converts between prefixes and masks', () => {
    expect(prefixToMask(0)).toBe('0.0.0.0');
    expect(prefixToMask(8)).toBe('255.0.0.0');
    expect(prefixToMask(20)).toBe('255.255.240.0');
    expect(prefixToMask(32)).toBe('255.255.255.255');
    for (let p = 0; p <= 32; p++) expect(maskToPrefix(prefixToMask(p))).toBe(p);
    expect(maskToPrefix('255.0.255.0')).toBeNull();
    expect(maskToPrefix('255.255.255')).toBeNull();
  });
  it('accepts only well-formed addresses', () => {
    expect(isIPv4('1.2.3.4')).toBe(true);
    expect(isIPv4('1.2.3.4 ')).toBe(false);
    expect(isIpRange('1.2.3.4')).toBe(true);
    expect(isDomain('*.example.com')).toBe(true);
  });
});

describe('schemas carry the error key', () => {
  it('in params.key, so the API answers with the same key', () => {
    const Doc = z.object({ list: z.array(z.object({ port: PortOrPortRange, host: HostnameOrIp })) });
    const r = Doc.safeParse({ list: [{ port: '70000', host: 'ok.example.com' }, { port: '80', host: 'bad host' }] });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual([
      { path: 'list.0.port', key: 'invalidPortOrPortRange', message: VALIDATOR_MESSAGES.invalidPortOrPortRange },
      { path: 'list.1.host', key: 'invalidHostnameOrIp', message: VALIDATOR_MESSAGES.invalidHostnameOrIp },
    ]);
  });
  it('for each rule of the short text', () => {
    const keyOf = (v: string) => fieldErrors(ShortText.safeParse(v).error!).map((e) => e.key);
    expect(keyOf('ab')).toEqual(['minlength']);
    expect(keyOf('a'.repeat(201))).toEqual(['maxlength']);
    expect(keyOf('abc\ndef')).toEqual(['lineBreaks']);
  });
  it('keeps the base schema rules', () => {
    expect(UserName.safeParse('').success).toBe(false);
    expect(checked('invalidDomain', z.string().max(5)).safeParse('example.com').success).toBe(false);
    expect(Domain.safeParse('example.com').success).toBe(true);
  });
});
