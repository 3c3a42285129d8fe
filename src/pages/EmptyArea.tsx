/** An honest empty state for an area with nothing built yet: no placeholder data. */
import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../shell/usePageTitle';

export const NOT_AVAILABLE_TEXT = 'There is nothing to manage in this area yet';

export function EmptyArea({ title, text = NOT_AVAILABLE_TEXT }: { title: string; text?: string }) {
  usePageTitle(title);
  return (
    <Stack gap="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{text}.</Text>
    </Stack>
  );
}
