import { describe, expect, it } from 'vitest';
import { INGEST_MAX_IN_FLIGHT } from '../../schemas/areas/ingest';
import { admit } from './ingest';

describe('batches in flight', () => {
  it('are bounded per tenant and per server, and a released slot is taken again', () => {
    const { server, tenant } = INGEST_MAX_IN_FLIGHT;
    const held = [...Array(tenant)].map(() => admit('a'));
    expect(held.every(Boolean)).toBe(true);
    expect(admit('a')).toBeUndefined();
    // Other tenants fill the rest of the server's slots, then nobody gets one.
    for (let i = tenant; i < server; i++) held.push(admit(`t${Math.floor(i / tenant)}`));
    expect(held.every(Boolean)).toBe(true);
    expect(admit('fresh')).toBeUndefined();
    held[0]!();
    held[0]!(); // a second release of one slot frees nothing more
    expect(admit('fresh')).toBeDefined();
    expect(admit('other fresh')).toBeUndefined();
  });
});
