import { describe, expect, it } from 'vitest';
import { parseQuery, routeWithQuery } from './urlQuery';

describe('URL query of a log view', () => {
  it('reads repeated keys as lists and decodes form-encoded spaces', () => {
    expect(parseQuery('interval=7d&pe_action=block&pe_action=allow&lure=Fake+Login')).toEqual({
      interval: '7d',
      pe_action: ['block', 'allow'],
      lure: 'Fake Login',
    });
  });

  it('writes the interval and filters, dropping empty values and the page number', () => {
    expect(routeWithQuery('/logs/web', { interval: '24h', userid: '', page: '0', pe_action: ['block', ''] })).toBe(
      '/logs/web?interval=24h&pe_action=block',
    );
    expect(routeWithQuery('/logs/web', {})).toBe('/logs/web');
  });
});
