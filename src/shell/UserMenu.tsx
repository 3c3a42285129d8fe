/**
 * The signed-in user (name and tenant), the tenant association requests waiting for approval, the contact form and
 * Sign out. Plain elements: the header needs no popover library.
 */
import { Button, Group, Text } from '@mantine/core';
import type { SessionUser } from '../../schemas/auth';
import { navigate } from './hashLocation';

export function UserMenu({ user, tenantRequests = 0 }: { user: SessionUser; tenantRequests?: number }) {
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
      {tenantRequests > 0 && (
        <Button variant="light" color="orange" size="xs" onClick={() => navigate('/settings/tenant-associations')}>
          {tenantRequests === 1 ? '1 tenant request' : `${tenantRequests} tenant requests`}
        </Button>
      )}
      <Button variant="subtle" size="xs" onClick={() => navigate('/contact-form')}>
        Contact
      </Button>
      <Button variant="subtle" size="xs" onClick={() => navigate('/logout')}>
        Sign out
      </Button>
    </Group>
  );
}
