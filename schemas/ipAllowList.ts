/**
 * Address allow-lists of IPv4 and IPv6 addresses and CIDR blocks (Settings → Administrator Access): parsing to
 * numbers and matching. An IPv4-mapped IPv6 address (::ffff:192.0.2.1, as a dual-stack server sees an IPv4 client)
 * is the IPv4 address.
 */
import { isIPv4 } from './validators';

interface Address {
  readonly v6: boolean;
  readonly value: bigint;
}

const BITS = { v4: 32, v6: 128 } as const;

function ipv4Value(v: string): bigint {
  return v.split('.').reduce((n, o) => (n << 8n) | BigInt(Number(o)), 0n);
}

function ipv6Value(v: string): bigint | undefined {
  const halves = v.split('::');
  if (halves.length > 2) return undefined;
  const parts = halves.map((h) => (h === '' ? [] : h.split(':')));
  const groups: number[][] = [];
  for (const half of parts) {
    const out: number[] = [];
    for (let i = 0; i < half.length; i++) {
      const g = half[i]!;
      // An embedded IPv4 address may end the address only, and stands for two groups.
      if (g.includes('.') && i === half.length - 1 && half === parts[parts.length - 1] && isIPv4(g)) {
        const n = Number(ipv4Value(g));
        out.push(n >>> 16, n & 0xffff);
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(g)) out.push(parseInt(g, 16));
      else return undefined;
    }
    groups.push(out);
  }
  const width = groups.reduce((n, g) => n + g.length, 0);
  if (halves.length === 2 ? width > 7 : width !== 8) return undefined;
  const all = halves.length === 2 ? [...groups[0]!, ...Array<number>(8 - width).fill(0), ...groups[1]!] : groups[0]!;
  return all.reduce((n, g) => (n << 16n) | BigInt(g), 0n);
}

const MAPPED_V4 = 0xffffn << 32n;

/** An IPv4 or IPv6 address as a number, or undefined when it is not one; IPv4-mapped IPv6 becomes IPv4. */
export function parseAddress(v: string): Address | undefined {
  if (isIPv4(v)) return { v6: false, value: ipv4Value(v) };
  const value = v.includes(':') ? ipv6Value(v.replace(/%.+$/, '')) : undefined;
  if (value === undefined) return undefined;
  if (value >> 32n === 0xffffn && (value & ~0xffffffffn) === MAPPED_V4) return { v6: false, value: value & 0xffffffffn };
  return { v6: true, value };
}

export interface Block {
  readonly v6: boolean;
  readonly value: bigint;
  readonly prefix: number;
}

/** An address (a block of one) or a CIDR block `address/prefix` (1–32 for IPv4, 1–128 for IPv6), or undefined. */
export function parseBlock(v: string): Block | undefined {
  const [addr, prefixText, extra] = v.split('/');
  if (addr === undefined || extra !== undefined) return undefined;
  const a = parseAddress(addr);
  if (!a || (a.v6 === false && addr.includes(':'))) return undefined;
  const bits = a.v6 ? BITS.v6 : BITS.v4;
  if (prefixText === undefined) return { ...a, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix >= 1 && prefix <= bits ? { ...a, prefix } : undefined;
}

/** Whether the address lies in the block (an IPv4 address never lies in an IPv6 block, nor the reverse). */
export function blockContains(block: Block, address: string): boolean {
  const a = parseAddress(address);
  if (!a || a.v6 !== block.v6) return false;
  const shift = BigInt((block.v6 ? BITS.v6 : BITS.v4) - block.prefix);
  return a.value >> shift === block.value >> shift;
}

/** Whether the address lies in any entry of the list (entries that do not parse match nothing). */
export function addressAllowed(address: string, list: readonly string[]): boolean {
  return list.some((entry) => {
    const block = parseBlock(entry);
    return block !== undefined && blockContains(block, address);
  });
}
