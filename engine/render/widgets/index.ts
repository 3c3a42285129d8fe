/** The shared widgets of spec 002: screens import them from here. */
export { RuleAccordion, type RuleAccordionPanel, type RuleAccordionProps } from './accordion/RuleAccordion';
export { initialAccordionState, type AccordionMode, type AccordionState } from './accordion/panelRules';
export {
  BulkImportDialog,
  type BulkImportDialogProps,
  type ImportCounts,
  type ImportPrompt,
  type ImportSaveResult,
} from './bulkImport/BulkImportDialog';
export { UploadSummary, type UploadSummaryProps } from './bulkImport/UploadSummary';
export { CheckboxGroup, type CheckboxGroupProps } from './checkboxGroup/CheckboxGroup';
export type { CheckboxGroupChange, CheckboxGroupValue } from './checkboxGroup/checkboxGroupState';
export { GenericDialog, type GenericDialogProps } from './dialog/GenericDialog';
export { DualList, type DualListProps } from './dualList/DualList';
export { initialDualListValue, type DualListGroup } from './dualList/dualListState';
export { EmptyResult, type EmptyResultProps } from './EmptyResult';
export {
  exportChartPng,
  exportCsv,
  exportElementPng,
  exportJson,
  type ChartImageSource,
} from './export/exporters';
export { FilterBar, type FilterBarProps } from './filter/FilterBar';
export { filtersEqual, withFilter, type FilterQuery, type FilterSchemaEntry } from './filter/filters';
export { copyToClipboard, notifyCopy, notifyDownload, notifySave, notifyTemplate } from './snackbars';
export type { DataTableColumn } from './table/columns';
export { DataTable, type DataTableProps } from './table/DataTable';
export { moveRow, type PageChange, type RowPositionChange, type SortState } from './table/rowOrder';
export type { RowKey, SelectionMode } from './table/selection';
export { UPLOAD_FILE_TYPES, type FileTypeEntry, type UploadFileType } from './upload/acceptFile';
export { UploadBox, type UploadBoxProps } from './upload/UploadBox';
export { Wizard, type WizardProps, type WizardStepDef } from './wizard/Wizard';
