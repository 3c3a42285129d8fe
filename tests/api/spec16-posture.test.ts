/** Browser posture export (?format= microsoftIntune, registry, registryXmlGpo) and inputPolicy (002 §7). */
import { describe, expect, it } from 'vitest';
import { postureOps } from '../../definitions/api/posture';
import { asResponseOf, signedIn } from './helpers';

const BPM = '/api/brw-posture-mgmt/v1';

describe('configuration policy export', { timeout: 180_000 }, () => {
  it('exports a Windows Edge policy as a registry file, Group Policy XML and Intune JSON; the input policy reads back', async () => {
    const admin = await signedIn('admin');
    const settings = { SmartScreenEnabled: true, PasswordManagerEnabled: false };
    const created = await admin.post(`${BPM}/configPolicies`, { body: { name: 'Export "test"', platform: 'windows', browser: 'edge', version: '121', settings } });
    expect(created.status).toBe(200);
    const id = asResponseOf(postureOps.createConfigPolicy, created.body).id;

    const reg = await admin.post(`${BPM}/configPolicies/${id}/export?format=registry`);
    expect(reg.status).toBe(200);
    expect(reg.headers.get('content-type')).toContain('text/plain');
    expect(reg.text.split('\r\n')).toEqual(
      expect.arrayContaining([
        'Windows Registry Editor Version 5.00',
        '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Microsoft\\Edge]',
        '"SmartScreenEnabled"=dword:00000001',
        '"PasswordManagerEnabled"=dword:00000000',
      ]),
    );

    const xml = await admin.post(`${BPM}/configPolicies/${id}/export?format=registryXmlGpo`);
    expect(xml.text).toContain('<Properties action="U" hive="HKEY_LOCAL_MACHINE" key="SOFTWARE\\Policies\\Microsoft\\Edge" name="SmartScreenEnabled" type="REG_DWORD" value="1"/>');

    const intune = JSON.parse((await admin.post(`${BPM}/configPolicies/${id}/export?format=microsoftIntune`)).text);
    expect(intune).toMatchObject({ displayName: 'Export "test"', settings: expect.arrayContaining([expect.objectContaining({ name: 'SmartScreenEnabled', value: true })]) });

    const input = asResponseOf(postureOps.inputConfigPolicy, (await admin.get(`${BPM}/configPolicies/${id}/inputPolicy`)).body);
    expect(input).toEqual({ name: 'Export "test"', platform: 'windows', browser: 'edge', version: '121', settings, createdBy: 'admin' });
    await admin.request('DELETE', `${BPM}/configPolicies/${id}`);
  });

  it('refuses an unknown format and a registry export of a Linux policy (400 on format), and a role without posture access (403)', async () => {
    const admin = await signedIn('admin');
    const linux = (await admin.post(`${BPM}/configPolicies`, { body: { name: 'Linux export', platform: 'linux', browser: 'chrome', version: '120', settings: {} } })).body;
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
