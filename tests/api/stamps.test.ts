/**
 * Stamps: every state-changing operation of the registry either changes a stored object only when the caller names
 * the version it read (and answers 409 with the stored object when that version is stale), or is exempt for the
 * reason listed here. A new state-changing operation fails the first test until it is listed.
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../definitions';
import { idSegment, type OperationDef } from '../../definitions/define';
import { ingestKindOps } from '../../definitions/api/ingest';
import { tenantDocumentGroups } from '../../definitions/api/providerTenant';
import { envAllows, type Environment } from '../../schemas/access';
import { MESSAGES } from '../../schemas/constants';
import { type ApiClient, SSL_BYPASS, policyUpload, signedIn, stagedRev } from './helpers';
import { API, RECORD_KINDS, RECORD_OPS, newTenant, operator, recordBody, unique } from './providerClient';

/** Operations that change no stored object a second editor could have changed meanwhile, and why. */
const EXEMPT: Readonly<Record<string, string>> = {
  'auth.authParams': 'hands out the xsrf cookie; stores nothing',
  'auth.login': "starts a new session of the caller's own",
  'dashboard.login': "starts a new session of the caller's own",
  'auth.tfa': "completes the caller's own sign-in with its second factor",
  'dashboard.tfa': "completes the caller's own sign-in with its second factor",
  'auth.logoutPost': "ends the caller's own session",
  'dashboard.logoutPost': "ends the caller's own session",
  'auth.cookieRefresh': "marks the caller's own session active",
  'storage.validate': "checks a storage profile's credentials; stores nothing",
  'pac.uploadTemplate': 'replaces the template file whole (nothing of the old one is kept) and stamps the PAC document anew, so a PAC page loaded before gets 409',
  'policy.rollback':
    'stages the content of a published revision, which never changes, over the working one; the result is reviewed and published like any save (a publish names its revision)',
  'posture.createPolicy': 'creates a new object: there is no earlier version to be stale against',
  'policy.evaluate': 'decides a request under stored revisions; stores nothing',
  'policy.impact': 'starts a replay of logged requests under stored revisions as a new job; changes no stored policy',
  'policy.impactCancel': 'cancels a running replay; a job that has ended answers 409',
  'system.checkUpdate': 'starts a job that asks for a newer version; changes no stored version',
  'system.installUpdate': 'starts a job that installs the version the check found; changes no stored version',
  'system.password': "changes the caller's own password, checked against the current one",
  'system.reset': 'restores the factory settings whole, behind a typed confirmation: nothing of the old ones is kept',
  'system.reboot': 'restarts the appliance; stores nothing',
  'system.shutdown': 'stops the appliance; stores nothing',
  'posture.queryAssessment': 'reads an assessment with its results filtered; stores nothing',
  'station.register': "files the appliance's one registration request; a second one is refused with a 400",
  'connectivity.isolationSignIn': "starts a browser connectivity check (a test id its results are filed under); changes no setting",
  'reportLookups.files': 'looks files up by their hashes in the logs; stores nothing',
  'docsAndFiles.contentMigration':
    "a one-way rewrite of the working revision's v3 file-type ids into v4 ids: running it again changes nothing",
  'posture.assess': 'runs the assessment anew from the policy as stored and replaces the earlier one and its reviews: the caller asks for a fresh result, not a change of a version',
  'posture.reassess': 'runs the assessment anew from the policy as stored, keeping reviews of unchanged outcomes; it changes no value an editor chose',
  'posture.assessAll': 'repeats every assessment of the policy from the policy as stored, keeping reviews; it changes no value an editor chose',
  'reports.instant': 'creates a new past report',
  'posture.deletePolicy': 'removes the object whatever it holds: the caller chose it gone, not a version of it',
  'posture.batchDelete': 'removes the objects whatever they hold: the caller chose them gone, not a version of them',
  'dashboard.setApplianceManagerVersion': "sets the caller's own choice of interface",
  'appliance.uploadCaCert': 'adds a new certificate: a name already present is refused',
  'appliance.deleteCaCert': 'removes the certificate whatever it holds: the caller chose it gone, not a version of it',
  'appliance.decodeCert': 'reads the certificate sent; stores nothing',
  'tenantUtils.decodeCert': 'reads the certificate sent; stores nothing',
  'appliance.setLicense': 'starts a licence job; the licence string replaces the old one whole once the job checks it',
  'jobs.cancel': 'cancels a running job; a job that has ended answers 409',
  'jobs.clean': 'removes ended jobs, which never change again',
  'manager.installUpdate': 'an action on an appliance (a job), not an edit of a stored version',
  'manager.restart': 'an action on an appliance (a job), not an edit of a stored version',
  'manager.setMaintenance': 'switches an appliance in or out of maintenance; the state sent is the whole state',
  'applianceUsers.setPassword': 'sets a new password whole; nothing of the old one is kept',
  'applianceUsers.setStatus': 'enables or disables the account; the state sent is the whole state',
  'applianceUsers.unlock': 'ends the lock; the result is the same whatever was read before',
  'applianceUsers.setSsh': 'allows or stops SSH for the account; the state sent is the whole state',
  'applianceCerts.caReinitialize': 'makes a new CA whole; nothing of the one read before is kept',
  'applianceCerts.serviceCsr': 'makes a new key and request whole; a pending request is replaced by design',
  'applianceCerts.serviceCert': 'installs the certificate for the pending request, which is checked by its key, not a stamp',
  'applianceCerts.managerServiceCert': 'installs a certificate and key whole; nothing of the one read before is kept',
  'users.create': 'creates a new user: a user name already taken is refused',
  'users.createFromScreen': 'creates a new user: a user name already taken is refused',
  'users.bulkCreate': 'creates new users, all or none: a user name already taken is refused',
  'users.update':
    "the directory call of the spec carries no version: it changes only the fields it names, so another editor's change to the other fields is kept",
  'users.bulkModify': "the directory call of the spec carries no version: it changes only the fields it names on the listed users",
  'users.delete': 'removes the user whatever they hold: the caller chose them gone, not a version of them',
  'users.bulkDelete': 'removes the users whatever they hold',
  'users.batchDeleteFromScreen': 'removes the users whatever they hold',
  'users.resetPassword': 'sets a new password whole; nothing of the old one is kept',
  'users.mfaReset': "removes the user's second factor; nothing of it is kept",
  'rbac.delete': 'removes the role, refused (409) while any user or token holds it',
  'rbac.batchDeleteFromScreen': 'removes the roles, refused (409) while any user or token holds one',
  'rbac.createFromScreen': 'creates a new role: a name already taken is refused',
  'apiTokens.generate': 'creates a new token',
  'apiTokens.delete': 'revokes the token whatever it holds',
  'apiTokens.update': 'sets each listed token\'s name and validity from now, whatever they were',
  'ingestion-tokens.generate': 'creates a new token',
  'ingestion-tokens.delete': 'revokes the token whatever it holds',
  ...Object.fromEntries(Object.values(ingestKindOps).map((op) => [op.id, 'appends new events; changes no stored version'])),
  'lookups.categoryMigration': 'sets one switch; the value sent is the whole state',
  'lookups.savePacVersion': 'sets one value; the value sent is the whole state',
  'lookups.saveSettingsPacVersion': 'sets one value; the value sent is the whole state',
  'lookups.contactForm': 'sends a new message',
  'lookups.validateDdlDomains': "checks a list's address; stores nothing",
  'lookups.whitelistUce': 'adds a new sender: one already listed is refused (409)',
  'posture.exportPolicy': 'answers a file made from the policy; stores nothing',
  'manager.rollback': 'an action on an appliance (a job), not an edit of a stored version',
  'manager.register': 'creates a new registration request: there is no earlier version to be stale against',
  'manager.approve': 'an action on a pending request (a job), not an edit of a stored version',
  'manager.rejectRegistration': 'decides a pending request; the decision sent is the whole state',
  'manager.createTemplate': 'creates a new template: there is no earlier version to be stale against',
  'manager.deleteTemplate': 'removes a template whole',
  'manager.applyTemplate': 'an action on a group of appliances (a job), not an edit of a stored version',
  'connectivity.postResults': 'adds results of a check as received; nothing earlier is changed',
  'connectivity.check': 'starts a check (a job); stores its results as new rows',
  'lookups.savePortalVersion': "sets the tenant's portal version whole (one of two values)",
  'tenantUtils.approveAssociation': 'decides a pending association request; the decision sent is the whole state',
  'tenantUtils.acceptTos': "records the caller's own acceptance of the version shown; another version gets 409",
  'provider.tenantUsers.disableMfa': "switches a user's second factor off; the state sent is the whole state",
  'provider.ovaKeys.create': 'creates a new key: a key id already taken is refused (409)',
  'provider.ovaKeys.expire': 'sets the expiry to now whole',
  'provider.ovaKeys.delete': 'removes a key whole',
  'provider.categoryOverrides.create': 'creates a new override: there is no earlier version to be stale against',
  'provider.categoryOverrides.delete': 'removes an override whole',
  'privateAccess.setProvisioningKeyLookup': "issues a new key for a cluster; the cluster's key is replaced whole and the new one answered",
  'provider.idpToken': "starts the operator's own sign-in",
  'provider.extendKey': "extends the operator's own session",
  'provider.tenants.create': 'creates a new tenant: a name already taken is refused',
  'provider.tenants.edit': 'the service call of the spec carries no version: name and time-out sent are the whole state',
  'provider.tenants.reenable': 'switches a tenant on; the state sent is the whole state',
  'provider.commands.disableTenant': 'switches a tenant off; the state sent is the whole state',
  'provider.commands.renameTenant': 'sets the name whole: a name already taken is refused',
  'provider.capabilities.patch': 'sets the named switches only; a DryRun shows what would change first',
  'provider.capabilities.delete': 'removes the named switches only; a DryRun shows what would change first',
  ...Object.fromEntries(
    Object.values(RECORD_OPS).flatMap((g) => [
      [g.create.id, 'creates a new record: an id already taken is refused (409)'],
      [g.delete.id, 'removes the record whole; one still in use is refused (409)'],
    ]),
  ),
  'provider.deployments.moveTenants': 'sets the deployment of the named tenants whole; all or none',
  'provider.deployments.setDefault': 'sets one value whole (the default deployment)',
  'provider.pods.requestDiagnostics': 'asks a node for diagnostics: records when, and changes nothing an editor sent',
  'provider.tenantPolicy.applyTemplate':
    "stages a template over the tenant's working revision whole, which its administrators review and publish (as a rollback does); nothing read is kept",
  'provider.commands.tenantPolicyInit': "publishes a template only while the tenant's working revision holds no unpublished change (409 otherwise), so no edit is overwritten",
  'provider.tenantQuota.save': 'sets one limit whole; the value sent is the whole state',
  'provider.tenantUsers.bulkCreate': 'creates new users, all or none: a user name already taken is refused',
  'provider.loggingTokens.create': 'creates a new token',
  'provider.loggingTokens.delete': 'revokes the token whatever it holds',
  'provider.policyApiTokens.revoke': "revokes the tenant's token whatever it holds",
  ...Object.fromEntries(
    ['web', 'email', 'audit', 'dlp', 'fwaas_logs', 'saa_logs'].map((t) => [`logs.${idSegment(t)}.next`, 'reads the next page of a log; POST only carries the paging identifiers']),
  ),
};

