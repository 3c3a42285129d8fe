/** A document of wizard layout: its steps' forms (downloaded with the first wizard screen), saved from the save bar. */
import { Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { AnyDocumentLayout } from '../../../definitions/define';
import { dropHidden } from '../form/dropHidden';
import { SaveBar } from '../widgets/SaveBar';
import type { LayoutViewProps } from './layoutViewProps';

const WizardView = lazy(() => import('./WizardView').then((m) => ({ default: m.WizardView })));

type WizardLayout = Extract<AnyDocumentLayout, { kind: 'wizard' }>;

export function WizardDocument({ screen, layout, ctl, readOnly, changeCount }: LayoutViewProps<WizardLayout>) {
  // Discarding restarts the wizard at its first step.
  const [run, setRun] = useState(0);
  const save = () => void ctl.save(dropHidden(ctl.draft, screen.schema, layout.fields)).catch(() => 'failed' as const);
  return (
    <>
      <Suspense fallback={<Loader role="status" aria-label="Loading" />}>
        <WizardView
          key={run}
          title={screen.title}
          schema={screen.schema}
          layout={layout}
          values={ctl.draft}
          onChange={ctl.setDraft}
          readOnly={readOnly}
          saving={ctl.saving}
          saveError={ctl.saveError}
          onSave={save}
        />
      </Suspense>
      {!readOnly && (
        <SaveBar
          dirty={ctl.dirty}
          changes={changeCount}
          saving={ctl.saving}
          onSave={save}
          onDiscard={() => {
            ctl.discard();
            setRun((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
