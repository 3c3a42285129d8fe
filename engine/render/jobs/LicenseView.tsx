/**
 * The licence screen: a licence string is sent to the appliance, which checks it in a job; the screen follows the job
 * with the core poller (once per second, 60 s time-out) and says whether the licence was installed or why not.
 */
import { Alert, Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { LICENSE_VALIDATION_TIMEOUT_MS } from '../../../schemas/constants';
import { announceJobStarted, pollJob } from '../../core/jobs';
import { showSnackbar } from '../../core/snackbar';
import { useApi } from '../shell/EngineContext';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function LicenseView({ canWrite }: { canWrite: boolean }) {
  const api = useApi();
  const [license, setLicense] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();

  const submit = async () => {
    setChecking(true);
    setOutcome(undefined);
    try {
      const { job_id } = await api.applianceSetLicense({ body: { license } });
      announceJobStarted();
      await pollJob(() => api.jobsGet({ params: { id: job_id } }), { timeoutMs: LICENSE_VALIDATION_TIMEOUT_MS, kind: 'license' });
      setOutcome({ ok: true, text: 'The licence is valid and installed.' });
      showSnackbar({ kind: 'success', message: 'The licence is valid and installed.' });
      setLicense('');
    } catch (e) {
      setOutcome({ ok: false, text: message(e) });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="sm" maw={640}>
      <Textarea
        label="Licence string"
        description="Paste the licence string exactly as you received it, such as ABCD-1234-EFGH-5678"
        autosize
        minRows={2}
        value={license}
        disabled={!canWrite || checking}
        onChange={(e) => setLicense(e.currentTarget.value)}
      />
      <div>
        <Button onClick={() => void submit()} loading={checking} disabled={!canWrite || license.trim() === ''}>
          Check and install
        </Button>
      </div>
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'} title={outcome.ok ? 'Licence installed' : 'The licence was not installed'}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
