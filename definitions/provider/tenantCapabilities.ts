import { providerOps } from '../api/provider';
import { providerInsightOps } from '../api/providerInsights';
import { collectionSummary, defineCollection } from '../define';
import { providerRead, providerWrite, tenantPageNav, tenantScope } from './common';

/** A capability value as an operator reads it. */
const shown = (v: boolean | number | null) => (v === null ? 'not set' : v === true ? 'on' : v === false ? 'off' : String(v));
/** What a dry run says would change, one line per capability. */
const previewChanges = { query: { DryRun: 'true' }, lines: ({ changes }: { changes: readonly { name: string; before: boolean | number | null; after: boolean | number | null }[] }) => changes.map((c) => `${c.name}: ${shown(c.before)} → ${shown(c.after)}`) };

export const tenantCapabilities = defineCollection({
  id: 'provider.tenant-capabilities',
  title: 'Tenant capabilities',
  description:
    'What the tenant may use: switches turn features of its portal on or off, limits cap what it may create. Each change ' +
    'is first shown as it would apply; the tenant\'s administrators see it on their next page load.',
  route: '/tenants/capabilities',
  nav: { ...tenantPageNav(20, 'licensing'), label: 'Capabilities' },
  read: providerRead,
  write: providerWrite,
  scope: tenantScope,
  operations: { list: providerOps.getCapabilities },
  items: 'entries',
  itemKey: 'name',
  itemParam: 'name',
  columns: [
    { field: 'name', label: 'Capability', flex: 1, minWidth: 200, sortable: true },
    { field: 'description', label: 'What it gives', flex: 2 },
    { field: 'kind', format: 'enumLabel', maxWidth: 160, sortable: true },
    { field: 'value', label: 'Value', format: 'enumLabel', labels: { true: 'On', false: 'Off' }, maxWidth: 160 },
  ],
  emptyText: 'The tenant has no capabilities.',
  summary: collectionSummary(providerInsightOps.capabilitiesValidity, {
    label: 'validity of the capabilities',
    line: (a) => {
      const invalid = a.items.filter((i) => !i.valid);
      if (invalid.length === 0) return `All ${a.items.length} capabilities are valid.`;
      return `${invalid.length} of ${a.items.length} capabilities are not valid: ${invalid.map((i) => `${i.name} (${i.problems.join('; ')})`).join(', ')}.`;
    },
  }),
  rowActions: (action) => [
    action(providerOps.patchCapabilities, {
      id: 'turn-off',
      label: 'Turn off',
      body: (c) => ({ capabilities: { [c.name]: false } }),
      preview: previewChanges,
      when: { field: 'value', equals: [true] },
      success: (c) => `${c.name} is off.`,
    }),
    action(providerOps.patchCapabilities, {
      id: 'turn-on',
      label: 'Turn on',
      body: (c) => ({ capabilities: { [c.name]: true } }),
      preview: previewChanges,
      when: { field: 'value', equals: [false] },
      success: (c) => `${c.name} is on.`,
    }),
    action(providerOps.deleteCapabilities, {
      id: 'remove',
      label: 'Remove',
      body: (c) => ({ names: [c.name] }),
      preview: previewChanges,
      success: (c) => `${c.name} is removed.`,
    }),
  ],
});
