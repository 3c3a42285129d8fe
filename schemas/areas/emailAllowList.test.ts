import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../http';
import { EmailAllowListDocument } from './emailAllowList';

const errorsOf = (senders: string[]) => {
  const r = EmailAllowListDocument.safeParse({ list: senders.map((sender, i) => ({ id: `e${i}`, sender })) });
  return r.success ? [] : fieldErrors(r.error).map((e) => ({ path: e.path, key: e.key }));
};

describe('EmailAllowListDocument', () => {
  it('accepts addresses, domains and wildcard domains', () => {
    expect(errorsOf(['payroll@partner.example', 'supplier.example', '*.bank.example'])).toEqual([]);
  });

  it('says invalidEmail for a bad address and invalidDomain for a bad domain', () => {
    expect(errorsOf(['payroll@', 'name@host'])).toEqual([
      { path: 'list.0.sender', key: 'invalidEmail' },
      { path: 'list.1.sender', key: 'invalidEmail' },
    ]);
    expect(errorsOf(['localhost', 'exa mple.com'])).toEqual([
      { path: 'list.0.sender', key: 'invalidDomain' },
      { path: 'list.1.sender', key: 'invalidDomain' },
    ]);
  });

  it('reports an empty sender once', () => {
    expect(errorsOf([''])).toEqual([{ path: 'list.0.sender', key: 'too_small' }]);
  });

  it('refuses a sender listed twice, whatever its case', () => {
    expect(errorsOf(['a@b.example', 'A@B.example'])).toEqual([{ path: 'list.1.sender', key: 'duplicate' }]);
  });

  it('defaults comment and enabled', () => {
    expect(EmailAllowListDocument.parse({ list: [{ id: 'x', sender: 'b.example' }] }).list[0]).toEqual({
      id: 'x',
      sender: 'b.example',
      comment: '',
      enabled: true,
    });
  });
});