const BPM = '/api/brw-posture-mgmt/v1/configPolicies';

/** Two editors read the same version; the first one's change lands, the second one's gets 409 and changes nothing. */
async function secondEditorRefused(first: () => Promise<{ status: number; text: string }>, second: () => Promise<{ status: number; text: string; body: { msg?: string; current?: unknown } }>) {
  const a = await first();
  expect(a.status, a.text.slice(0, 300)).toBe(200);
  const b = await second();
  expect(b.status, b.text.slice(0, 300)).toBe(409);
  expect(b.body.msg).toBe(MESSAGES.staleSave);
  expect(b.body.current).toBeDefined();
}

/** Two operators replace one record read once: the first lands, the second gets 409, the record stays the first's. */
const recordStamped = (kind: keyof typeof RECORD_KINDS) => async () => {
  const op = await operator();
  const k = RECORD_KINDS[kind]!;
  const { tid } = await newTenant(op);
  const path = k.path(tid);
  const body = await recordBody(op, tid, k);
  const read = (await op.post(path, { body })).body.item;
  const save = () => op.put(`${path}/${read.id}`, { body: { ...body, ...k.change, updated_at: read.updated_at } });
  await secondEditorRefused(save, save);
  const stored = (await op.get(path)).body.items.find((i: { id: string }) => i.id === read.id);
  expect(stored).toMatchObject(k.change);
  expect((await op.put(`${path}/${read.id}`, { body: { ...body, updated_at: '2999-01-01T00:00:00.000Z' } })).status).toBe(409);
  expect((await op.get(path)).body.items.find((i: { id: string }) => i.id === read.id)).toEqual(stored);
};

