import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../rollups';
import { scopesOf } from './recount';

const DAY0 = Date.UTC(2026, 10, 1);
const entry = (tenantId: string, fromDay: number, fromHour: number, toDay = fromDay, toHour = fromHour + 1) => ({
  tenantId,
  minTs: DAY0 + fromDay * DAY_MS + fromHour * HOUR_MS,
  maxTs: DAY0 + toDay * DAY_MS + toHour * HOUR_MS,
});

describe('the scopes of queue entries', () => {
  it('count entries of the same or touching days together, over their tenants and joint span', () => {
    const scopes = scopesOf([entry('b', 1, 3), entry('a', 0, 22, 1, 1), entry('a', 2, 5)]);
    expect(scopes).toEqual([{ tenants: ['a', 'b'], fromMs: entry('a', 0, 22).minTs, toMs: entry('a', 2, 5).maxTs }]);
  });

  it('count entries days apart apart, so that old events do not make a read take the days between', () => {
    const late = entry('a', 29, 10);
    const backlog = entry('b', 2, 0, 3, 12);
    const scopes = scopesOf([late, backlog, entry('c', 29, 11)]);
    expect(scopes).toEqual([
      { tenants: ['b'], fromMs: backlog.minTs, toMs: backlog.maxTs },
      { tenants: ['a', 'c'], fromMs: late.minTs, toMs: entry('c', 29, 11).maxTs },
    ]);
  });

  it('has none without entries', () => {
    expect(scopesOf([])).toEqual([]);
  });
});
