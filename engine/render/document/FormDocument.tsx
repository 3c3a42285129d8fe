/**
 * A document of form or accordion layout: the generated form over the loaded document. A form saves with its own
 * Save; an accordion's fields are saved from the page's save bar, as a form's are, and a discard hands the form the
 * loaded document again, which resets it. A conflict resolves in the dialog; other failures are thrown on to the form,
 * which shows them on the fields.
 */
import { ReadOnlyBadge } from './EntryCount';
import { useRef, useState } from 'react';
import type { AnyDocumentLayout } from '../../../definitions/define';
import { dropHidden } from '../form/dropHidden';
import { SaveBar, SavedByPageBar } from '../widgets/SaveBar';
import type { Doc } from './diffDocuments';
import type { LayoutViewProps } from './layoutViewProps';
import { FormView } from '../form/FormView';

type FormLayout = Extract<AnyDocumentLayout, { kind: 'form' | 'accordion' }>;

function DocumentForm({ screen, layout, ctl, readOnly, onChangesChange }: LayoutViewProps<FormLayout> & { onChangesChange?: (n: number) => void }) {
  const submit = async (values: Doc): Promise<void> => {
    await ctl.save(dropHidden(values, screen.schema, layout.fields));
  };
  return (
    <>
      {readOnly && <ReadOnlyBadge />}
      <FormView
        label={screen.title}
        schema={screen.schema}
        hints={layout.fields}
        groups={layout.kind === 'form' ? layout.groups : undefined}
        defaultValues={ctl.loaded}
        onSubmit={submit}
        readOnly={readOnly}
        requireChanges
        onDirtyChange={ctl.setDirty}
        panels={layout.kind === 'accordion' ? layout.panels : undefined}
        panelMode="edit"
        onChangesChange={onChangesChange}
      />
    </>
  );
}

export function FormDocument(props: LayoutViewProps<Extract<FormLayout, { kind: 'form' }>>) {
  return <DocumentForm {...props} />;
}

export function AccordionDocument(props: LayoutViewProps<Extract<FormLayout, { kind: 'accordion' }>>) {
  const { ctl, readOnly } = props;
  const form = useRef<HTMLDivElement>(null);
  // Fields the accordion's form holds changed (its save bar is the page's).
  const [changes, setChanges] = useState(0);
  return (
    <>
      <SavedByPageBar value={!readOnly}>
        <div ref={form}>
          <DocumentForm {...props} onChangesChange={setChanges} />
        </div>
      </SavedByPageBar>
      {!readOnly && (
        <SaveBar
          dirty={ctl.dirty}
          changes={changes}
          saving={ctl.saving}
          onSave={() => form.current?.querySelector('form')?.requestSubmit()}
          onDiscard={ctl.discard}
        />
      )}
    </>
  );
}
