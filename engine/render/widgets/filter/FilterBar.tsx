/**
 * The filter bar (spec 002 §2–§4, §9), bound to the URL query through `{ query, setQuery }`. Each schema entry is a
 * menu of options (a search box and a scrolling list over 5 options), a row of toggles, or a free-text search when
 * it has no options. Any change of filters resets the page to 0; page and pageSize are never treated as filters.
 */
import { Button, Checkbox, Chip, Group, Popover, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  atDefaults,
  filterOptions,
  filtersEqual,
  optionsOverflow,
  searchFilterOptions,
  selectedValues,
  toggleOption,
  withDefaults,
  withFilter,
  type FilterQuery,
  type FilterSchemaEntry,
} from './filters';

export interface FilterBarProps {
  readonly filters: readonly FilterSchemaEntry[];
  /** The current URL query. */
  readonly query: FilterQuery;
  /** Writes the URL query (the caller binds it to the router). */
  readonly setQuery: (query: FilterQuery) => void;
  /** Accessible name of the bar. */
  readonly label?: string;
}

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/** Height of an option list that scrolls, in px. */
const OPTION_LIST_HEIGHT = 220;

const SearchIcon = () => (
  <span aria-hidden style={{ fontSize: 13 }}>
    ⌕
  </span>
);

function summary(entry: FilterSchemaEntry, values: readonly string[]): string {
  if (values.length === 0) return 'All';
  if (values.length === 1) return entry.options[values[0]!] ?? values[0]!;
  return `${values.length} selected`;
}

function OptionsMenu({ entry, values, onChange }: { entry: FilterSchemaEntry; values: string[]; onChange: (v: string[]) => void }) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const options = filterOptions(entry);
  const overflow = optionsOverflow(options.length);
  const shown = overflow ? searchFilterOptions(options, search) : options;
  const list = entry.multiple ? (
    <Stack gap={8} role="group" aria-label={entry.label}>
      {shown.map((o) => (
        <Checkbox
          key={o.value}
          label={o.label}
          checked={values.includes(o.value)}
          onChange={() => onChange(toggleOption(values, o.value, true))}
        />
      ))}
    </Stack>
  ) : (
    <Radio.Group
      value={values[0] ?? ''}
      onChange={(v) => onChange(v === '' ? [] : [v])}
      label={entry.label}
      styles={{ label: VISUALLY_HIDDEN }}
    >
      <Stack gap={8}>
        {shown.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </Stack>
    </Radio.Group>
  );

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" shadow="md" width={260}>
      <Popover.Target>
        <Button
          variant={values.length > 0 ? 'light' : 'default'}
          size="sm"
          title={entry.description}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          {`${entry.label}: ${summary(entry, values)}`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          {entry.description && (
            <Text size="xs" c="dimmed">
              {entry.description}
            </Text>
          )}
          {overflow && (
            <TextInput
              size="xs"
              aria-label={`Search ${entry.label}`}
              placeholder={entry.searchPlaceholder ?? 'Search'}
              leftSection={entry.searchIcon ? <SearchIcon /> : undefined}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          )}
          {overflow ? (
            <ScrollArea.Autosize mah={OPTION_LIST_HEIGHT} type="auto" data-scrolls>
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
      </Popover.Dropdown>
    </Popover>
  );
}

function TextFilter({ entry, value, onChange }: { entry: FilterSchemaEntry; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  // A new value from the query (back navigation, Clear filters) replaces what is typed.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  return (
    <TextInput
      size="sm"
      aria-label={entry.label}
      title={entry.description}
      placeholder={entry.searchPlaceholder ?? entry.label}
      leftSection={entry.searchIcon ? <SearchIcon /> : undefined}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => text !== value && onChange(text)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text);
      }}
    />
  );
}

export function FilterBar({ filters, query, setQuery, label = 'Filters' }: FilterBarProps) {
  const set = (entry: FilterSchemaEntry, value: string | readonly string[]) => {
    const next = withFilter(query, entry.key, value);
    if (!filtersEqual(next, query)) setQuery(next);
  };

  return (
    <Group role="search" aria-label={label} gap="sm" wrap="wrap" align="center">
      {filters.map((entry) => {
        const values = selectedValues(query, entry);
        if (Object.keys(entry.options).length === 0) {
          return <TextFilter key={entry.key} entry={entry} value={values[0] ?? ''} onChange={(v) => set(entry, v.trim())} />;
        }
        if (entry.toggles) {
          const options = filterOptions(entry);
          return (
            <Group key={entry.key} gap={6} role="group" aria-label={entry.label} title={entry.description}>
              <Text size="sm" fw={500} aria-hidden>
                {entry.label}
              </Text>
              {entry.multiple ? (
                <Chip.Group multiple value={values} onChange={(v) => set(entry, v)}>
                  {options.map((o) => (
                    <Chip key={o.value} value={o.value} size="sm">
                      {o.label}
                    </Chip>
                  ))}
                </Chip.Group>
              ) : (
                <Chip.Group value={values[0] ?? null} onChange={(v) => set(entry, v)}>
                  {options.map((o) => (
                    <Chip key={o.value} value={o.value} size="sm">
                      {o.label}
                    </Chip>
                  ))}
                </Chip.Group>
              )}
            </Group>
          );
        }
        return <OptionsMenu key={entry.key} entry={entry} values={values} onChange={(v) => set(entry, v)} />;
      })}
      {!atDefaults(query, filters) && (
        <Button variant="subtle" size="sm" onClick={() => setQuery(withDefaults(query, filters))}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
