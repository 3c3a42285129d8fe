/** The empty-result notice (spec 002 §2): shown where a list or search has nothing to show. */
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export const EMPTY_RESULT_TITLE = 'No results found';
export const EMPTY_RESULT_TEXT = 'Nothing matches the current view. Change the filters or add an item.';

export interface EmptyResultProps {
  readonly title?: string;
  readonly message?: ReactNode;
  /** An action such as "Clear filters" or "Add rule". */
  readonly action?: ReactNode;
}

export function EmptyResult({ title = EMPTY_RESULT_TITLE, message = EMPTY_RESULT_TEXT, action }: EmptyResultProps) {
  return (
    <Stack role="status" align="center" gap={4} py="lg">
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {message}
      </Text>
      {action}
    </Stack>
  );
}
