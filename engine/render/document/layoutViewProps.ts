/** What a document screen's layout component is given by DocumentView (one component per layout kind). */
import type { AnyDocumentLayout, DocumentScreen } from '../../../definitions/define';
import type { RowsRenderer } from './TableView';
import type { DocumentController } from './useDocumentController';

/** The controller of a loaded document. */
export type ReadyDocument = Extract<DocumentController, { status: 'ready' }>;

export interface LayoutViewProps<L extends AnyDocumentLayout = AnyDocumentLayout> {
  readonly screen: DocumentScreen;
  readonly layout: L;
  readonly ctl: ReadyDocument;
  /** The caller may not change the screen (it shows what is stored, with no save bar). */
  readonly readOnly: boolean;
  /** How many changes the draft holds against the loaded document (for the save bar). */
  readonly changeCount: number;
  /** Replaces the data-table rows of table layouts. */
  readonly rowsRenderer?: RowsRenderer;
}
