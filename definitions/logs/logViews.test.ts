import { describe, expect, it } from 'vitest';
import { createAccessControl } from '../../engine/core/access';
import { logsRedirect } from '../../engine/core/navigation';
import { LOG_EVENT_SCHEMAS, LOG_TYPES, type LogType } from '../../schemas/logs';
import type { LogViewDef } from '../define';
import { registry } from '../index';

const logViews = registry.screens.filter((s): s is LogViewDef => s.kind === 'logView');

describe('log view definitions', () => {
  it('one view per log kind, read with the same rule as its operations', () => {
    expect(logViews.map((v) => v.logType).sort()).toEqual([...LOG_TYPES].sort());
    for (const view of logViews) {
      const op = view.operations.query;
      expect(view.read).toEqual(op.access);
      expect(view.route).toBe(`/logs/${view.logType}`);
    }
  });

  it('columns are event fields and filters are query parameters of the kind', () => {
    for (const view of logViews) {
      const fields = Object.keys(LOG_EVENT_SCHEMAS[view.logType as LogType].shape);
      for (const c of view.columns) expect(fields).toContain(c.field);
      const op = view.operations.query;
      for (const f of view.filters) expect(Object.keys(op.query!.shape)).toContain(f.param);
    }
  });

  it('labels enumerated values: the web action "safeview" reads "Isolate", and the filter offers it once as "isolate"', () => {
    const web = logViews.find((v) => v.logType === 'web')!;
    expect(web.columns.find((c) => c.field === 'pe_action')!.labels!.safeview).toBe('Isolate');
    const action = web.filters.find((f) => f.param === 'pe_action')!;
    expect(action.options!.isolate).toBe('Isolate');
    expect(action.options).not.toHaveProperty('safeview');
    expect(web.fieldLabels!.risk_score).toEqual({ G: 'Low', Y: 'Medium', R: 'High' });
  });

  it('the logs section opens the first permitted kind with the default interval; a role limited to audit gets audit', () => {
    const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
    access.setUser({ roles: { read: ['logs'], write: [] }, capabilities: { rbac: true } });
    expect(logsRedirect(registry, access)).toBe('/logs/web?interval=7d');
    access.setUser({ roles: { read: ['logs:read:audit'], write: [] }, capabilities: { rbac: true } } as never);
    expect(logsRedirect(registry, access)).toBe('/logs/audit?interval=7d');
  });
});
