import { postureOps } from '../api/posture';
import { defineCollection } from '../define';

/** The benchmark catalogue, read only: what configuration policies are assessed against. */
export const benchmarkPolicies = defineCollection({
  id: 'browser-management.benchmarks',
  title: 'Benchmark Policies',
  description:
    'Security baselines for managed browsers. Each benchmark lists checks: a browser setting, the value it expects and ' +
    'how severe a difference is. Assess a configuration policy against the benchmarks of its browser under Assessments.',
  route: '/browser-management/benchmarks',
  nav: { order: 30 },
  operations: { list: postureOps.listBenchmarkPolicies },
  items: 'list',
  itemKey: 'id',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'browser', format: 'enumLabel', sortable: true, minWidth: 140 },
    { field: 'rules', label: 'Checks', minWidth: 80, maxWidth: 96 },
    { field: 'description', flex: 3 },
  ],
  emptyText: 'No benchmark policies are available.',
  rowActions: (action) => [
    action(postureOps.getBenchmarkPolicy, {
      id: 'download',
      label: 'Download the checks',
      download: { fileName: (_a, b) => `benchmark-${b.id}.json`, contentType: 'application/json' },
    }),
  ],
  read: { any: ['browser_posture_management:read'] },
});
