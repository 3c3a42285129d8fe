/**
 * The log views' compact filter bar: "Add filter" lists the filters (searchable), each active filter is a chip named
 * by the filter and its values' labels (click to change it, ✕ to remove it), on one row until "Show all" expands it.
 * An exclusion (`not_<param>`, from "Exclude this value") is a chip of its own, "Category is not Travel". Filters
 * live in the URL query, as with the shared filter bar.
 */
import { ActionIcon, Button, Checkbox, Group, Popover, Radio, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  filterOptions,
  optionsOverflow,
  searchFilterOptions,
  selectedValues,
  toggleOption,
  withDefaults,
  withFilter,
  type FilterQuery,
  type FilterSchemaEntry,
} from '../widgets/filter/filters';

/** A filter of the bar; `exclude`: the exclusion of a filter (its label reads "Category is not"), not in "Add filter". */
export interface LogFilterEntry extends FilterSchemaEntry {
  readonly exclude?: boolean;
}

export interface LogFilterBarProps {
  readonly filters: readonly LogFilterEntry[];
  readonly query: FilterQuery;
  readonly setQuery: (query: FilterQuery) => void;
  readonly label: string;
  /** Names of values a filter has no options for (a country code's country). */
  readonly labelOf?: LabelOf;
}

/** Chips shown before "Show all" while the bar is collapsed. */
export const COLLAPSED_CHIPS = 4;

const OPTION_LIST_HEIGHT = 260;

/** A value's name: the filter's option label, else what `labelOf` gives (a country's name), else the value. */
type LabelOf = (key: string, value: string) => string;

/** A chip's text: the filter's label and its values' labels ("Category: Travel"; "Category is not Travel or News"). */
export function chipText(entry: LogFilterEntry, values: readonly string[], labelOf?: LabelOf): string {
  const names = values.map((v) => entry.options[v] ?? labelOf?.(entry.key, v) ?? v);
  return entry.exclude ? `${entry.label} ${names.join(' or ')}` : `${entry.label}: ${names.join(', ')}`;
}

/** Choosing a filter's values: options as checkboxes or radios (searchable when long), free text with Apply. */
function FilterEditor({ entry, values, onChange, onDone }: { entry: FilterSchemaEntry; values: string[]; onChange: (v: string[]) => void; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [text, setText] = useState(values[0] ?? '');
  const options = filterOptions(entry);
  if (options.length === 0) {
    const apply = () => {
      onChange(text.trim() === '' ? [] : [text.trim()]);
      onDone();
    };
    return (
      <Group gap="xs" align="end" wrap="nowrap">
        <TextInput
          size="sm"
          label={entry.label}
          data-autofocus
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
        />
        <Button size="sm" onClick={apply}>
          Apply
        </Button>
      </Group>
    );
  }
  const overflow = optionsOverflow(options.length);
  const shown = overflow ? searchFilterOptions(options, search) : options;
  const list = entry.multiple ? (
    <Stack gap={8} role="group" aria-label={entry.label}>
      {shown.map((o) => (
        <Checkbox key={o.value} label={o.label} checked={values.includes(o.value)} onChange={() => onChange(toggleOption(values, o.value, true))} />
      ))}
    </Stack>
  ) : (
    <Radio.Group
      value={values[0] ?? ''}
      aria-label={entry.label}
      onChange={(v) => {
        onChange([v]);
        onDone();
      }}
    >
      <Stack gap={8}>
        {shown.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        {entry.label}
      </Text>
      {overflow && (
        <TextInput size="xs" aria-label={`Search ${entry.label}`} placeholder="Search" data-autofocus value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      )}
      {overflow ? (
        <ScrollArea.Autosize mah={OPTION_LIST_HEIGHT} type="auto">
          {list}
        </ScrollArea.Autosize>
      ) : (
        list
      )}
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No options match.
        </Text>
      )}
    </Stack>
  );
}

