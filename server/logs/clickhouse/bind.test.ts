import { describe, expect, it } from 'vitest';
import { bind, identifier, raw, sql, stringLiteral } from './bind';
import { ClickHouse, clickHouseConfig } from './client';

const url = process.env.CLICKHOUSE_URL;

describe('binding values', () => {
  it('quotes and escapes strings so no value can end its literal', () => {
    expect(stringLiteral("it's")).toBe("'it\\'s'");
    expect(stringLiteral('a\\b')).toBe("'a\\\\b'");
    expect(stringLiteral('\\\'')).toBe("'\\\\\\''");
    expect(stringLiteral('a\0b\n')).toBe("'a\\0b\\n'");
    expect(stringLiteral('\uD800x\uDC00')).toBe("'\uFFFDx\uFFFD'");
    expect(stringLiteral('\uD83D\uDE00')).toBe("'\uD83D\uDE00'");
  });

  it('binds numbers, arrays and statement parts, and refuses what is not a finite number or a plain name', () => {
    expect(sql`x IN (${[1, 'a', null, true]}) AND y = ${-2.5} AND ${raw('z')}`.text).toBe("x IN ([1, 'a', NULL, 1]) AND y = -2.5 AND z");
    expect(() => bind(Number.NaN)).toThrow();
    expect(() => bind(Infinity)).toThrow();
    expect(identifier('portal_1')).toBe('portal_1');
    expect(() => identifier('portal; DROP TABLE x')).toThrow();
  });
});

describe.skipIf(!url)('binding values on ClickHouse', () => {
  // Made only when the suite runs: vitest collects a skipped suite's body too.
  const ch = url ? new ClickHouse(clickHouseConfig({ CLICKHOUSE_URL: url })) : (undefined as never);
  const hostile = [
    "'; DROP DATABASE portal; --",
    "\\'",
    'back\\slash\\',
    "quote' \" ` end",
    'nul\0inside',
    'tab\tnewline\ncr\r\b\f',
    '\\0 is not NUL',
    'ünïcødé 🙂',
    '\uD800 lone high',
    'lone low \uDC00',
    'x'.repeat(1_000_000) + "'",
  ];

  it('reads back every hostile string as it was bound (lone surrogates as U+FFFD)', async () => {
    for (const s of hostile) {
      const [row] = await ch.rows<{ v: string; n: string }>(sql`SELECT ${s} AS v, length(${s}) AS n`);
      expect(row!.v).toBe(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
    }
  });

  it('keeps a bound value out of the statement: a comparison with it matches only itself', async () => {
    for (const s of hostile.slice(0, 8)) {
      const [row] = await ch.rows<{ hit: number }>(sql`SELECT count() AS hit FROM (SELECT ${s} AS v) WHERE v = ${s} AND v != ${`${s}x`}`);
      expect(Number(row!.hit)).toBe(1);
    }
  });
});
