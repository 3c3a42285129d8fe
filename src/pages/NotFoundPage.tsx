/** The 404 page (spec 000 §2, §8). */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '../../schemas/constants';
import { usePageTitle } from '../shell/usePageTitle';

export function NotFoundPage() {
  usePageTitle(MESSAGES.notFoundTitle);
  return (
    <Stack align="center" gap="md" py={64} px="md" ta="center">
      <Title order={1}>{MESSAGES.notFoundTitle}</Title>
      <Text>{MESSAGES.notFoundText}</Text>
      <Anchor href="#/">Go to the start page</Anchor>
    </Stack>
  );
}