function AddFilter({ filters, onPick }: { filters: readonly FilterSchemaEntry[]; onPick: (entry: FilterSchemaEntry, values: string[]) => void }) {
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<FilterSchemaEntry | null>(null);
  const [search, setSearch] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const close = () => {
    setOpened(false);
    setPicked(null);
    setSearch('');
  };
  const shown = filters.filter((f) => f.label.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Popover opened={opened} onChange={(o) => (o ? setOpened(true) : close())} trapFocus returnFocus position="bottom-start" shadow="md" width={280}>
      <Popover.Target>
        <Button size="sm" variant="default" aria-haspopup="dialog" aria-expanded={opened} onClick={() => (opened ? close() : setOpened(true))}>
          + Add filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {picked ? (
          <FilterEditor
            entry={picked}
            values={values}
            onChange={(v) => {
              setValues(v);
              onPick(picked, v);
            }}
            onDone={close}
          />
        ) : (
          <Stack gap={4}>
            <TextInput size="xs" aria-label="Search filters" placeholder="Search filters" data-autofocus value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
            <ScrollArea.Autosize mah={OPTION_LIST_HEIGHT} type="auto">
              <Stack gap={0} role="group" aria-label="Filters">
                {shown.map((f) => (
                  <UnstyledButton
                    key={f.key}
                    className="portal-filter-pick"
                    px="xs"
                    py={6}
                    onClick={() => {
                      setValues([]);
                      setPicked(f);
                    }}
                  >
                    <Text size="sm">{f.label}</Text>
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function FilterChip({ entry, values, onChange, labelOf }: { entry: LogFilterEntry; values: string[]; onChange: (v: string[]) => void; labelOf?: LabelOf }) {
  const [opened, setOpened] = useState(false);
  const text = chipText(entry, values, labelOf);
  return (
    <Group gap={0} wrap="nowrap" className="portal-filter-chip" role="group" aria-label={text}>
      <Popover opened={opened} onChange={setOpened} trapFocus returnFocus position="bottom-start" shadow="md" width={280}>
        <Popover.Target>
          <UnstyledButton
            className="portal-filter-chip-text"
            title={text}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-label={`Change filter ${text}`}
            onClick={() => setOpened((o) => !o)}
          >
            {text}
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>
          <FilterEditor entry={entry} values={values} onChange={onChange} onDone={() => setOpened(false)} />
        </Popover.Dropdown>
      </Popover>
      <ActionIcon size="sm" variant="subtle" color="gray" radius="xl" aria-label={`Remove filter ${text}`} onClick={() => onChange([])}>
        ✕
      </ActionIcon>
    </Group>
  );
}

/** See the module comment. */
export function LogFilterBar({ filters, query, setQuery, label, labelOf }: LogFilterBarProps) {
  const [expanded, setExpanded] = useState(false);
  const chipsRef = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  // One value stays a plain query value, as the other views write it.
  const set = (entry: FilterSchemaEntry, values: readonly string[]) => setQuery(withFilter(query, entry.key, values.length === 1 ? values[0] : values));
  const active = filters.flatMap((entry) => {
    const values = selectedValues(query, entry);
    return values.length > 0 ? [{ entry, values }] : [];
  });
  const shown = expanded ? active : active.slice(0, COLLAPSED_CHIPS);
  const hidden = active.length - shown.length;
  // Collapsed, the chips keep to one row; "Show all" appears when some are cut off or left out.
  useLayoutEffect(() => {
    const el = chipsRef.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  });
  return (
    <Group role="search" aria-label={label} gap="xs" wrap="nowrap" align={expanded ? 'start' : 'center'} style={{ minWidth: 0 }}>
      <div style={{ flex: 'none' }}>
        <AddFilter filters={filters.filter((f) => !f.exclude && !active.some((a) => a.entry.key === f.key))} onPick={set} />
      </div>
      <Group
        ref={chipsRef}
        gap="xs"
        wrap={expanded ? 'wrap' : 'nowrap'}
        style={{ flex: 1, minWidth: 0, overflow: expanded ? undefined : 'hidden', padding: 2 }}
      >
        {shown.map(({ entry, values }) => (
          <FilterChip key={entry.key} entry={entry} values={values} labelOf={labelOf} onChange={(v) => set(entry, v)} />
        ))}
      </Group>
      {!expanded && (hidden > 0 || overflowing) && (
        <Button size="compact-sm" variant="subtle" style={{ flex: 'none' }} onClick={() => setExpanded(true)}>
          Show all ({active.length})
        </Button>
      )}
      {expanded && (
        <Button size="compact-sm" variant="subtle" style={{ flex: 'none' }} onClick={() => setExpanded(false)}>
          Show fewer
        </Button>
      )}
      {active.length > 0 && (
        <Button size="compact-sm" variant="subtle" style={{ flex: 'none' }} onClick={() => setQuery(withDefaults(query, filters))}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
