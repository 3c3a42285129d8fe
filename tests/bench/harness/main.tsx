/**
 * The bench harness page: mounts, on demand from `window.bench`, a generated form (`formPage.tsx`: FormView or
 * @rjsf/core on the same schema) or a table of rule rows (`table.tsx`), and measures on the page itself (from the call
 * or the key press to the first paint after React's commit), so the figures exclude the DevTools round trip.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { cssVariablesResolver, theme } from '../../../src/theme';
import { createFormBench, nextPaint } from './formPage';
import { tableBench } from './table';

export type { FormKind, FormVariant, MountFigures } from './formPage';

// As in the portal, whose Content-Security-Policy forbids eval (zod's JIT).
z.config({ jitless: true });

const root = createRoot(document.getElementById('root')!);

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <div style={{ maxWidth: 900, margin: '0 auto', padding: 16 }}>{children}</div>
    </MantineProvider>
  );
}

/** Renders `element` and resolves with the time from the call to the first paint after the commit, in ms. */
async function mount(element: ReactNode): Promise<number> {
  root.render(null);
  await nextPaint();
  const started = performance.now();
  await new Promise<void>((resolve) => root.render(<Committed onCommit={resolve}>{element}</Committed>));
  await nextPaint();
  return performance.now() - started;
}

const bench = {
  ...createFormBench((element) => root.render(element === null ? null : <Page>{element}</Page>)),
  /**
   * Arms a one-shot measurement of the next key press: resolves with the time from the keydown event to the first
   * paint after the input was handled, in ms.
   */
  armKeystroke: () => {
    const done = new Promise<number>((resolve) => {
      document.addEventListener(
        'keydown',
        (e) => {
          const pressed = e.timeStamp;
          // Window is the last stop of the input event, after React's listener on the root.
          window.addEventListener('input', () => void nextPaint().then(() => resolve(performance.now() - pressed)), { once: true });
        },
        { capture: true, once: true },
      );
    });
    (window as unknown as { keystroke: Promise<number> }).keystroke = done;
  },
  ...tableBench({ mount, Page, nextPaint }),
};

export type Bench = typeof bench;
(window as unknown as { bench: Bench }).bench = bench;
