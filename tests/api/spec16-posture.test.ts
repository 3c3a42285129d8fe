/** Browser posture export (?format= microsoftIntune, registry, registryXmlGpo) and inputPolicy (002 §7). */
import { describe, expect, it } from 'vitest';
import { postureOps } from '../../definitions/api/posture';
import { asResponseOf, multipart, policyUpload, signedIn } from './helpers';

const BPM = '/api/brw-posture-mgmt/v1';

describe('configuration policy export', { timeout: 180_000 }, () => {
  it('exports a Windows Edge policy as a registry file, Group Policy XML and Intune JSON; the input policy reads back', async () => {
    const admin = await signedIn('admin');
    const settings = { SmartScreenEnabled: true, PasswordManagerEnabled: false };
    const created = await admin.post(`${BPM}/configPolicies`, { raw: await policyUpload('Export "test"', { platform: 'windows', browser: 'edge', version: '121', settings }) });
    expect(created.status).toBe(200);
    const id = asResponseOf(postureOps.createConfigPolicy, created.body).id;

    const reg = await admin.post(`${BPM}/configPolicies/${id}/export?format=registry`);
    expect(reg.status).toBe(200);
    expect(reg.headers.get('content-type')).toContain('text/plain');
    // Saved under the policy's name, with the format's extension; the quotes of the name cannot be in a file name.
    expect(reg.headers.get('content-disposition')).toBe(`attachment; filename="Export-test.reg"; filename*=UTF-8''Export%20-test-.reg`);
    expect(reg.text.split('\r\n')).toEqual(
      expect.arrayContaining([
        'Windows Registry Editor Version 5.00',
        '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\Edge]',
        '"SmartScreenEnabled"=dword:00000001',
        '"PasswordManagerEnabled"=dword:00000000',
      ]),
    );

    const xml = await admin.post(`${BPM}/configPolicies/${id}/export?format=registryXmlGpo`);
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(xml.headers.get('content-disposition')).toContain('filename="Export-test.xml"');
    expect(xml.text).toContain('<Properties action="U" hive="HKEY_LOCAL_MACHINE" key="SOFTWARE\\Policies\\Microsoft\\Edge" name="SmartScreenEnabled" type="REG_DWORD" value="1"/>');

    const intuneAnswer = await admin.post(`${BPM}/configPolicies/${id}/export?format=microsoftIntune`);
    expect(intuneAnswer.headers.get('content-type')).toContain('application/json');
    expect(intuneAnswer.headers.get('content-disposition')).toContain('filename="Export-test.json"');
    const intune = JSON.parse(intuneAnswer.text);
    expect(intune).toMatchObject({ displayName: 'Export "test"', settings: expect.arrayContaining([expect.objectContaining({ name: 'SmartScreenEnabled', value: true })]) });

    const input = asResponseOf(postureOps.inputConfigPolicy, (await admin.get(`${BPM}/configPolicies/${id}/inputPolicy`)).body);
    expect(input).toEqual({ name: 'Export "test"', platform: 'windows', browser: 'edge', version: '121', settings, createdBy: 'admin' });
    await admin.request('DELETE', `${BPM}/configPolicies/${id}`);
  });

  it('refuses an unknown format and a registry export of a Linux policy (400 on format), and a role without posture access (403)', async () => {
    const admin = await signedIn('admin');
    const linux = (await admin.post(`${BPM}/configPolicies`, { raw: await policyUpload('Linux export', { platform: 'linux', browser: 'chrome', version: '120', settings: {} }) })).body;
    const unknown = await admin.post(`${BPM}/configPolicies/${linux.id}/export?format=pdf`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('query.format');
    const linuxReg = await admin.post(`${BPM}/configPolicies/${linux.id}/export?format=registry`);
    expect(linuxReg.status).toBe(400);
    expect(linuxReg.body.errors).toEqual([expect.objectContaining({ path: 'format', key: 'formatNotForPlatform' })]);
    expect((await (await signedIn('webadmin')).post(`${BPM}/configPolicies/${linux.id}/export?format=microsoftIntune`)).status).toBe(403);
    await admin.request('DELETE', `${BPM}/configPolicies/${linux.id}`);
  });
});

describe('configuration policy upload (multipart)', { timeout: 180_000 }, () => {
  const file = { platform: 'windows', browser: 'chrome', version: '120', settings: { PasswordManagerEnabled: false } };
  const names = async (admin: Awaited<ReturnType<typeof signedIn>>) => (await admin.get(`${BPM}/configPolicies`)).body.list.map((p: { name: string }) => p.name);

  it('creates a policy from uploadFile, name and createdBy; the caller is recorded', async () => {
    const admin = await signedIn('admin');
    const created = await admin.post(`${BPM}/configPolicies`, { raw: await policyUpload('2026-01-02 03:04:05', { ...file, description: 'From a file' }, 'admin') });
    expect(created.status).toBe(200);
    expect(asResponseOf(postureOps.getConfigPolicy, created.body)).toMatchObject({ name: '2026-01-02 03:04:05', description: 'From a file', platform: 'windows', createdBy: 'admin', settings: { PasswordManagerEnabled: false } });
    await admin.request('DELETE', `${BPM}/configPolicies/${created.body.id}`);
  });

  it('refuses a file that is not JSON, a setting the catalogue lacks, another createdBy and a JSON body; nothing is stored', async () => {
    const admin = await signedIn('admin');
    const before = await names(admin);
    const notJson = await admin.post(`${BPM}/configPolicies`, { raw: await multipart({ uploadFile: { file: '{not json' }, name: 'Bad 1' }) });
    expect(notJson.status).toBe(400);
    expect(notJson.body.errors).toEqual([expect.objectContaining({ path: 'uploadFile', key: 'invalidJson' })]);
    const badSetting = await admin.post(`${BPM}/configPolicies`, { raw: await policyUpload('Bad 2', { ...file, settings: { NoSuchSetting: 1 } }) });
    expect(badSetting.status).toBe(400);
    expect(badSetting.body.errors[0].path).toBe('uploadFile.settings');
    const badPlatform = await admin.post(`${BPM}/configPolicies`, { raw: await policyUpload('Bad 3', { ...file, platform: 'android' }) });
    expect(badPlatform.body.errors[0].path).toBe('uploadFile.platform');
    const otherUser = await admin.post(`${BPM}/configPolicies`, { raw: await policyUpload('Bad 4', file, 'someone-else') });
    expect(otherUser.status).toBe(400);
    expect(otherUser.body.errors[0].path).toBe('createdBy');
    const json = await admin.post(`${BPM}/configPolicies`, { body: { name: 'Bad 5', ...file } });
    expect(json.status).toBe(415);
    expect(await names(admin)).toEqual(before);
  });

  it('refuses a role without posture write (403) and a multipart body on a JSON call (415)', async () => {
    const auditor = await signedIn('auditor');
    expect((await auditor.post(`${BPM}/configPolicies`, { raw: await policyUpload('Nope', file) })).status).toBe(403);
    const admin = await signedIn('admin');
    expect((await admin.post(`${BPM}/configPolicies/batchDelete`, { raw: await multipart({ ids: 'x' }) })).status).toBe(415);
  });
});

describe('benchmark policies and assessments', { timeout: 180_000 }, () => {
  it('lists benchmarks, assesses a policy, reviews a check, reassesses keeping the review, filters the results', async () => {
    const admin = await signedIn('admin');
    const benches = asResponseOf(postureOps.listBenchmarkPolicies, (await admin.get(`${BPM}/benchmarkPolicies`)).body).list;
    expect(benches.map((b) => b.id)).toEqual(expect.arrayContaining(['chrome-baseline', 'edge-baseline']));
    const bench = asResponseOf(postureOps.getBenchmarkPolicy, (await admin.get(`${BPM}/benchmarkPolicies/chrome-baseline`)).body);
    expect(bench.list.length).toBe(bench.rules);
    expect((await admin.get(`${BPM}/benchmarkPolicies/nope`)).status).toBe(404);

    const settings = { SafeBrowsingProtectionLevel: 1, DownloadRestrictions: 0 };
    const policy = (await admin.post(`${BPM}/configPolicies`, { raw: await policyUpload('Assessed', { platform: 'windows', browser: 'chrome', version: '120', settings }) })).body;
    const A = `${BPM}/configPolicies/${policy.id}`;
    expect((await admin.get(`${A}/assessments/chrome-baseline`)).status).toBe(404);
    expect((await admin.post(`${A}/reassess/chrome-baseline`)).status).toBe(404);
    const wrongBrowser = await admin.post(`${A}/assess/edge-baseline`);
    expect(wrongBrowser.status).toBe(400);
    expect(wrongBrowser.body.errors[0].path).toBe('params.benchId');

    const first = asResponseOf(postureOps.assessPolicy, (await admin.post(`${A}/assess/chrome-baseline`)).body);
    expect(first).toMatchObject({ assessed: true, passed: 1, failed: 1, not_configured: bench.rules - 2, assessed_by: 'admin' });
    expect(first.score).toBe(Math.round(100 / bench.rules));
    expect(first.results.find((r) => r.setting === 'DownloadRestrictions')).toMatchObject({ outcome: 'fail', actual: 0, expected: 1 });

    const rule = first.results.find((r) => r.outcome === 'fail')!.rule_id;
    const reviewed = await admin.put(`${A}/assessments/chrome-baseline/reviewStatus`, { body: { rule_id: rule, review_status: 'accepted_risk', comment: 'Kiosk machines', updated_at: first.updated_at } });
    expect(reviewed.status).toBe(200);
    const stale = await admin.put(`${A}/assessments/chrome-baseline/reviewStatus`, { body: { rule_id: rule, review_status: 'to_fix', updated_at: first.updated_at } });
    expect(stale.status).toBe(409);
    const unknown = await admin.put(`${A}/assessments/chrome-baseline/reviewStatus`, { body: { rule_id: 'nope', review_status: 'to_fix', updated_at: reviewed.body.updated_at } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('rule_id');
    const badStatus = await admin.put(`${A}/assessments/chrome-baseline/reviewStatus`, { body: { rule_id: rule, review_status: 'maybe', updated_at: reviewed.body.updated_at } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors[0].path).toBe('review_status');

    const again = asResponseOf(postureOps.reassessPolicy, (await admin.post(`${A}/reassess/chrome-baseline`)).body);
    expect(again.results.find((r) => r.rule_id === rule)).toMatchObject({ review_status: 'accepted_risk', review_comment: 'Kiosk machines' });
    const fresh = asResponseOf(postureOps.assessPolicy, (await admin.post(`${A}/assess/chrome-baseline`)).body);
    expect(fresh.results.find((r) => r.rule_id === rule)?.review_status).toBe('unreviewed');

    const failed = asResponseOf(postureOps.queryAssessment, (await admin.post(`${A}/assessments/chrome-baseline`, { body: { outcome: ['fail'] } })).body);
    expect(failed.results.map((r) => r.setting)).toEqual(['DownloadRestrictions']);
    expect(failed.failed).toBe(1);
    expect((await admin.post(`${A}/assessments/chrome-baseline`, { body: { outcome: ['bad'] } })).status).toBe(400);

    const all = asResponseOf(postureOps.assessAll, (await admin.post(`${A}/assess`)).body);
    expect(all.list.map((a) => a.benchmark_id)).toEqual(benches.filter((b) => b.browser === 'chrome').map((b) => b.id));
    const listed = asResponseOf(postureOps.listAssessments, (await admin.get(`${A}/assessments`)).body);
    expect(listed.list.every((a) => a.assessed)).toBe(true);

    const auditor = await signedIn('auditor');
    expect((await auditor.get(`${A}/assessments/chrome-baseline`)).status).toBe(200);
    expect((await auditor.post(`${A}/assess/chrome-baseline`)).status).toBe(403);
    expect((await auditor.put(`${A}/assessments/chrome-baseline/reviewStatus`, { body: { rule_id: rule, review_status: 'to_fix', updated_at: fresh.updated_at } })).status).toBe(403);
    expect((await (await signedIn('other-admin')).get(`${A}/assessments`)).status).toBe(404);
    await admin.request('DELETE', A);
  });
});
