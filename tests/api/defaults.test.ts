/** Defaults never name another tenant: every document another tenant reads, saved or not, is free of Demo Corp. */
import { expect, it } from 'vitest';
import { registry } from '../../definitions';
import { envAllows } from '../../schemas/access';
import { signedIn, stagedRev } from './helpers';

it("no document Other Corp reads names Demo Corp, the demo's other tenant", { timeout: 300_000 }, async () => {
  const other = await signedIn('other-admin');
  const config = (await other.get('/api/portal/config')).body;
  const env = { deployment: config.deployment, appMode: config.app_mode, production: config.production };
  const rev = await stagedRev(other);
  const reads = registry.operations.filter((op) => op.document?.role === 'read' && envAllows(op.env, env));
  const read: string[] = [];
  for (const op of reads) {
    const res = await other.get(op.path.replace('{rev}', String(rev)));
    if (res.status === 403) continue; // a feature Other Corp does not have
    expect(res.status, op.id).toBe(200);
    expect(res.text, op.id).not.toContain('Demo Corp');
    read.push(op.id);
  }
  expect(read).toContain('customization.web.get');
  expect(read).toContain('customization.dlp.get');
});
