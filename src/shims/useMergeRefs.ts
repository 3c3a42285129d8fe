/**
 * `useMergeRefs` of @floating-ui/react for Mantine's ScrollArea (see vite.config.ts): the refs merged by Mantine's own
 * `useMergedRef` (the same calls, clean-ups included), so the scroll area does not bring the positioning library.
 */
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

export function useMergeRefs<T>(refs: readonly (Ref<T> | undefined)[]) {
  return useMergedRef<T>(...(refs as Ref<T>[]));
}
