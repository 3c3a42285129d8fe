/**
 * A collection's bulk import (spec 002 §2): the widgets' BulkImportDialog over a CSV or JSON file, each row checked
 * against an entry of the operation's list, then every correct row sent in one call; the operation takes all or
 * none, so a refusal marks every row with its reason.
 */
import { useMemo } from 'react';
import type { z } from 'zod';
import type { CollectionImport as ImportSpec } from '../../../definitions/define';
import { bodyObjectOf, fieldAt } from '../../../definitions/schemaPaths';
import type { ImportRow } from '../../core/bulkImport';
import { rowIssue } from '../document/RowImport';
import { useCall } from '../shell/EngineContext';
import { BulkImportDialog } from '../widgets/bulkImport/BulkImportDialog';
import { reasonOf } from './useCollectionController';

/** A file row as a list entry: its non-empty cells. */
const entryOf = (row: ImportRow): Record<string, string> => Object.fromEntries(Object.entries(row.values).filter(([, v]) => v !== ''));

export function CollectionImport(props: {
  readonly spec: ImportSpec;
  readonly scope: Readonly<Record<string, string>>;
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly onDone: () => void;
}) {
  const { spec } = props;
  const call = useCall();
  const rowSchema = useMemo(() => fieldAt(bodyObjectOf(spec.operation)!, `${spec.list}.0`) as z.ZodObject, [spec]);
  const labels = useMemo(
    () => new Map(spec.columns.map((c) => [c, ((fieldAt(rowSchema, c)?.meta() as { title?: string } | undefined)?.title ?? c) as string])),
    [spec.columns, rowSchema],
  );
  return (
    <BulkImportDialog
      opened={props.opened}
      onClose={props.onClose}
      title={spec.label.replace(/…$/, '')}
      columns={spec.columns}
      columnLabels={Object.fromEntries(labels)}
      maxRows={spec.maxRows}
      prompt={{ kind: 'confirm' }}
      processRow={(row) => rowIssue(rowSchema, entryOf(row), labels)}
      save={async (rows, progress) => {
        try {
          const params = Object.keys(props.scope).length > 0 ? { params: props.scope } : {};
          await call(spec.operation, { ...params, body: { [spec.list]: rows.map(entryOf) } });
          progress({ created: rows.length, errors: 0 });
          props.onDone();
          return { created: rows.length, errors: [] };
        } catch (e) {
          const message = reasonOf(e);
          return { created: 0, errors: rows.map((r) => ({ line: r.line, message })) };
        }
      }}
      errorFileName={`${spec.label.replace(/…$/, '')} errors`}
    />
  );
}
