/**
 * A collection's browser check (`browserCheck`): signs the browser in for a test, loads the sites, probes those with
 * an address from this browser (engine/core/probe.ts), posts what answered and how fast, and has the list read again.
 * The button says what it is doing meanwhile; a failed step is shown with its reason.
 */
import { Button, Loader } from '@mantine/core';
import { useState } from 'react';
import type { BrowserCheck } from '../../../definitions/define';
import { probeSites, type ProbeSite } from '../../core/probe';
import { showSnackbar } from '../../core/snackbar';
import { useCall } from '../shell/EngineContext';
import { reasonOf } from './useCollectionController';
import { recordOf } from '../../core/call';

type Step = 'idle' | 'signIn' | 'probing' | 'posting';
const STEP_TEXT: Record<Exclude<Step, 'idle'>, string> = {
  signIn: 'Signing in…',
  probing: 'Probing from this browser…',
  posting: 'Storing the results…',
};

export function BrowserCheckButton({ check, onDone }: { check: BrowserCheck; onDone: () => void }) {
  const call = useCall();
  const [step, setStep] = useState<Step>('idle');
  const run = async () => {
    try {
      setStep('signIn');
      const { test_id, timeout_ms } = recordOf(await call(check.signIn, { body: {} }));
      const { data } = recordOf(await call(check.sites, {}));
      if (typeof test_id !== 'string' || typeof timeout_ms !== 'number') throw new Error('The check could not be started: no test id was answered.');
      const sites = (Array.isArray(data) ? data : []).flatMap((s): ProbeSite[] => {
        const site = recordOf(s);
        return typeof site.id === 'string' && typeof site.url === 'string' && site.url !== '' ? [{ id: site.id, url: site.url }] : [];
      });
      setStep('probing');
      const results = await probeSites(sites, test_id, { timeoutMs: timeout_ms });
      setStep('posting');
      await call(check.results, { body: { test_id, results } });
      showSnackbar({ kind: results.every((r) => r.ok) ? 'success' : 'warning', message: check.done(results.filter((r) => r.ok).length, results.length) });
      onDone();
    } catch (e) {
      showSnackbar({ kind: 'error', message: reasonOf(e), closable: true });
    } finally {
      setStep('idle');
    }
  };
  return (
    <Button variant="light" onClick={() => void run()} disabled={step !== 'idle'} leftSection={step !== 'idle' && <Loader size={14} />} aria-live="polite">
      {step === 'idle' ? check.label : STEP_TEXT[step]}
    </Button>
  );
}
