/**
 * The command palette's dialog: the search box and the results, screens from the navigation and field labels from
 * the generated field index (loaded the first time the palette opens). Arrow keys move through the results, Enter
 * opens one. Downloaded the first time the palette opens (CommandPalette.tsx).
 */
import { Badge, Group, Modal, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { NavSection } from '../../engine/core/navigation';
import { navigate } from './hashLocation';
import { paletteResults, type PaletteEntry } from './paletteResults';

type FieldIndex = Readonly<Record<string, readonly string[]>>;
let fieldIndexLoad: Promise<FieldIndex> | undefined;
const loadFieldIndex = () => (fieldIndexLoad ??= import('../generated/fieldIndex.gen').then((m) => m.fieldIndex));

/** After a jump to a field: focuses the control labelled so once its screen shows it (gives up after a few seconds). */
function focusField(label: string) {
  const deadline = Date.now() + 5000;
  const attempt = () => {
    const labels = [...document.querySelectorAll<HTMLLabelElement>('#main-content label')];
    const match = labels.find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
    const control = match?.htmlFor ? document.getElementById(match.htmlFor) : undefined;
    const header = [...document.querySelectorAll<HTMLElement>('#main-content th')].find((th) => th.textContent?.trim() === label);
    const target = control ?? header;
    if (target) {
      target.scrollIntoView({ block: 'center' });
      if (control) control.focus();
    } else if (Date.now() < deadline) {
      window.setTimeout(attempt, 100);
    }
  };
  window.setTimeout(attempt, 0);
}

export interface PaletteDialogProps {
  readonly navigation: readonly NavSection[];
  readonly opened: boolean;
  readonly onClose: () => void;
}

export function PaletteDialog({ navigation, opened, onClose }: PaletteDialogProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [fields, setFields] = useState<FieldIndex>({});

  useEffect(() => {
    if (opened) void loadFieldIndex().then(setFields, () => {});
  }, [opened]);

  const results = useMemo(() => paletteResults(navigation, fields, query), [navigation, fields, query]);
  const go = (entry: PaletteEntry) => {
    onClose();
    setQuery('');
    navigate(entry.route);
    if (entry.field) focusField(entry.field);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length ? (i + step + results.length) % results.length : 0));
    } else if (e.key === 'Enter' && results[active]) {
      e.preventDefault();
      go(results[active]);
    }
  };
  const optionId = (i: number) => `palette-option-${i}`;

  return (
    <Modal opened={opened} onClose={onClose} title="Go to a screen or field" size="lg" yOffset="10vh">
        <TextInput
          data-autofocus
          placeholder="Screen or field name"
          aria-label="Screen or field name"
          role="combobox"
          aria-expanded
          aria-controls="palette-results"
          aria-activedescendant={results[active] ? optionId(active) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ScrollArea.Autosize mah="55vh" mt="sm">
          <div id="palette-results" role="listbox" aria-label="Results">
            {results.map((r, i) => (
              <UnstyledButton
                key={`${r.route}|${r.field ?? ''}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                onClick={() => go(r)}
                onMouseEnter={() => setActive(i)}
                className="palette-option"
                w="100%"
                px="sm"
                py={6}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm" truncate>
                    {r.field ?? r.title}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed" truncate>
                      {r.field ? r.title : r.section}
                    </Text>
                    {r.field && (
                      <Badge size="xs" variant="outline" color="gray">
                        Field
                      </Badge>
                    )}
                  </Group>
                </Group>
              </UnstyledButton>
            ))}
            {results.length === 0 && (
              <Text size="sm" c="dimmed" py="sm">
                Nothing matches “{query}”.
              </Text>
            )}
          </div>
        </ScrollArea.Autosize>
    </Modal>
  );
}
