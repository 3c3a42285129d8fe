import { describe, expect, it } from 'vitest';
import { ssoFormFields } from './ssoForm';

const params = {
  login_url: '/idp/authorize',
  redirect_uri: 'https://portal.example/',
  client_id: 'portal',
  csrf_token: '2|a|b|1',
  scope: 'openid profile',
};

describe('ssoFormFields', () => {
  it('carries the four required fields in order, and the optional ones only when given', () => {
    expect(ssoFormFields(params, undefined, 'https://portal.example')).toEqual([
      ['redirect_uri', 'https://portal.example/'],
      ['client_id', 'portal'],
      ['csrf_token', '2|a|b|1'],
      ['scope', 'openid profile'],
    ]);
    const withOptional = ssoFormFields({ ...params, id_token_hint: 'hint', force_udb: '' }, undefined, 'https://portal.example');
    expect(withOptional.slice(4)).toEqual([
      ['id_token_hint', 'hint'],
      ['force_udb', ''],
    ]);
  });

  it('puts the returnUrl into redirect_uri as a page address', () => {
    const [[, redirect]] = ssoFormFields(params, '/policy/web/ssl-bypass', 'https://portal.example') as [[string, string]];
    expect(new URL(redirect).searchParams.get('returnUrl')).toBe('/#/policy/web/ssl-bypass');
    const [[, docs]] = ssoFormFields(params, '/docs/index.html', 'https://portal.example') as [[string, string]];
    expect(new URL(docs).searchParams.get('returnUrl')).toBe('/docs/index.html');
  });
});
