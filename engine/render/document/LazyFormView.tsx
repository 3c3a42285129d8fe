/**
 * FormView (react-hook-form, the resolver and every field widget) as a lazily loaded component: a table screen
 * downloads it with the first row it edits, a form screen right after its document. Until it has arrived the place
 * of the form shows a loader.
 */
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { FormViewProps } from '../form/FormView';

const Form = lazy(() => import('../form/FormView').then((m) => ({ default: m.FormView })));

export function FormView(props: FormViewProps) {
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
