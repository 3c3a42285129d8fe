import { postureOps } from '../api/posture';
import { choicesFrom, defineCollection } from '../define';

/**
 * The assessments of one configuration policy (chosen above the table): a row per benchmark of the policy's browser,
 * assessed or not, with its score; rows are assessed, reassessed and their checks reviewed from the row's actions.
 */
export const postureAssessments = defineCollection({
  id: 'browser-management.assessments',
  title: 'Assessments',
  description:
    'How a configuration policy measures up to the benchmark policies of its browser. A check passes when the policy ' +
    'sets the benchmark\'s value, fails when it sets another one and is not configured when the policy leaves the ' +
    'setting empty; the score is the share of checks passed. Assess replaces an earlier assessment and its reviews; ' +
    'Reassess, after the policy changed, keeps the review of every check whose outcome is the same.',
  route: '/browser-management/assessments',
  nav: { order: 20 },
  scope: { param: 'id', label: 'Configuration policy', choices: choicesFrom(postureOps.listConfigPolicies, 'list', 'id', 'name') },
  operations: { list: postureOps.listAssessments },
  items: 'list',
  itemKey: 'benchmark_id',
  itemParam: 'benchId',
  columns: [
    { field: 'benchmark', flex: 2, sortable: true },
    { field: 'assessed', format: 'boolean', center: true },
    { field: 'score', label: 'Score (%)', minWidth: 96 },
    { field: 'passed', minWidth: 80 },
    { field: 'failed', minWidth: 80 },
    { field: 'not_configured', minWidth: 130 },
    { field: 'assessed_at', format: 'datetime', detail: { field: 'assessed_by' } },
  ],
  emptyText: 'No benchmark policy covers this policy\'s browser.',
  rowActions: (action) => [
    action(postureOps.assessPolicy, {
      id: 'assess',
      label: 'Assess',
      confirm: (a) => (a.assessed ? `The assessment against ${a.benchmark} and its reviews are replaced.` : `Assess the policy against ${a.benchmark}?`),
      success: (a) => `Assessed against ${a.benchmark}.`,
    }),
    action(postureOps.reassessPolicy, {
      id: 'reassess',
      label: 'Reassess',
      when: { field: 'assessed', equals: [true] },
      success: (a) => `Assessed again against ${a.benchmark}; reviews of unchanged outcomes are kept.`,
    }),
    action(postureOps.queryAssessment, {
      id: 'results',
      label: 'Download results…',
      when: { field: 'assessed', equals: [true] },
      form: {
        intro: (a) => `The checks of the assessment against ${a.benchmark}; leave a choice empty for all of them.`,
        fields: { outcome: { widget: 'multiselect' }, review_status: { widget: 'multiselect' } },
        submitLabel: 'Download',
      },
      download: { fileName: (_a, a) => `assessment-${a.benchmark_id}.json`, contentType: 'application/json' },
    }),
    action(postureOps.setReviewStatus, {
      id: 'review',
      label: 'Review a check…',
      when: { field: 'assessed', equals: [true] },
      form: {
        fields: { updated_at: { widget: 'hidden' }, comment: { widget: 'textarea' } },
        choices: { rule_id: choicesFrom(postureOps.getAssessment, 'results', 'rule_id', 'title') },
        submitLabel: 'Save review',
      },
      success: (a) => `Review of a ${a.benchmark} check saved.`,
    }),
  ],
  read: { any: ['browser_posture_management:read'] },
  write: { any: ['browser_posture_management:write'] },
});
