/**
 * FormView (react-hook-form, the resolver and every field widget) as a lazily loaded component: a table screen
 * downloads it with the first row it edits, a form screen right after its document. Until it has arrived the place
 * of the form shows a loader; once it has, every later form renders at once (a dialog opens with its fields).
 */
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { FormViewProps } from '../form/FormView';

let formModule: typeof import('../form/FormView') | undefined;

/** Downloads the form module (once); later forms render without waiting. */
export const loadFormView = () => import('../form/FormView').then((m) => (formModule = m));

const Form = lazy(() => loadFormView().then((m) => ({ default: m.FormView })));

export function FormView(props: FormViewProps) {
  // Decided once per form: switching a mounted form from the lazy one to the loaded one would reset what it holds.
  const [Loaded] = useState(() => formModule?.FormView);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense
      fallback={
        <Center p="md">
          <Loader size="sm" role="status" aria-label="Loading" />
        </Center>
      }
    >
      <Form {...props} />
    </Suspense>
  );
}
