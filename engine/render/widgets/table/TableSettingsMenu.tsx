import { Button, Checkbox, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { DENSITY_LABELS, toggleColumn, type Density, type TableSettings } from './tableSettings';

export interface TableSettingsMenuProps {
  /** The table's name, for the button's accessible name. */
  readonly table: string;
  /** Columns that may be hidden, in display order. */
  readonly columns: readonly { readonly field: string; readonly label: string }[];
  readonly settings: TableSettings;
  readonly onChange: (next: TableSettings) => void;
}

/** The column chooser and row density of one table, behind a "Columns" button. */
export function TableSettingsMenu({ table, columns, settings, onChange }: TableSettingsMenuProps) {
  const fields = columns.map((c) => c.field);
  const visible = fields.filter((f) => !settings.hidden.includes(f)).length;
  const hiddenCount = columns.length - visible;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" aria-label={`Columns and density of ${table}`}>
          {hiddenCount > 0 ? `Columns (${hiddenCount} hidden)` : 'Columns'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={`Columns of ${table}`}>
          <Text size="xs" fw={600} c="dimmed">
            Shown columns
          </Text>
          {columns.map((c) => {
            const shown = !settings.hidden.includes(c.field);
            return (
              <Checkbox
                key={c.field}
                size="xs"
                label={c.label}
                checked={shown}
                // The last shown column stays: a table needs one.
                disabled={shown && visible <= 1}
                onChange={() => onChange(toggleColumn(settings, c.field, fields))}
              />
            );
          })}
          <Text size="xs" fw={600} c="dimmed" mt="xs">
            Row density
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Row density"
            data={(Object.keys(DENSITY_LABELS) as Density[]).map((d) => ({ value: d, label: DENSITY_LABELS[d] }))}
            value={settings.density}
            onChange={(d) => onChange({ ...settings, density: d as Density })}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
