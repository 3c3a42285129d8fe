/**
 * The JSON-schema editor of one item of a collection: loads the item and the schema its `itemSchemaFrom` operation
 * answers, and saves the edited `schemaField`.
 */
import { Alert, Loader, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { showSnackbar } from '../../core/snackbar';
import { reasonOf, useCollectionItem, type EditableCollection } from './useCollectionController';

// The JSON-Schema form (rjsf, its validator and Markdown renderer) is the heaviest part of the screens' code, and
// only an opened item needs it: it downloads then.
const JsonSchemaForm = lazy(() => import('../jsonSchemaForm/JsonSchemaForm').then((m) => ({ default: m.JsonSchemaForm })));

/** The JSON-schema editor of one item: loads the item and its schema, saves the edited field. */
export function ItemEditor({ screen, id, readOnly, onSaved }: { screen: EditableCollection; id: string; readOnly: boolean; onSaved: () => void }) {
  const { item, schema, save: saveSettings } = useCollectionItem(screen, id);
  const [saveError, setSaveError] = useState<string | undefined>();
  if (item.isError || schema.isError) {
    return (
      <Alert color="red" role="alert" title="Could not be loaded">
        {reasonOf(item.error ?? schema.error)}
      </Alert>
    );
  }
  if (!item.data || !schema.data) return <Loader aria-label="Loading the settings" />;
  const value = (item.data[screen.schemaField] ?? {}) as Record<string, unknown>;
  const save = (next: Record<string, unknown>) => {
    setSaveError(undefined);
    saveSettings(next).then(
      () => {
        showSnackbar({ kind: 'success', message: `${String(item.data.name ?? id)} saved.` });
        onSaved();
      },
      (e: unknown) => setSaveError(reasonOf(e)),
    );
  };
  return (
    <Stack>
      {saveError && (
        <Alert color="red" role="alert" title="Not saved">
          {saveError}
        </Alert>
      )}
      <Suspense fallback={<Loader role="status" aria-label="Loading" />}>
        <JsonSchemaForm label={`Settings of ${String(item.data.name ?? id)}`} schema={schema.data} value={value} readOnly={readOnly} onSubmit={save} />
      </Suspense>
    </Stack>
  );
}

