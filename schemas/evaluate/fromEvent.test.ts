import { describe, expect, it } from 'vitest';
import { webEvent } from '../../tests/api/ingestEvents';
import type { WebEvent } from '../logs';
import { attributesRead, compilePolicy, textPatternsRead } from './evaluate';
import { WEB_EVENT_ATTRIBUTES, webEventRequest, type WebRequestField } from './fromEvent';
import type { PolicyModel } from './types';

/** A web event with every field that gives a request attribute set: an ingested event, with the optional fields too. */
const EVENT: WebEvent = {
  ...webEvent(Date.parse('2026-11-28T12:00:00.000Z'), 'example.org', 'a'),
  top_level_risks: ['Known Threat'],
  is_casb: true,
  casb_app_name: 'Box',
  file_type: 'pdf',
  sha256: 'ab'.repeat(32),
};

describe('the attributes of a web event', () => {
  it('lists for each field exactly the request attributes it gives, and a field for every attribute', () => {
    const full = webEventRequest(EVENT);
    const given = (r: object) => new Set(Object.entries(r).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)).map(([k]) => k));
    const all = given(full);
    for (const [field, attributes] of Object.entries(WEB_EVENT_ATTRIBUTES) as [WebRequestField, readonly string[]][]) {
      const { [field]: _dropped, ...without } = EVENT;
      const lost = [...all].filter((a) => !given(webEventRequest(without)).has(a));
      expect(lost.sort(), field).toEqual([...attributes].sort());
    }
    expect([...all].filter((a) => !Object.values(WEB_EVENT_ATTRIBUTES).some((list) => (list as readonly string[]).includes(a)))).toEqual([]);
  });
});

describe('attributes the rules read', () => {
  const model: PolicyModel = {
    decisions: [{ id: 'web', title: 'Web', precedence: ['block', 'allow'], labels: { block: 'Block', allow: 'Allow' }, fallback: { action: 'allow', reason: 'default' } }],
    areas: [
      {
        id: 'rules',
        title: 'Rules',
        evaluation: {
          choices: [],
          lists: [
            {
              id: 'list',
              title: 'Rules',
              rows: 'list',
              order: 'listed',
              action: { field: 'action' },
              decides: 'web',
              tier: 1,
              conditions: [
                { field: 'domain', label: 'Domains', kind: 'domain', attribute: 'domain' },
                { field: 'uri', label: 'URL', kind: 'text', attribute: 'url' },
                { field: 'entities', label: 'Users and groups', kind: 'entity', attribute: 'user' },
                { field: 'dest', label: 'Destinations', kind: 'destination', attribute: 'dest_ip' },
              ],
            },
          ],
        },
      },
    ],
  };
  const compiled = (rows: Record<string, unknown>[]) => compilePolicy(model, { rules: { list: rows } });

  it('are those of the conditions some row sets, in either revision, disabled rows too', () => {
    const published = compiled([{ action: 'block', domain: ['a.example'], uri: [] }]);
    const staged = compiled([{ action: 'block', enabled: false, uri: [{ match: 'contains', value: '/admin' }] }]);
    expect([...attributesRead([published], 'web')].sort()).toEqual(['domain']);
    expect([...attributesRead([published, staged], 'web')].sort()).toEqual(['domain', 'url']);
    // A user condition reads the groups too; a destination the domain and the address.
    expect([...attributesRead([compiled([{ action: 'allow', entities: [{ type: 'group', name: 'Sales' }] }])], 'web')].sort()).toEqual(['groups', 'user']);
    expect([...attributesRead([compiled([{ action: 'allow', dest: ['10.0.0.0/8'] }])], 'web')].sort()).toEqual(['dest_ip', 'domain']);
    expect(attributesRead([published, staged], 'email').size).toBe(0);
  });

  it('give the text patterns a URL is read through, lower-cased and once each, or none when a regular expression outside the plain subset reads it', () => {
    const published = compiled([{ action: 'block', uri: [{ match: 'contains', value: '/Admin/' }] }]);
    const staged = compiled([{ action: 'block', uri: [{ match: 'contains', value: '/admin/' }, { match: 'ends_with', value: '.EXE' }] }]);
    expect(textPatternsRead([published, staged], 'web', 'url')).toEqual([
      { match: 'contains', value: '/admin/' },
      { match: 'ends_with', value: '.exe' },
    ]);
    expect(textPatternsRead([published], 'web', 'domain')).toEqual([]);
    // A regular expression in the plain subset is read as its patterns; one the stores test alike as itself; any other
    // leaves only the value to tell.
    expect(textPatternsRead([published, compiled([{ action: 'allow', uri: [{ match: 'regex', value: '^HTTPS://(a|b)' }] }])], 'web', 'url')).toEqual([
      { match: 'contains', value: '/admin/' },
      { match: 'starts_with', value: 'https://a' },
      { match: 'starts_with', value: 'https://b' },
    ]);
    expect(textPatternsRead([published, compiled([{ action: 'allow', uri: [{ match: 'regex', value: '^https://a.b' }] }])], 'web', 'url')).toEqual([
      { match: 'contains', value: '/admin/' },
      { match: 'regex', value: '^https://a.b' },
    ]);
    for (const other of ['\\tpay', '^(?=a)', '(a)\\1', '[\\S]'])
      expect(textPatternsRead([published, compiled([{ action: 'allow', uri: [{ match: 'regex', value: other }] }])], 'web', 'url')).toBeUndefined();
  });
});
