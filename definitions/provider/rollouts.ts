import { RolloutInput } from '../../schemas/areas/providerFleet';
import { deploymentOps, providerFleetOps, rolloutOps, versionOps } from '../api/providerFleet';
import { choicesFrom, defineCollection } from '../define';
import { providerRead, providerWrite } from './common';

const fields = {
  version_string: { widget: 'select', optionsFrom: choicesFrom(versionOps.list, 'items', 'version_string', 'version_string'), label: 'Version', help: 'One of the appliance versions.' },
  deployment_id: { widget: 'select', optionsFrom: choicesFrom(deploymentOps.list, 'items', 'deployment_id', 'name'), label: 'Deployment', help: 'The deployment whose appliances get the version.' },
  note: { widget: 'textarea' },
} as const;

export const rollouts = defineCollection({
  id: 'provider.rollouts',
  title: 'Rollouts',
  description: 'Appliance versions brought to a deployment: planned, then started, then completed (or cancelled). Only a planned rollout can be edited.',
  route: '/fleet/rollouts',
  nav: { label: 'Rollouts', order: 60 },
  read: providerRead,
  write: providerWrite,
  operations: { list: rolloutOps.list, create: rolloutOps.create },
  items: 'items',
  itemKey: 'id',
  columns: [
    { field: 'version_string', label: 'Version', sortable: true },
    { field: 'deployment_id', label: 'Deployment', sortable: true },
    { field: 'state', format: 'enumLabel', colors: { planned: 'gray', started: 'blue', completed: 'green', cancelled: 'orange' }, sortable: true },
    { field: 'started_at', label: 'Started', format: 'datetime', minWidth: 180 },
    { field: 'note', flex: 2 },
  ],
  createSchema: RolloutInput,
  createFields: fields,
  emptyText: 'No rollout.',
  rowActions: (action) => [
    action(providerFleetOps.rolloutInit, {
      id: 'start',
      label: 'Start',
      body: (r) => ({ id: r.id, updated_at: r.updated_at }),
      confirm: (r) => `${r.version_string} starts rolling out to ${r.deployment_name}.`,
      when: { field: 'state', equals: ['planned'] },
      success: (r) => `The rollout of ${r.version_string} to ${r.deployment_name} has started.`,
    }),
    action(providerFleetOps.finishRollout, {
      id: 'complete',
      label: 'Mark completed',
      body: (r) => ({ state: 'completed' as const, updated_at: r.updated_at }),
      confirm: (r) => `${r.deployment_name} runs ${r.version_string}.`,
      when: { field: 'state', equals: ['started'] },
      success: (r) => `The rollout of ${r.version_string} is completed.`,
    }),
    action(providerFleetOps.finishRollout, {
      id: 'cancel',
      label: 'Cancel',
      body: (r) => ({ state: 'cancelled' as const, updated_at: r.updated_at }),
      confirm: (r) => `The rollout of ${r.version_string} to ${r.deployment_name} is cancelled.`,
      when: { field: 'state', equals: ['planned', 'started'] },
      success: (r) => `The rollout of ${r.version_string} is cancelled.`,
    }),
    action(rolloutOps.update, {
      id: 'edit',
      label: 'Edit…',
      form: { fields: { ...fields, updated_at: { widget: 'hidden' } }, submitLabel: 'Save' },
      when: { field: 'state', equals: ['planned'] },
      success: (r) => `The rollout of ${r.version_string} is saved.`,
    }),
    action(rolloutOps.delete, {
      id: 'delete',
      label: 'Delete',
      confirm: (r) => `The rollout of ${r.version_string} to ${r.deployment_name} is deleted from the list.`,
      success: (r) => `The rollout of ${r.version_string} is deleted.`,
    }),
  ],
});
