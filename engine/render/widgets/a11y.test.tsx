import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderUi } from '../../../tests/setup/component';
import { RuleAccordion } from './accordion/RuleAccordion';
import { BulkImportDialog } from './bulkImport/BulkImportDialog';
import { UploadSummary } from './bulkImport/UploadSummary';
import { CheckboxGroup } from './checkboxGroup/CheckboxGroup';
import { GenericDialog } from './dialog/GenericDialog';
import { DualList } from './dualList/DualList';
import { EmptyResult } from './EmptyResult';
import { FilterBar } from './filter/FilterBar';
import { DataTable } from './table/DataTable';
import { UploadBox } from './upload/UploadBox';
import { Wizard } from './wizard/Wizard';

/** axe-core in jsdom: structure, names and roles (colour contrast needs a real layout, so it is left to e2e). */
async function violations(ui: ReactElement) {
  const { container } = renderUi(ui);
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  container.remove();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const noop = () => undefined;
const rows = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, name: `Rule ${i}`, row_state: i === 1 ? ('error' as const) : undefined }));

describe('widgets pass axe', () => {
  it.each<[string, ReactElement]>([
    [
      'DataTable',
      <DataTable
        key="t"
        label="Rules"
        rows={rows}
        columns={[{ field: 'name', sortable: true }]}
        rowKey="id"
        selectionMode="multiple"
        onRowPositionChange={noop}
        renderExpanded={(r) => <p>{r.name}</p>}
      />,
    ],
    [
      // One tab stop in the body: a focusable row (named by its name cell) holding controls out of the Tab order.
      'DataTable with row controls',
      <DataTable
        key="c"
        label="Rules with actions"
        rows={rows}
        columns={[
          { field: 'name', render: (r) => <a href={`#/rules?id=${r.id}`}>{r.name}</a> },
          { field: '__actions', label: 'Actions', kind: 'actions', render: (r) => <button type="button">{`Edit ${r.name}`}</button> },
        ]}
        rowKey="id"
        selectionMode="multiple"
      />,
    ],
    [
      'RuleAccordion',
      <RuleAccordion
        key="a"
        mode="create"
        savingAllowed
        onSave={noop}
        panels={[
          { id: 'a', title: 'General', valid: true, content: 'General fields' },
          { id: 'b', title: 'Action', valid: false, summary: 'Not chosen', content: 'Action fields' },
        ]}
      />,
    ],
    ['Wizard', <Wizard key="w" title="Set up" steps={[{ id: 's', title: 'Step', content: 'Body' }]} onFinish={noop} onCancel={noop} />],
    [
      'FilterBar',
      <FilterBar
        key="f"
        query={{}}
        setQuery={noop}
        filters={[
          { key: 'action', label: 'Action', options: { allow: 'Allow', block: 'Block' } },
          { key: 'risk', label: 'Risk', toggles: true, options: { low: 'Low', high: 'High' } },
          { key: 'user', label: 'User', options: {} },
        ]}
      />,
    ],
    ['UploadBox', <UploadBox key="u" accept={['csv']} onFiles={noop} />],
    [
      'DualList',
      <DualList key="d" label="Apps" groups={[{ title: 'Mail', available: ['Gmail', 'Outlook'], selected: [] }]} value={['Gmail']} onChange={noop} dirty />,
    ],
    [
      'CheckboxGroup',
      <CheckboxGroup
        key="c"
        id="g"
        defaultExpanded
        onChange={noop}
        value={{ headerName: 'Docs', parents: [{ name: 'Allow', value: false }], subCategories: [{ name: 'PDF', values: [true] }] }}
      />,
    ],
    ['UploadSummary', <UploadSummary key="s" created={3} errors={1} />],
    ['EmptyResult', <EmptyResult key="e" />],
    ['GenericDialog', <GenericDialog key="g" opened onClose={noop} title="Confirm">Body</GenericDialog>],
    [
      'BulkImportDialog',
      <BulkImportDialog key="b" opened onClose={noop} columns={['name']} maxRows={10} processRow={() => null} save={async () => ({ created: 0, errors: [] })} />,
    ],
  ])('%s', async (_name, ui) => {
    expect(await violations(ui)).toEqual([]);
  });
});
