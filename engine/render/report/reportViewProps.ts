/** What a report screen is rendered with (the dashboard and the report catalogue alike). */
import type { ReportDef } from '../../../definitions/define';
import type { ReportQuery } from './IntervalSelect';

export interface ReportViewProps {
  readonly screen: ReportDef;
  /** The URL query of the route (`interval`; a catalogue's `report` and filters). */
  readonly query: ReportQuery;
  readonly setQuery: (query: ReportQuery) => void;
  /** Opens a hash route (the drill-down). */
  readonly navigate: (to: string) => void;
}
