/**
 * A document of table layout: its first list in the data table, each further list in a table of its own under it,
 * rows edited in place, saved together from the page's save bar. Row actions call their operation with the row and
 * show the answer's message, or save its answer as a file.
 */
import { Alert, Stack, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import type { AnyDocumentLayout, RowAction } from '../../../definitions/define';
import { recordOf } from '../../core/call';
import { showSnackbar } from '../../core/snackbar';
import { rowSchemaOf } from '../form/schemaFields';
import { useCall } from '../shell/EngineContext';
import { SaveBar } from '../widgets/SaveBar';
import type { LayoutViewProps } from './layoutViewProps';
import { listIssues } from './listIssues';
import { downloadRow } from './ScreenDownloads';
import type { Row } from './tableColumns';
import { TableView } from './TableView';

type TableLayout = Extract<AnyDocumentLayout, { kind: 'table' }>;

export function TableDocument({ screen, layout, ctl, readOnly, changeCount, rowsRenderer }: LayoutViewProps<TableLayout>) {
  const call = useCall();
  const rowSchema = useMemo(() => rowSchemaOf(screen.schema, layout.rows), [layout, screen.schema]);
  // More lists of the document, each in a table of its own under the first.
  const moreTables = useMemo(() => (layout.tables ?? []).map((t) => ({ layout: t, rowSchema: rowSchemaOf(screen.schema, t.rows) })), [layout, screen.schema]);
  const { loaded } = ctl;
  const onRowAction = useCallback(
    (action: RowAction, row: Row) => {
      if (action.download) {
        // The file is made from what is saved: the row must be one of the saved document's rows as they are.
        const saved = [layout.rows, ...(layout.tables ?? []).map((t) => t.rows)].flatMap((rows) => (loaded[rows] ?? []) as unknown[]);
        void downloadRow(call, { ...action, download: action.download }, row, saved);
        return;
      }
      call(action.operation, action.query ? { query: action.query(row) } : { body: row }).then(
        (answer) => {
          const { message } = recordOf(answer);
          showSnackbar({ kind: 'success', message: typeof message === 'string' ? message : `${action.label}: done.` });
        },
        (e: unknown) => showSnackbar({ kind: 'error', message: e instanceof Error ? e.message : String(e), closable: true }),
      );
    },
    [call, layout, loaded],
  );

  const errorsOf = (field: string) => ctl.errors.filter((e) => e.path.startsWith(`${field}.`)).map((e) => ({ ...e, path: e.path.slice(field.length + 1) }));
  const saveTable = () => ctl.save(ctl.draft).catch(() => 'failed' as const);
  return (
    <>
      <TableView
        title={screen.title}
        layout={layout}
        rowSchema={rowSchema}
        rows={(ctl.draft[layout.rows] ?? []) as Row[]}
        readOnly={readOnly}
        errors={errorsOf(layout.rows)}
        rowsRenderer={rowsRenderer}
        onRowAction={onRowAction}
        persistKey={screen.id}
        onChange={(next) => ctl.setDraft({ ...ctl.draft, [layout.rows]: next })}
        validateRows={(next) => listIssues(screen.schema, { ...ctl.draft, [layout.rows]: next }, `${layout.rows}.`)}
      />
      {moreTables.map((t) => (
        <Stack key={t.layout.rows} gap="xs">
          <Title order={2} size="h4">
            {t.layout.title}
          </Title>
          <TableView
            title={t.layout.title}
            addLabel={`Add to ${t.layout.title}`}
            layout={t.layout}
            rowSchema={t.rowSchema}
            rows={(ctl.draft[t.layout.rows] ?? []) as Row[]}
            readOnly={readOnly}
            errors={errorsOf(t.layout.rows)}
            rowsRenderer={rowsRenderer}
            onRowAction={onRowAction}
            persistKey={`${screen.id}.${t.layout.rows}`}
            onChange={(next) => ctl.setDraft({ ...ctl.draft, [t.layout.rows]: next })}
          />
        </Stack>
      ))}
      {ctl.saveError && (
        <Alert color="red" title="Not saved" role="alert">
          {ctl.saveError}
        </Alert>
      )}
      {!readOnly && <SaveBar dirty={ctl.dirty} changes={changeCount} saving={ctl.saving} onSave={() => void saveTable()} onDiscard={ctl.discard} />}
    </>
  );
}
