/** Shown on a route the user's role, the deployment or the tenant's features do not allow. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../shell/usePageTitle';

export function AccessDeniedPage({ title = 'No access', text }: { title?: string; text?: string }) {
  usePageTitle(title);
  return (
    <Stack gap="sm" py="xl">
      <Title order={1}>{title}</Title>
      <Text>{text ?? 'Your role does not give access to this area, or it is not available in this deployment.'}</Text>
      <Anchor href="#/">Go to the start page</Anchor>
    </Stack>
  );
}