const STAMPED: Readonly<Record<string, (admin: ApiClient) => Promise<void>>> = {
  ...Object.fromEntries(Object.entries(RECORD_KINDS).map(([kind, k]) => [RECORD_OPS[k.opGroup as keyof typeof RECORD_OPS].update.id, recordStamped(kind)])),
  'provider.pods.setNodeState': async () => {
    const op = await operator();
    const POD = `${API}/v1/pods/us-east-pod-1`;
    const read = (await op.get(`${POD}/nodes`)).body.items[0];
    const post = (state: string) => () => op.post(`${POD}/nodes/${read.node_id}/state`, { body: { state, updated_at: read.updated_at } });
    await secondEditorRefused(post('draining'), post('offline'));
    expect((await op.get(`${POD}/nodes`)).body.items[0].state).toBe('draining');
  },
  'provider.commands.rolloutInit': async () => {
    const op = await operator();
    const read = (await op.post(`${API}/v1/ops/rollout`, { body: { version_string: '4.2.0', deployment_id: 'ap-south' } })).body.item;
    const start = () => op.post(`${API}/v1/commands/rolloutinit`, { body: { id: read.id, updated_at: read.updated_at } });
    await secondEditorRefused(start, start);
  },
  'provider.rollouts.finish': async () => {
    const op = await operator();
    const read = (await op.post(`${API}/v1/ops/rollout`, { body: { version_string: '4.2.0', deployment_id: 'ap-south' } })).body.item;
    const cancel = () => op.post(`${API}/v1/ops/rollout/${read.id}/state`, { body: { state: 'cancelled', updated_at: read.updated_at } });
    await secondEditorRefused(cancel, cancel);
    expect((await op.get(`${API}/v1/ops/rollout`)).body.items.find((r: { id: string }) => r.id === read.id).state).toBe('cancelled');
  },
  'provider.tenantPolicy.save': async () => {
    const op = await operator();
    const { tid } = await newTenant(op);
    const POLICY = `${API}/v1/tenants/${tid}/policy`;
    const read = (await op.get(POLICY)).body;
    const save = (note: string) => () =>
      op.put(POLICY, {
        body: { staged_rev_id: read.staged_rev_id, state: read.state, updated_at: read.updated_at, data: { 'web.ssl-bypass': { list: [{ id: 'b1', destination: `${note}.example.com` }] } } },
      });
    await secondEditorRefused(save('first'), save('second'));
    const stored = (await op.get(POLICY)).body.data['web.ssl-bypass'];
    expect(JSON.stringify(stored)).toContain('first.example.com');
    expect(JSON.stringify(stored)).not.toContain('second.example.com');
  },
  'provider.tenantPolicy.publish': async () => {
    const op = await operator();
    const { tid } = await newTenant(op);
    const POLICY = `${API}/v1/tenants/${tid}/policy`;
    const read = (await op.get(POLICY)).body;
    const staged = (
      await op.put(POLICY, {
        body: { staged_rev_id: read.staged_rev_id, state: read.state, updated_at: read.updated_at, data: { 'web.ssl-bypass': { list: [{ id: 'b1', destination: 'first.example.com' }] } } },
      })
    ).body;
    // Two operators publish the revision they read: the second names a revision that is no longer the working one.
    const publish = () => op.post(`${POLICY}/publish`, { body: { staged_rev_id: staged.staged_rev_id, updated_at: staged.updated_at, reason: 'Reviewed by an operator' } });
    await secondEditorRefused(publish, publish);
    const revisions = (await op.get(`${POLICY}/revisions?limit=5`)).body.revisions as { rev_id: number; reason: string }[];
    expect(revisions.filter((r) => r.reason === 'Reviewed by an operator').map((r) => r.rev_id)).toEqual([staged.staged_rev_id]);
  },
  'provider.tenantSku.save': async () => {
    const op = await operator();
    const { tid } = await newTenant(op);
    const SKU = `${API}/v1/tenants/${tid}/sku`;
    const put = (sku_id: string) => () => op.put(SKU, { body: { sku_id, updated_at: null } });
    await secondEditorRefused(put('sku-standard'), put('sku-advanced'));
    const read = (await op.get(SKU)).body;
    expect(read.sku.sku_id).toBe('sku-standard');
    const again = (sku_id: string) => () => op.put(SKU, { body: { sku_id, updated_at: read.updated_at } });
    await secondEditorRefused(again('sku-complete'), again('sku-advanced'));
    expect((await op.get(SKU)).body.sku.sku_id).toBe('sku-complete');
  },
  'provider.tenantTags.save': async () => {
    const op = await operator();
    const { tid } = await newTenant(op);
    const TAGS = `${API}/v1/tenants/${tid}/tags`;
    const save = (tag: string) => () => op.put(TAGS, { body: { tags: [tag], updated_at: null } });
    await secondEditorRefused(save('first'), save('second'));
    const read = (await op.get(TAGS)).body;
    expect(read.tags).toEqual(['first']);
    const again = (tag: string) => () => op.put(TAGS, { body: { tags: [tag], updated_at: read.updated_at } });
    await secondEditorRefused(again('third'), again('fourth'));
    expect((await op.get(TAGS)).body.tags).toEqual(['third']);
  },
  'provider.ovaKeys.saveSkus': async () => {
    const op = await operator();
    const SKUS = `${API}/v1/ova-keys/OVA-DEMO-CORP-0001/skus`;
    const read = (await op.get(SKUS)).body;
    const save = (expires_at: string) => () => op.put(SKUS, { body: { skus: [{ sku: 'sku-standard', expires_at }], updated_at: read.updated_at } });
    await secondEditorRefused(save('2030-01-31T23:59:59Z'), save('2031-01-31T23:59:59Z'));
    expect((await op.get(SKUS)).body.skus).toEqual([{ sku: 'sku-standard', expires_at: '2030-01-31T23:59:59Z', expired: false }]);
  },
  ...Object.fromEntries(
    (['tos', 'globalSettings', 'pac', 'safemail'] as const).map((name) => {
      const group = tenantDocumentGroups[name];
      return [
        group.ops.save.id,
        async () => {
          const op = await operator();
          const { tid } = await newTenant(op);
          const path = group.ops.get.path.replace('{tid}', tid);
          const { status: _status, ...read } = (await op.get(path)).body;
          let first: { body: unknown } | undefined;
          await secondEditorRefused(
            async () => (first = await op.put(path, { body: read })),
            () => op.put(path, { body: read }),
          );
          expect((await op.get(path)).body).toEqual(first!.body);
        },
      ];
    }),
  ),
  // Provider console records: the tenant admin has no access there; an operator edits them.
  'provider.ovaKeys.update': async () => {
    const op = await operator();
    const KEYS = `${API}/v1/ova-keys`;
    const { key_id, ...terms } = { key_id: unique('OVA-STAMP'), tenant_name: 'Demo Corp', license_type: 'poc', does_not_expire: true, note: 'read' };
    const read = (await op.post(KEYS, { body: { key_id, ...terms } })).body.key;
    const save = (note: string) => () => op.put(`${KEYS}/${key_id}`, { body: { ...terms, note, updated_at: read.updated_at } });
    await secondEditorRefused(save('First editor'), save('Second editor'));
    const stored = (await op.get(KEYS)).body.keys.find((k: { key_id: string }) => k.key_id === key_id);
    expect(stored.note).toBe('First editor');
    expect((await op.put(`${KEYS}/${key_id}`, { body: { ...terms, note: 'No stamp' } })).status).toBe(400);
    expect((await op.put(`${KEYS}/${key_id}`, { body: { ...terms, note: 'Made up', updated_at: '2999-01-01T00:00:00.000Z' } })).status).toBe(409);
    expect((await op.get(KEYS)).body.keys.find((k: { key_id: string }) => k.key_id === key_id)).toEqual(stored);
  },
  'provider.categoryOverrides.update': async () => {
    const op = await operator();
    const OVERRIDES = `${API}/v1/category-overrides`;
    const body = { url: `https://${unique('stamp')}.example.com/`, category_ids: [3] };
    const read = (await op.post(OVERRIDES, { body })).body.override;
    const save = (ids: number[]) => () => op.put(`${OVERRIDES}/${read.id}`, { body: { ...body, category_ids: ids, updated_at: read.updated_at } });
    await secondEditorRefused(save([4]), save([5]));
    const storedOf = async () => (await op.get(OVERRIDES)).body.overrides.find((o: { id: string }) => o.id === read.id);
    const stored = await storedOf();
    expect(stored.category_ids).toEqual([4]);
    expect((await op.put(`${OVERRIDES}/${read.id}`, { body: { ...body, category_ids: [6], updated_at: '2999-01-01T00:00:00.000Z' } })).status).toBe(409);
    expect(await storedOf()).toEqual(stored);
  },
  'posture.updatePolicy': async (admin) => {
    const created = (await admin.post(BPM, { raw: await policyUpload('Stamp test', { platform: 'windows', browser: 'chrome', version: '122', settings: {} }) })).body;
    try {
      const patch = (name: string) => admin.request('PATCH', `${BPM}/${created.id}`, { body: { name, updated_at: created.updated_at } });
      await secondEditorRefused(() => patch('First editor'), () => patch('Second editor'));
      expect((await admin.get(`${BPM}/${created.id}`)).body.name).toBe('First editor');
      // The reproduction of the probe: 20 parallel changes of one read version, exactly one lands.
      const fresh = (await admin.get(`${BPM}/${created.id}`)).body;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => admin.request('PATCH', `${BPM}/${created.id}`, { body: { name: `Parallel ${i}`, updated_at: fresh.updated_at } })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)]);
      const madeUp = await admin.request('PATCH', `${BPM}/${created.id}`, { body: { name: 'Future', updated_at: '2999-01-01T00:00:00.000Z' } });
      expect(madeUp.status).toBe(409);
    } finally {
      await admin.request('DELETE', `${BPM}/${created.id}`);
    }
  },
  'posture.setReviewStatus': async (admin) => {
    const created = (await admin.post(BPM, { raw: await policyUpload('Review stamp test', { platform: 'windows', browser: 'chrome', version: '122', settings: {} }) })).body;
    try {
      const assessment = (await admin.post(`${BPM}/${created.id}/assess/chrome-baseline`)).body;
      const review = (review_status: string) =>
        admin.put(`${BPM}/${created.id}/assessments/chrome-baseline/reviewStatus`, { body: { rule_id: 'chrome-1', review_status, updated_at: assessment.updated_at } });
      await secondEditorRefused(() => review('to_fix'), () => review('accepted_risk'));
      expect((await admin.get(`${BPM}/${created.id}/assessments/chrome-baseline`)).body.results[0].review_status).toBe('to_fix');
    } finally {
      await admin.request('DELETE', `${BPM}/${created.id}`);
    }
  },
  'policy.publish': async (admin) => {
    const rev = await stagedRev(admin);
    const doc = (await admin.get(`${SSL_BYPASS}/${rev}`)).body;
    expect((await admin.put(`${SSL_BYPASS}/${rev}`, { body: doc })).status).toBe(200);
    // Publishing revision N, then a save that opens N + 1: a publish of N (a stale page) is refused.
    await secondEditorRefused(
      async () => {
        const published = await admin.post(`/api/policy/v1/rules/${rev}`);
        const next = (await admin.get(`${SSL_BYPASS}/${await stagedRev(admin)}`)).body;
        expect((await admin.put(`${SSL_BYPASS}/${next.rev_id}`, { body: next })).status).toBe(200);
        return published;
      },
      () => admin.post(`/api/policy/v1/rules/${rev}`),
    );
  },
  'rbac.save': async (admin) => {
    const name = `Stamp role ${Date.now().toString(36)}`;
    const created = await admin.post('/api/policy/v2/rbac', { body: { name, read: ['logs'] } });
    expect(created.status, created.text).toBe(200);
    const save = () => admin.post('/api/policy/v2/rbac', { body: { name, read: ['dashboard'], updated_at: created.body.updated_at } });
    await secondEditorRefused(save, save);
  },
  'rbac.saveV1': async (admin) => {
    const name = `Stamp role v1 ${Date.now().toString(36)}`;
    const created = await admin.post('/api/policy/v1/rbac', { body: { name, read: ['logs'] } });
    expect(created.status, created.text).toBe(200);
    const save = () => admin.post('/api/policy/v1/rbac', { body: { name, read: ['dashboard'], updated_at: created.body.updated_at } });
    await secondEditorRefused(save, save);
  },
  'rbac.updateSettings': async (admin) => {
    const name = `Stamp screen role ${Date.now().toString(36)}`;
    const created = await admin.post('/api/policy/v2/rbac/roles', { body: { name, description: 'stamps', settings: {} } });
    expect(created.status, created.text).toBe(200);
    const save = () =>
      admin.request('PATCH', `/api/policy/v2/rbac/roles/${encodeURIComponent(name)}`, {
        body: { settings: { ...created.body.settings, read: ['logs'] }, updated_at: created.body.updated_at },
      });
    await secondEditorRefused(save, save);
  },
  'users.updateSettings': async (admin) => {
    const created = await admin.post('/api/udb-rest/v2/user_settings', { body: { username: `stamp-${Date.now().toString(36)}`, password: 'Correct-horse-7', settings: {} } });
    expect(created.status, created.text).toBe(200);
    const save = () =>
      admin.request('PATCH', `/api/udb-rest/v2/user_settings/${created.body.uid}`, {
        body: { settings: { ...created.body.settings, role: 'auditor' }, updated_at: created.body.updated_at },
      });
    await secondEditorRefused(save, save);
  },
  'policyVariants.saveSslBumpV2': async (admin) => {
    const rev = await stagedRev(admin);
    const read = (await admin.get(`/api/policy/v2/rules/sslbump_bypass/${rev}`)).body;
    const save = () => admin.put(`/api/policy/v2/rules/sslbump_bypass/${rev}`, { body: read });
    await secondEditorRefused(save, save);
  },
  'tenantUtils.saveAuthV2': async (admin) => {
    // The v2 path saves the User Authentication page's document: a save through v1 or v2 stales what either read.
    const read = (await admin.get('/api/settings/v2/tenants/auth?limit=1')).body.items[0];
    const save = (session_hours: number) => () => admin.put('/api/settings/v2/tenants/auth', { body: { ...read, session_hours } });
    const [first, second] = read.session_hours === 12 ? [24, 8] : [12, 8];
    await secondEditorRefused(save(first), save(second));
    const stored = (await admin.get('/api/settings/v1/tenants/auth')).body;
    expect(stored.session_hours).toBe(first);
    expect((await admin.put('/api/settings/v2/tenants/auth', { body: { ...stored, session_hours: second, updated_at: '2999-01-01T00:00:00.000Z' } })).status).toBe(409);
    expect((await admin.get('/api/settings/v2/tenants/auth?limit=1')).body.items[0]).toEqual(stored);
  },
  'reports.dashboard.save': async (admin) => {
    const read = (await admin.get('/api/reports/v1/dashboard_layout')).body;
    const save = () => admin.put('/api/reports/v1/dashboard_layout', { body: read });
    await secondEditorRefused(save, save);
  },
  'reports.scheduled.save': async (admin) => {
    const read = (await admin.get('/api/reports/v1/scheduled_reports')).body;
    const save = () => admin.put('/api/reports/v1/scheduled_reports', { body: read });
    await secondEditorRefused(save, save);
  },
  'privateAccess.updateCatalogClusters': async (admin) => {
    const rev = await stagedRev(admin);
    const read = (await admin.get(`/api/policy/v1/rules/mpa/app_catalogs/${rev}`)).body;
    const clusters = (await admin.get(`/api/policy/v1/rules/mpa/app_connector_clusters/${rev}`)).body.list as { id: string }[];
    const app = read.list[0];
    const move = (cluster_id: string) => () =>
      admin.put(`/api/policy/v1/rules/mpa/update_catalog_clusters/${rev}`, { body: { updated_at: read.updated_at, cluster_id, applications: [app.id] } });
    const [first, second] = [clusters.find((c) => c.id !== app.cluster_id)!.id, app.cluster_id];
    await secondEditorRefused(move(first), move(second));
    expect((await admin.get(`/api/policy/v1/rules/mpa/app_catalogs/${rev}`)).body.list[0].cluster_id).toBe(first);
  },
  'privateAccess.updateAccessPolicyApplication': async (admin) => {
    const rev = await stagedRev(admin);
    const read = (await admin.get(`/api/policy/v1/rules/mpa/access_rules/${rev}`)).body;
    const rule = read.list[0];
    const app = rule.scope.applications[0];
    const keep = read.list.filter((r: { scope: { applications: string[] } }) => r.scope.applications.includes(app)).map((r: { id: string }) => r.id);
    const put = () => admin.put(`/api/policy/v1/rules/mpa/update_access_policy_application/${rev}`, { body: { updated_at: read.updated_at, application_id: app, access_rules: keep } });
    await secondEditorRefused(put, put);
  },
};

