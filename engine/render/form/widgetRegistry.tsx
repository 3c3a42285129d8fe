/**
 * The widget map: one component per field kind of the definition language (`WidgetKind`), assembled here and only
 * here, and frozen. The widgets live in `basicWidgets.tsx` (the plain kinds), `richWidgets.tsx` (the shared widgets of
 * spec 002: dual list, checkbox group, upload box, looked-up selects) and `structuredWidgets.tsx` (nested tables,
 * key-value rows, the read-only JSON view); none of them imports this module. FormView takes the map from
 * `WidgetMapContext`, which holds `WIDGETS` unless a provider above the form passes another frozen map: a different
 * widget is a map handed down, never a change made to a shared object while modules load. A kind the map does not
 * know is reported with console.warn and shown as a text field, so a typo in a definition is visible without breaking
 * the screen.
 */
import { createContext, memo, useContext } from 'react';
import type { WidgetKind } from '../../../definitions/define';
import {
  CheckboxWidget,
  DateTimeWidget,
  DateWidget,
  HiddenWidget,
  MultiSelectWidget,
  NumberWidget,
  PasswordWidget,
  SecretWidget,
  SegmentedWidget,
  SelectWidget,
  SwitchWidget,
  TagsWidget,
  TextareaWidget,
  TextWidget,
} from './basicWidgets';
import { CheckboxGroupWidget, DualListWidget, UploadBoxWidget } from './richWidgets';
import { JsonViewWidget, KeyValueWidget, NestedTableWidget } from './structuredWidgets';
import type { WidgetComponent, WidgetMap } from './widgetProps';

export { SECRET_UNCHANGED_PLACEHOLDER } from './basicWidgets';
export type { WidgetComponent, WidgetMap, WidgetProps } from './widgetProps';

/** Every kind's component (TypeScript refuses a missing kind). */
export const WIDGETS: WidgetMap = Object.freeze({
  text: TextWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  switch: SwitchWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  multiselect: MultiSelectWidget,
  segmented: SegmentedWidget,
  password: PasswordWidget,
  secret: SecretWidget,
  tags: TagsWidget,
  dualList: DualListWidget,
  checkboxGroup: CheckboxGroupWidget,
  upload: UploadBoxWidget,
  // Edits a row with the form that shows the table (FormView gives itself through `RowFormContext`).
  table: NestedTableWidget,
  keyValue: KeyValueWidget,
  jsonView: JsonViewWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  hidden: HiddenWidget,
});

/** The widget map of the forms below: `WIDGETS`, unless a provider passes another frozen map. */
export const WidgetMapContext = createContext<WidgetMap>(WIDGETS);

/** The widget map the forms here use. */
export function useWidgetMap(): WidgetMap {
  return useContext(WidgetMapContext);
}

/** Whether a string names a widget kind of the definition language. */
export function isWidgetKind(kind: string): kind is WidgetKind {
  return Object.prototype.hasOwnProperty.call(WIDGETS, kind);
}

const warned = new Set<string>();

/** The component for a kind in a map (by default `WIDGETS`); an unknown kind warns (once) and falls back to a text field. */
export function widgetFor(kind: string, widgets: WidgetMap = WIDGETS): WidgetComponent {
  if (isWidgetKind(kind)) return widgets[kind];
  if (!warned.has(kind)) console.warn(`Unknown widget kind "${kind}"; showing a text field instead.`);
  warned.add(kind);
  return widgets.text;
}

const memoised = new WeakMap<WidgetComponent, WidgetComponent>();

/**
 * The component for a kind, memoised on its props: a field whose value, error and state did not change is not
 * re-rendered when the form re-renders it (a submit, errors elsewhere).
 */
export function memoWidgetFor(kind: string, widgets: WidgetMap = WIDGETS): WidgetComponent {
  const component = widgetFor(kind, widgets);
  let hit = memoised.get(component);
  if (!hit) memoised.set(component, (hit = memo(component)));
  return hit;
}
