/**
 * DocumentView: the body of a document screen (policy area or settings page). Loads the document through the
 * engine's call function (at the staged revision for policy areas), renders it by layout kind (a table of rows in
 * the data table, a form, or the form's fields in the rule accordion), saves it with its stamp, refreshes the
 * revision, and handles conflicts and unsaved changes. Row actions of the definition call their operation with the
 * row and show the answer's message, or save its answer as a file. The definition's facts show in a line at the top,
 * read on their own.
 */
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DocumentScreen, FieldHint, RowAction } from '../../../definitions/define';
import { showSnackbar } from '../../core/snackbar';
import { dropHidden } from '../form/dropHidden';
import { FormView } from './LazyFormView';
import { rowSchemaOf } from '../form/schemaFields';
import { useCall, useEngine, useStore } from '../shell/EngineContext';
import { lazyComponent } from '../lazyComponent';
import { diffDocuments, type Doc } from './diffDocuments';
import { diffOptionsOf } from './screenDiff';
import { SaveBar, SavedByPageBar } from '../widgets/SaveBar';
import { downloadRow, ScreenDownloads } from './ScreenDownloads';
import { useScreenFactLine } from './ScreenFactLine';
import { type Row } from './tableColumns';
import { TableView, type RowsRenderer } from './TableView';
import { listIssues } from './listIssues';
import { useDocumentController } from './useDocumentController';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { recordOf } from '../../core/call';

/** The 409 dialog, loaded when a save meets someone else's change (it words both sides with the presenter). */
const ConflictDialog = lazyComponent(() => import('./ConflictDialog').then((m) => m.ConflictDialog));

/** The wizard (its steps and their forms) downloads with the first wizard screen. */
const WizardView = lazy(() => import('./WizardView').then((m) => ({ default: m.WizardView })));

export interface DocumentViewProps {
  readonly screen: DocumentScreen;
  /** Replaces the data-table rows of table layouts. */
  readonly rowsRenderer?: RowsRenderer;
}

