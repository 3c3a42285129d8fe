import { Button, Checkbox, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { columnsLabel, type TableSettingsMenuProps } from './TableSettingsMenu';
import { DENSITY_LABELS, toggleColumn, type Density } from './tableSettings';

/** TableSettingsMenu's popover: downloaded (with Mantine's popover and its positioning) the first time it opens. */
export function TableSettingsPopover({ table, columns, settings, onChange, defaultOpened }: TableSettingsMenuProps & { readonly defaultOpened: boolean }) {
  const fields = columns.map((c) => c.field);
  const visible = fields.filter((f) => !settings.hidden.includes(f)).length;
  const hiddenCount = columns.length - visible;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal defaultOpened={defaultOpened}>
      <Popover.Target>
        <Button variant="default" aria-label={`Columns and density of ${table}`}>
          {columnsLabel(hiddenCount)}
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
