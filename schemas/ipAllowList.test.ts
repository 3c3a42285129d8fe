import { describe, expect, it } from 'vitest';
import { addressAllowed, parseAddress, parseBlock } from './ipAllowList';

describe('address allow-list', () => {
  it('matches IPv4 CIDR blocks at their boundaries', () => {
    const list = ['203.0.113.0/24'];
    expect(addressAllowed('203.0.113.0', list)).toBe(true);
    expect(addressAllowed('203.0.113.255', list)).toBe(true);
    expect(addressAllowed('203.0.112.255', list)).toBe(false);
    expect(addressAllowed('203.0.114.0', list)).toBe(false);
    expect(addressAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('11.0.0.0', ['10.0.0.0/8'])).toBe(false);
    expect(addressAllowed('198.51.100.14', ['198.51.100.14/32'])).toBe(true);
    expect(addressAllowed('198.51.100.15', ['198.51.100.14/31'])).toBe(true);
    expect(addressAllowed('198.51.100.16', ['198.51.100.14/31'])).toBe(false);
    expect(addressAllowed('255.1.1.1', ['128.0.0.0/1'])).toBe(true);
    expect(addressAllowed('127.255.255.255', ['128.0.0.0/1'])).toBe(false);
  });

  it('matches single addresses exactly', () => {
    expect(addressAllowed('198.51.100.14', ['198.51.100.14'])).toBe(true);
    expect(addressAllowed('198.51.100.15', ['198.51.100.14'])).toBe(false);
    expect(addressAllowed('::1', ['::1'])).toBe(true);
    expect(addressAllowed('::2', ['::1'])).toBe(false);
  });

  it('matches IPv6 blocks, in any spelling, at their boundaries', () => {
    const list = ['2001:db8:abcd::/48'];
    expect(addressAllowed('2001:db8:abcd::', list)).toBe(true);
    expect(addressAllowed('2001:0DB8:ABCD:ffff:ffff:ffff:ffff:ffff', list)).toBe(true);
    expect(addressAllowed('2001:db8:abce::', list)).toBe(false);
    expect(addressAllowed('2001:db8:abcc:ffff:ffff:ffff:ffff:ffff', list)).toBe(false);
    expect(addressAllowed('fe80::1%eth0', ['fe80::/10'])).toBe(true);
    expect(addressAllowed('fec0::1', ['fe80::/10'])).toBe(false);
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address, and keeps the families apart otherwise', () => {
    expect(addressAllowed('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(addressAllowed('::ffff:7f00:1', ['127.0.0.0/8'])).toBe(true);
    expect(addressAllowed('::ffff:10.0.0.1', ['127.0.0.1'])).toBe(false);
    expect(addressAllowed('127.0.0.1', ['::1'])).toBe(false);
    expect(addressAllowed('::1', ['127.0.0.1'])).toBe(false);
    expect(addressAllowed('::7f00:1', ['127.0.0.0/8'])).toBe(false);
  });

  it('refuses what is not an address or a block, and matches nothing with it', () => {
    for (const bad of ['', '1.2.3', '1.2.3.256', '10.0.0.0/0', '10.0.0.0/33', '::1/129', '::1/0', '1::2::3', '1:2:3:4:5:6:7:8:9', 'g::1', '10.0.0.0/8/8', 'localhost']) {
      expect(parseBlock(bad), bad).toBeUndefined();
    }
    expect(addressAllowed('10.0.0.1', ['10.0.0.0/33', 'nonsense'])).toBe(false);
    expect(addressAllowed('not an address', ['10.0.0.0/8'])).toBe(false);
    expect(parseAddress('1:2:3:4:5:6:1.2.3.4')).toEqual({ v6: true, value: (0x1000200030004n << 64n) | (0x50006n << 32n) | 0x01020304n });
    expect(parseBlock('1:2:3:4:5:6:7::')).toBeDefined();
    expect(parseBlock('::')).toBeDefined();
  });
});
