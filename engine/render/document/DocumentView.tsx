/**
 * DocumentView: the body of a document screen (policy area or settings page). Loads the document through the
 * engine's call function (at the staged revision for policy areas), shows what every layout shares (the definition's
 * facts in a line at the top, read on their own; the notice when the caller's permissions stop allowing changes; the
 * screen's downloads; the 409 dialog) and hands the loaded document to the component of its layout kind
 * (`LAYOUT_VIEWS`: a table of rows, a form, the form's fields in the rule accordion, or a wizard), which edits and
 * saves it with its stamp.
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import type { AnyDocumentLayout, DocumentScreen } from '../../../definitions/define';
import { useEngine, useStore } from '../shell/EngineContext';
import { lazyComponent } from '../lazyComponent';
import { diffDocuments } from './diffDocuments';
import type { LayoutViewProps } from './layoutViewProps';
import { diffOptionsOf } from './screenDiff';
import { ScreenDownloads } from './ScreenDownloads';
import { useScreenFactLine } from './ScreenFactLine';
import { TableDocument } from './TableDocument';
import type { RowsRenderer } from './TableView';
import { useDocumentController } from './useDocumentController';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { useWriteWithdrawn } from './useWriteWithdrawn';

/** The 409 dialog, loaded when a save meets someone else's change (it words both sides with the presenter). */
const ConflictDialog = lazyComponent(() => import('./ConflictDialog').then((m) => m.ConflictDialog));

// The form layouts (with the form itself) and the wizard download with the first screen of their kind: a table screen,
// the commonest, does not carry them.
const FormDocument = lazy(() => import('./FormDocument').then((m) => ({ default: m.FormDocument })));
const AccordionDocument = lazy(() => import('./FormDocument').then((m) => ({ default: m.AccordionDocument })));
const WizardDocument = lazy(() => import('./WizardDocument').then((m) => ({ default: m.WizardDocument })));

/** The component of each layout kind. */
const LAYOUT_VIEWS: { readonly [K in AnyDocumentLayout['kind']]: ComponentType<LayoutViewProps<Extract<AnyDocumentLayout, { kind: K }>>> } = {
  table: TableDocument,
  form: FormDocument,
  accordion: AccordionDocument,
  wizard: WizardDocument,
};

export interface DocumentViewProps {
  readonly screen: DocumentScreen;
  /** Replaces the data-table rows of table layouts. */
  readonly rowsRenderer?: RowsRenderer;
}

export function DocumentView({ screen, rowsRenderer }: DocumentViewProps) {
  const { access, unsaved } = useEngine();
  const ctl = useDocumentController(screen);
  // Subscribed: a role narrowed meanwhile (noticed on a refused save or any later answer) turns the screen read-only.
  useStore(access);
  const readOnly = !access.canWrite(screen);
  const writeWithdrawn = useWriteWithdrawn(readOnly, ctl.status === 'ready' && ctl.dirty ? ctl.discard : undefined);
  useUnsavedChangesGuard(ctl.status === 'ready' && ctl.dirty && !readOnly, unsaved);
  const facts = useScreenFactLine(screen.facts);

  const diffOptions = useMemo(() => diffOptionsOf(screen), [screen]);
  const loaded = ctl.status === 'ready' ? ctl.loaded : undefined;
  const draft = ctl.status === 'ready' && ctl.dirty ? ctl.draft : undefined;
  const changeCount = useMemo(() => (loaded && draft ? diffDocuments(loaded, draft, diffOptions).length : 0), [loaded, draft, diffOptions]);

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
  // Each kind's component takes its own layout; the map pairs them, so the layout given is the one it takes.
  const Layout = LAYOUT_VIEWS[screen.layout.kind] as ComponentType<LayoutViewProps>;
  return (
    <Stack>
      {facts}
      {writeWithdrawn}
      {screen.downloads && screen.downloads.length > 0 && <ScreenDownloads downloads={screen.downloads} />}
      <Suspense fallback={<Loader role="status" aria-label={`Loading ${screen.title}`} />}>
        <Layout screen={screen} layout={screen.layout} ctl={ctl} readOnly={readOnly} changeCount={changeCount} rowsRenderer={rowsRenderer} />
      </Suspense>
      {ctl.conflict && (
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
      )}
    </Stack>
  );
}
