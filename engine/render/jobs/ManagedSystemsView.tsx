/**
 * Managed appliances of a management station: status re-read while something is under way, and the actions that run
 * as jobs (update with maintenance mode, restart now or in an hour), each followed with the core poller until it ends.
 */
import { Alert, Badge, Button, Checkbox, Group, Loader, Menu, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { JOB_POLL_MS } from '../../../schemas/constants';
import { announceJobStarted, pollJob } from '../../core/jobs';
import { showSnackbar } from '../../core/snackbar';
import type { OperationOutput } from '../../generated/client.gen';
import { useApi } from '../shell/EngineContext';

type System = OperationOutput<'manager.listSystems'>['systems'][number];
type Check = OperationOutput<'manager.checkUpdate'>;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** Jobs of the appliance manager end within seconds, or at a scheduled restart; the screen stops following after this. */
const FOLLOW_MS = 120_000;
const STATUS: Record<System['status'], { label: string; color: string }> = {
  online: { label: 'Online', color: 'teal.7' },
  offline: { label: 'Restarting', color: 'orange.7' },
  maintenance: { label: 'Maintenance mode', color: 'blue.7' },
  unreachable: { label: 'Unreachable', color: 'red.7' },
};
const HOUR_S = 3600;

export function ManagedSystemsView({ canWrite }: { canWrite: boolean }) {
  const api = useApi();
  const [systems, setSystems] = useState<readonly System[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [updating, setUpdating] = useState<{ system: System; check?: Check; version?: string; maintenance: boolean } | undefined>();
  const [following, setFollowing] = useState(0);

  const load = useCallback(
    () => api.managerListSystems().then((a) => (setSystems(a.systems), setError(undefined)), (e: unknown) => setError(message(e))),
    [api],
  );
  useEffect(() => void load(), [load]);
  const busy = following > 0 || (systems?.some((s) => s.status === 'offline' || s.pending_version) ?? false);
  useEffect(() => {
    if (!busy) return;
    const t = setInterval(() => void load(), JOB_POLL_MS);
    return () => clearInterval(t);
  }, [busy, load]);

  /** Starts a job and follows it: a snackbar says how it ended. */
  const run = async (start: () => Promise<{ job_id: string }>, done: string) => {
    setFollowing((n) => n + 1);
    try {
      const { job_id } = await start();
      announceJobStarted();
      await load();
      await pollJob(() => api.jobsGet({ params: { id: job_id } }), { timeoutMs: FOLLOW_MS });
      showSnackbar({ kind: 'success', message: done });
    } catch (e) {
      showSnackbar({ kind: 'error', message: message(e), closable: true });
    } finally {
      setFollowing((n) => n - 1);
      await load();
    }
  };

  const openUpdate = async (system: System) => {
    setUpdating({ system, maintenance: true });
    try {
      const check = await api.managerCheckUpdate({ params: { id: system.id } });
      setUpdating({ system, check, version: check.available[0]?.version, maintenance: true });
    } catch (e) {
      setUpdating(undefined);
      showSnackbar({ kind: 'error', message: message(e), closable: true });
    }
  };

  if (error) return <Alert color="red" role="alert" title="The appliances could not be loaded">{error}</Alert>;
  if (!systems) return <Loader role="status" aria-label="Loading" />;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover aria-label="Managed appliances">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Appliance</Table.Th>
              <Table.Th>Group</Table.Th>
              <Table.Th>Version</Table.Th>
              <Table.Th miw={170}>Status</Table.Th>
              <Table.Th>Last contact</Table.Th>
              {canWrite && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {systems.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {s.name}
                  <Text size="xs" c="dimmed">
                    {s.address}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {s.group}
                  {s.auto_group && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (automatic)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.pending_version ? `${s.version} → ${s.pending_version}` : s.version}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS[s.status].color} variant="dot" tt="none" styles={{ label: { overflow: 'visible' } }}>
                    {STATUS[s.status].label}
                  </Badge>
                  {s.restart_at && s.status !== 'offline' && (
                    <Text size="xs" c="dimmed">
                      Restart at {new Date(s.restart_at).toLocaleTimeString()}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Date(s.last_contact).toLocaleString()}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <Button size="xs" variant="default" aria-label={`Actions for ${s.name}`}>
                          Actions
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => void openUpdate(s)}>Update…</Menu.Item>
                        <Menu.Item onClick={() => void run(() => api.managerRestart({ params: { id: s.id }, body: { delay_seconds: 0 } }), `${s.name} has restarted.`)}>
                          Restart now
                        </Menu.Item>
                        <Menu.Item onClick={() => void run(() => api.managerRestart({ params: { id: s.id }, body: { delay_seconds: HOUR_S } }), `${s.name} has restarted.`)}>
                          Restart in an hour
                        </Menu.Item>
                        <Menu.Item
                          onClick={() =>
                            void api
                              .managerSetMaintenance({ params: { id: s.id }, body: { enabled: !s.maintenance } })
                              .then(load, (e: unknown) => showSnackbar({ kind: 'error', message: message(e), closable: true }))
                          }
                        >
                          {s.maintenance ? 'End maintenance mode' : 'Enter maintenance mode'}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={updating !== undefined} onClose={() => setUpdating(undefined)} title={updating ? `Update ${updating.system.name}` : ''}>
        {updating && !updating.check && <Loader role="status" aria-label="Loading" />}
        {updating?.check && (
          <Stack gap="sm">
            <Text size="sm">Installed version: {updating.check.current}</Text>
            <Select
              label="Version to install"
              data={updating.check.available.map((v) => ({ value: v.version, label: `${v.version}: ${v.description}` }))}
              value={updating.version ?? null}
              onChange={(v) => setUpdating({ ...updating, version: v ?? undefined })}
              allowDeselect={false}
            />
            <Checkbox
              label="Enter maintenance mode while the update installs"
              checked={updating.maintenance}
              onChange={(e) => setUpdating({ ...updating, maintenance: e.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setUpdating(undefined)}>
                Cancel
              </Button>
              <Button
                disabled={!updating.version}
                onClick={() => {
                  const { system, version, maintenance } = updating;
                  setUpdating(undefined);
                  void run(
                    () => api.managerInstallUpdate({ params: { id: system.id }, body: { version: version!, enter_maintenance_mode: maintenance } }),
                    `${system.name} now runs ${version}.`,
                  );
                }}
              >
                Install
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
