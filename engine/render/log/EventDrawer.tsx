/**
 * The event drawer of a log view: every field of the event with its title and its text (labels of enumerations and
 * lookup ids; a save's changes worded by the area's definition), "Filter by this value" beside each value the view
 * can filter by, then the definition's event downloads and event action.
 */
import { Drawer, Table } from '@mantine/core';
import type { LogViewDef } from '../../../definitions/define';
import { EventChanges, isEventChanges } from '../changes/EventChanges';
import type { ScreenLookup } from '../publish/revisionDiff';
import { EventActionPanel } from './EventActionPanel';
import { EventDownloads } from './EventDownloads';
import { filterChoices } from './filterByValue';
import { FilterValueMenu } from './FilterValueMenu';
import { eventRows } from './logFormat';
import type { FieldLabels } from './useLookupLabels';
import type { FilterByValue, LogEvent } from './useLogViewState';

export interface EventDrawerProps {
  readonly screen: LogViewDef;
  readonly event: LogEvent | null;
  readonly lookups: FieldLabels;
  readonly screens?: ScreenLookup;
  readonly onClose: () => void;
  /** "Filter by this value" and "Exclude this value": the value's text, and what picking either does. */
  readonly filter: FilterByValue;
}

export function EventDrawer({ screen, event, lookups, screens, onClose, filter }: EventDrawerProps) {
  // The area a save changed: its definition words the save's changes.
  const area = event ? screen.screenFields?.map((f) => event[f]).find((v): v is string => typeof v === 'string') : undefined;
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="lg" title="Event details">
      {event && (
        <Table aria-label="Event details" withRowBorders>
          <Table.Tbody>
            {eventRows(screen, event, lookups).map(({ field, title, text }) => {
              const changes = isEventChanges(event[field]);
              return (
                <Table.Tr key={field}>
                  <Table.Th scope="row" w="35%">
                    {title}
                  </Table.Th>
                  <Table.Td style={changes ? { overflowWrap: 'anywhere' } : { wordBreak: 'break-all' }}>{changes ? <EventChanges value={event[field]} area={area} screens={screens} label={title} /> : text}</Table.Td>
                  <Table.Td w={1}>
                    {filterChoices(screen, field, event[field]).length > 0 && (
                      <FilterValueMenu title={title} choices={filterChoices(screen, field, event[field])} {...filter} />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {event && screen.eventDownloads && <EventDownloads downloads={screen.eventDownloads} event={event} />}
      {event && screen.eventAction && <EventActionPanel key={JSON.stringify(event)} action={screen.eventAction} event={event} />}
    </Drawer>
  );
}
