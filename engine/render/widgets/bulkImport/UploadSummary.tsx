/** The upload summary (spec 002 §3, §8): how many items were created and how many had errors. */
import { Group, Paper, Text } from '@mantine/core';
import { useId } from 'react';

export const UPLOAD_SUMMARY_TITLES = { created: 'Created', errors: 'Errors' } as const;

export interface UploadSummaryProps {
  readonly created: number;
  readonly errors: number;
  readonly createdTitle?: string;
  readonly errorTitle?: string;
}

function Count({ title, count, colour }: { title: string; count: number; colour: string }) {
  const id = useId();
  return (
    <Paper
      role="group"
      aria-labelledby={id}
      withBorder
      p="md"
      radius="md"
      style={{ flex: 1, borderLeft: `4px solid var(--mantine-color-${colour}-filled)` }}
    >
      <Text size="sm" c="dimmed" id={id}>
        {title}
      </Text>
      <Text fz={28} fw={700}>
        {count}
      </Text>
    </Paper>
  );
}

export function UploadSummary({
  created,
  errors,
  createdTitle = UPLOAD_SUMMARY_TITLES.created,
  errorTitle = UPLOAD_SUMMARY_TITLES.errors,
}: UploadSummaryProps) {
  return (
    <Group role="group" aria-label="Upload summary" grow gap="md">
      <Count title={createdTitle} count={created} colour="teal" />
      <Count title={errorTitle} count={errors} colour={errors > 0 ? 'red' : 'gray'} />
    </Group>
  );
}
