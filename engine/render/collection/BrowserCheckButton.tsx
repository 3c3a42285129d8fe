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
import { useEngine } from '../shell/EngineContext';
import { reasonOf } from './useCollectionController';

type Step = 'idle' | 'signIn' | 'probing' | 'posting';
const STEP_TEXT: Record<Exclude<Step, 'idle'>, string> = {
  signIn: 'Signing in…',
  probing: 'Probing from this browser…',
  posting: 'Storing the results…',
};

export function BrowserCheckButton({ check, onDone }: { check: BrowserCheck; onDone: () => void }) {
  const { call } = useEngine();
  const [step, setStep] = useState<Step>('idle');
  const run = async () => {
    try {
      setStep('signIn');
      const { test_id, timeout_ms } = await call<{ test_id: string; timeout_ms: number }>(check.signIn.id, { body: {} });
      const { data } = await call<{ data: readonly { id: string; url?: string }[] }>(check.sites.id, {});
      const sites = data.filter((s): s is ProbeSite => typeof s.url === 'string' && s.url !== '');
      setStep('probing');
      const results = await probeSites(sites, test_id, { timeoutMs: timeout_ms });
      setStep('posting');
      await call(check.results.id, { body: { test_id, results } });
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