const stateChanging = registry.operations.filter((op) => op.method !== 'GET');
const documentSaves = stateChanging.filter((op) => op.document?.role === 'save');
const ENV: Environment = { deployment: 'cloud', appMode: 'cloud', production: false };

describe('stamps on state-changing operations', () => {
  it('every state-changing operation is a stamped document save, stamped by its module, or exempt for a reason', () => {
    const unlisted = stateChanging.filter((op) => !op.document && !(op.id in STAMPED) && !(op.id in EXEMPT)).map((op) => op.id);
    expect(unlisted).toEqual([]);
    const unknown = [...Object.keys(STAMPED), ...Object.keys(EXEMPT)].filter((id) => !stateChanging.some((op) => op.id === id));
    expect(unknown).toEqual([]);
    expect(documentSaves.length).toBeGreaterThan(40);
  });

  it.each(Object.keys(STAMPED))('%s answers 409 to a stale stamp', { timeout: 120_000 }, async (id) => {
    await STAMPED[id]!(await signedIn('admin'));
  });

  it('every document save of this environment answers 409 to a stale stamp and keeps the first change', { timeout: 600_000 }, async () => {
    const admin = await signedIn('admin');
    const served = documentSaves.filter((op) => envAllows(op.env, ENV));
    const proved: string[] = [];
    for (const save of served) {
      const read = registry.operation(`${save.document!.screenId}.get`) as OperationDef;
      const path = (op: OperationDef) => op.path.replace('{rev}', String(rev));
      const rev = await stagedRev(admin);
      const res = await admin.get(path(read));
      if (res.status === 403) continue; // a feature the demo tenant does not have
      expect(res.status, `${read.id}: ${res.text.slice(0, 200)}`).toBe(200);
      const asRead = res.body;
      let first: { status: number; text: string; body: unknown } | undefined;
      await secondEditorRefused(
        async () => (first = await admin.request(save.method, path(save), { body: asRead })),
        () => admin.request(save.method, path(save), { body: asRead }),
      );
      expect((await admin.get(path(read))).body, save.id).toEqual(first!.body);
      proved.push(save.id);
    }
    expect(proved.length).toBeGreaterThan(served.length * 0.8);
  });
});
