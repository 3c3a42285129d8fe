/**
 * The signed-in user (name and tenant), the tenant association requests waiting for approval, and Sign out. Plain elements: the header needs no popover library.
 */
import { Box, Button, Group, Text } from '@mantine/core';
import type { SessionUser } from '../../schemas/auth';
import { navigate } from './hashLocation';

/** Where the tenant association requests are approved. */
export const TENANT_ASSOCIATIONS_ROUTE = '/settings/tenant-associations';

export function UserMenu({ user, tenantRequests = 0 }: { user: SessionUser; tenantRequests?: number }) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="Signed-in user">
      <Text size="sm" title={`${name} · ${user.tenant_name}`} style={{ whiteSpace: 'nowrap' }}>
        {user.username}
        {/* The tenant's name where the header has room for it; its title says it everywhere. */}
        <Text span size="xs" c="dimmed" visibleFrom="xl">
          {' '}
          · {user.tenant_name}
        </Text>
      </Text>
      {tenantRequests > 0 && (
        <Button
          variant="default"
          size="xs"
          leftSection={<Box w={8} h={8} bg="orange.6" style={{ borderRadius: '50%' }} aria-hidden />}
          onClick={() => navigate(TENANT_ASSOCIATIONS_ROUTE)}
          title="Tenant association requests waiting for your approval"
        >
          {tenantRequests === 1 ? '1 request' : `${tenantRequests} requests`}
        </Button>
      )}
      <Button variant="subtle" size="xs" onClick={() => navigate('/logout')}>
        Sign out
      </Button>
    </Group>
  );
}
