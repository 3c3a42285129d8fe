import { Badge, Group, Text } from '@mantine/core';

/** The head of a list screen: how many entries it holds, and a "Read only" badge for callers who may not change it. */
export function EntryCount({ count, readOnly }: { count: number; readOnly: boolean }) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {count === 1 ? '1 entry' : `${count} entries`}
      </Text>
      {readOnly && <ReadOnlyBadge />}
    </Group>
  );
}

/** Says that the caller may not change the screen: the body text colour on the default surface, readable in both schemes. */
export function ReadOnlyBadge() {
  return <Badge variant="default">Read only</Badge>;
}
