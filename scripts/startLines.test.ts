import { describe, expect, it } from 'vitest';
import { portalAddress, readyLines } from './startLines.mjs';

describe('start-up lines', () => {
  it('a cloud start names the address, the demo sign-in and the provider console', () => {
    expect(readyLines({})).toEqual([
      'The portal is ready: open http://localhost:8080/ and sign in as admin with the password admin-demo.',
      'The provider console is at http://localhost:8080/provider/ (operator / operator-demo). Other demo accounts: README.md.',
    ]);
  });

  it('an on-premises start names the /d/ sign-in on its port', () => {
    expect(readyLines({ PORTAL_DEPLOYMENT: 'on_prem', PORT: '8081' })).toEqual([
      'The portal is ready: open http://localhost:8081/d/ and sign in as admin with the password admin-demo.',
    ]);
  });

  it('a server bound to one address is opened there', () => {
    expect(portalAddress({ HOST: '127.0.0.1', PORT: '19100' })).toBe('http://127.0.0.1:19100/');
    expect(portalAddress({ HOST: '0.0.0.0' })).toBe('http://localhost:8080/');
  });
});