export function DocumentView({ screen, rowsRenderer }: DocumentViewProps) {
  const { access, unsaved } = useEngine();
  const call = useCall();
  const ctl = useDocumentController(screen);
  // Subscribed: a role narrowed meanwhile (noticed on a refused save or any later answer) turns the screen read-only.
  useStore(access);
  const readOnly = !access.canWrite(screen);
  const writeWithdrawn = useWriteWithdrawn(readOnly, ctl.status === 'ready' && ctl.dirty ? ctl.discard : undefined);
  useUnsavedChangesGuard(ctl.status === 'ready' && ctl.dirty && !readOnly, unsaved);
  const facts = useScreenFactLine(screen.facts);

  const layout = screen.layout;
  const rowSchema = useMemo(() => (layout.kind === 'table' ? rowSchemaOf(screen.schema, layout.rows) : undefined), [layout, screen.schema]);
  // More lists of the document, each in a table of its own under the first.
  const moreTables = useMemo(
    () => (layout.kind === 'table' ? (layout.tables ?? []).map((t) => ({ layout: t, rowSchema: rowSchemaOf(screen.schema, t.rows) })) : []),
    [layout, screen.schema],
  );
  const diffOptions = useMemo(() => diffOptionsOf(screen), [screen]);
  // Discarding restarts the wizard at its first step.
  const [wizardRun, setWizardRun] = useState(0);
  const accordionForm = useRef<HTMLDivElement>(null);
  // Fields the accordion's form holds changed (its save bar is the page's).
  const [accordionChanges, setAccordionChanges] = useState(0);

  const loaded = ctl.status === 'ready' ? ctl.loaded : undefined;
  const draft = ctl.status === 'ready' && ctl.dirty ? ctl.draft : undefined;
  const changeCount = useMemo(
    () => (loaded && draft ? diffDocuments(loaded, draft, diffOptions).length : 0),
    [loaded, draft, diffOptions],
  );

  const onRowAction = useCallback(
    (action: RowAction, row: Row) => {
      if (action.download) {
        // The file is made from what is saved: the row must be one of the saved document's rows as they are.
        const saved = layout.kind === 'table' ? [layout.rows, ...(layout.tables ?? []).map((t) => t.rows)].flatMap((rows) => (loaded?.[rows] ?? []) as unknown[]) : [];
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

  if (ctl.status === 'pending') {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={`Loading ${screen.title}`} />
      </Group>
    );
  }
  if (ctl.status === 'error') {
    return (
      <Alert color="red" title={`${screen.title} could not be loaded`} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{ctl.message}</Text>
          <Button size="xs" variant="light" onClick={ctl.retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  const downloads = screen.downloads && screen.downloads.length > 0 && <ScreenDownloads downloads={screen.downloads} />;
  const conflict = ctl.conflict && (
    <Suspense fallback={null}>
      <ConflictDialog.Component
        opened
        screen={screen}
        loaded={ctl.loaded}
        theirs={ctl.conflict.theirs}
        mine={ctl.conflict.mine}
        onReload={ctl.reloadTheirs}
        onKeepEditing={ctl.keepEditing}
      />
    </Suspense>
  );

  if (layout.kind === 'table' && rowSchema) {
    const rows = (ctl.draft[layout.rows] ?? []) as Row[];
    const errorsOf = (field: string) =>
      ctl.errors.filter((e) => e.path.startsWith(`${field}.`)).map((e) => ({ ...e, path: e.path.slice(field.length + 1) }));
    const rowErrors = errorsOf(layout.rows);
    const saveTable = () => ctl.save(ctl.draft).catch(() => 'failed' as const);
    return (
      <Stack>
        {facts}
        {downloads}
        <TableView
          title={screen.title}
          layout={layout}
          rowSchema={rowSchema}
          rows={rows}
          readOnly={readOnly}
          errors={rowErrors}
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
        {writeWithdrawn}
        {ctl.saveError && (
          <Alert color="red" title="Not saved" role="alert">
            {ctl.saveError}
          </Alert>
        )}
        {!readOnly && (
          <SaveBar
            dirty={ctl.dirty}
            changes={changeCount}
            saving={ctl.saving}
            onSave={() => void saveTable()}
            onDiscard={ctl.discard}
          />
        )}
        {conflict}
      </Stack>
    );
  }

  const hints = ('fields' in layout ? layout.fields : undefined) as Readonly<Partial<Record<string, FieldHint>>> | undefined;
  if (layout.kind === 'wizard') {
    const saveWizard = () => void ctl.save(dropHidden(ctl.draft, screen.schema, hints)).catch(() => 'failed' as const);
    return (
      <Stack>
        {facts}
        {downloads}
        <Suspense fallback={<Loader role="status" aria-label="Loading" />}>
          <WizardView
            key={wizardRun}
            title={screen.title}
            schema={screen.schema}
            layout={layout}
            values={ctl.draft}
            onChange={ctl.setDraft}
            readOnly={readOnly}
            saving={ctl.saving}
            saveError={ctl.saveError}
            onSave={saveWizard}
          />
        </Suspense>
        {!readOnly && (
          <SaveBar
            dirty={ctl.dirty}
            changes={changeCount}
            saving={ctl.saving}
            onSave={saveWizard}
            onDiscard={() => {
              ctl.discard();
              setWizardRun((n) => n + 1);
            }}
          />
        )}
        {conflict}
      </Stack>
    );
  }
  // A conflict resolves in the dialog; other failures are thrown on to the form, which shows them on the fields.
  const submit = async (values: Doc): Promise<void> => {
    await ctl.save(dropHidden(values, screen.schema, hints));
  };
  const form = (
    <FormView
      label={screen.title}
      schema={screen.schema}
      hints={hints}
      groups={layout.kind === 'form' ? layout.groups : undefined}
      defaultValues={ctl.loaded}
      onSubmit={submit}
      readOnly={readOnly}
      requireChanges
      onDirtyChange={ctl.setDirty}
      panels={layout.kind === 'accordion' ? layout.panels : undefined}
      panelMode="edit"
      onChangesChange={layout.kind === 'accordion' ? setAccordionChanges : undefined}
    />
  );
  return (
    <Stack>
      {facts}
      {readOnly && (
        <Badge color="gray.7" variant="outline">
          Read only
        </Badge>
      )}
      {writeWithdrawn}
      {downloads}
      {layout.kind === 'accordion' ? (
        // The accordion's fields are saved from the page's save bar, as a form's are; a discard hands the form the
        // loaded document again, which resets it.
        <>
          <SavedByPageBar value={!readOnly}>
            <div ref={accordionForm}>{form}</div>
          </SavedByPageBar>
          {!readOnly && (
            <SaveBar
              dirty={ctl.dirty}
              changes={accordionChanges}
              saving={ctl.saving}
              onSave={() => accordionForm.current?.querySelector('form')?.requestSubmit()}
              onDiscard={ctl.discard}
            />
          )}
        </>
      ) : (
        form
      )}
      {conflict}
    </Stack>
  );
}

/**
 * When the user's permissions stop allowing changes while the screen is open: unsaved changes are dropped (they can
 * no longer be saved) and a notice says why the screen turned read-only. Answers the notice, or null.
 */
function useWriteWithdrawn(readOnly: boolean, discard: (() => void) | undefined) {
  // The change of access is noticed while rendering (React's "state from the previous render"), the discard after it.
  const [wasReadOnly, setWasReadOnly] = useState(readOnly);
  const [withdrawn, setWithdrawn] = useState(false);
  if (readOnly !== wasReadOnly) {
    setWasReadOnly(readOnly);
    setWithdrawn(readOnly);
  }
  const discardNow = useRef(discard);
  useEffect(() => {
    discardNow.current = discard;
  }, [discard]);
  useEffect(() => {
    if (withdrawn) discardNow.current?.();
  }, [withdrawn]);
  return withdrawn ? (
    <Alert color="yellow" title="You can no longer change this screen" role="status">
      Your permissions changed while it was open. It shows what is stored; unsaved changes were not kept.
    </Alert>
  ) : null;
}
