/**
 * What a field widget receives, and the widget map's type: shared by the widgets (`basicWidgets.tsx`,
 * `richWidgets.tsx`, `structuredWidgets.tsx`) and the map that assembles them (`widgetRegistry.tsx`), so no widget
 * imports the map.
 */
import type { ComponentType } from 'react';
import type { WidgetKind } from '../../../definitions/define';
import type { FieldSpec } from './schemaFields';

export interface WidgetProps {
  readonly field: FieldSpec;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly onBlur: () => void;
  /** The message to show, already filtered by the form (invalid and dirty). */
  readonly error: string | undefined;
  readonly disabled: boolean;
  /** For secrets: a value is stored on the server and is not sent back. */
  readonly saved: boolean;
}
export type WidgetComponent = ComponentType<WidgetProps>;

/** One component per widget kind of the definition language, frozen: a form's widgets never change under it. */
export type WidgetMap = Readonly<Record<WidgetKind, WidgetComponent>>;
