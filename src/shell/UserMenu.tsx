/** The signed-in user (name and tenant) and Sign out. Plain elements: the header needs no popover library. */
import { Button, Group, Text } from '@mantine/core';
import type { SessionUser } from '../../schemas/auth';
import { navigate } from './hashLocation';

export function UserMenu({ user }: { user: SessionUser }) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="Signed-in user">
      <Text size="sm" title={`${name} · ${user.tenant_name}`}>
        {user.username}
        <Text span size="xs" c="dimmed" visibleFrom="md">
          {' '}
          · {user.tenant_name}
        </Text>
      </Text>
      <Button variant="subtle" size="xs" onClick={() => navigate('/logout')}>
        Sign out
      </Button>
    </Group>
  );
}
