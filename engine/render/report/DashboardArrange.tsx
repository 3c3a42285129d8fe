/**
 * Arranging a dashboard: the charts on it in order, each moved up or down or removed with its own buttons (so the
 * keyboard does all of it, and the focus stays on the moved chart's button), and any chart of the catalogue added
 * from a searchable list of its groups. Nothing changes until Save.
 */
import { ActionIcon, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ReportDef, ReportWidgetDef } from '../../../definitions/define';
import { DASHBOARD_WIDGETS_MAX, type ReportName } from '../../../schemas/reports';
import { moveRow } from '../widgets/table/rowOrder';

export interface DashboardArrangeProps {
  readonly current: readonly ReportWidgetDef[];
  /** The catalogue whose charts may be added. */
  readonly catalogue: ReportDef;
  readonly onSave: (widgets: ReportName[]) => Promise<void>;
  readonly onCancel: () => void;
}

export function DashboardArrange({ current, catalogue, onSave, onCancel }: DashboardArrangeProps) {
  const [list, setList] = useState<readonly ReportWidgetDef[]>(current);
  const [saving, setSaving] = useState(false);
  const [announce, setAnnounce] = useState('');
  // The button to focus after a move re-renders the list: `${report}|up` or `${report}|down`.
  const focusNext = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (!focusNext.current) return;
    buttons.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  }, [list]);

  const title = (report: string) => catalogue.widgets.find((w) => w.report === report)?.title ?? list.find((w) => w.report === report)?.title ?? report;
  const move = (i: number, by: number) => {
    const next = moveRow(list, i, i + by);
    const w = list[i]!;
    const at = next.indexOf(w);
    // At the end of the list the other button takes the focus (the pressed one is disabled there).
    focusNext.current = `${w.report}|${(by < 0 && at > 0) || (by > 0 && at === next.length - 1) ? 'up' : 'down'}`;
    setList(next);
    setAnnounce(`${w.title} moved to place ${at + 1} of ${next.length}.`);
  };
  const remove = (i: number) => {
    const w = list[i]!;
    setList(list.filter((_, j) => j !== i));
    setAnnounce(`${w.title} removed.`);
  };
  const on = new Set(list.map((w) => w.report));
  const choices = (catalogue.groups ?? [{ title: catalogue.title, reports: catalogue.widgets.map((w) => w.report) }])
    .map((g) => ({
      group: g.title,
      items: g.reports
        .filter((r) => !on.has(r) && !catalogue.widgets.find((w) => w.report === r)?.requires)
        .map((r) => ({ value: r, label: title(r) })),
    }))
    .filter((g) => g.items.length > 0);
  const full = list.length >= DASHBOARD_WIDGETS_MAX;

  return (
    <Card withBorder padding="md" component="section" aria-label="Arrange the dashboard">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Arrange the dashboard
        </Title>
        <Text size="sm" c="dimmed">
          Your charts, in the order the dashboard shows them. Only you see this arrangement.
        </Text>
        <Stack component="ol" gap={4} maw={640} aria-label="Charts on the dashboard" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((w, i) => (
            <Group key={w.report} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">
                {i + 1}. {w.title}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${w.title} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  ref={(el) => void (el ? buttons.current.set(`${w.report}|up`, el) : buttons.current.delete(`${w.report}|up`))}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${w.title} down`}
                  disabled={i === list.length - 1}
                  onClick={() => move(i, 1)}
                  ref={(el) => void (el ? buttons.current.set(`${w.report}|down`, el) : buttons.current.delete(`${w.report}|down`))}
                >
                  ↓
                </ActionIcon>
                <Button size="compact-sm" variant="subtle" color="red" aria-label={`Remove ${w.title}`} onClick={() => remove(i)}>
                  Remove
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
        {list.length === 0 && <Text size="sm">No charts yet: add one below.</Text>}
        <Select
          label="Add a chart"
          placeholder={full ? `At most ${DASHBOARD_WIDGETS_MAX} charts` : 'Search the report catalogue'}
          data={choices}
          searchable
          disabled={full}
          value={null}
          nothingFoundMessage="No chart matches"
          onChange={(report) => {
            const w = report ? catalogue.widgets.find((x) => x.report === report) : undefined;
            if (!w) return;
            setList([...list, w]);
            setAnnounce(`${w.title} added at place ${list.length + 1}.`);
          }}
          maw={420}
        />
        <Text size="xs" aria-live="polite" style={{ minHeight: 16 }}>
          {announce}
        </Text>
        <Group gap="xs">
          <Button
            loading={saving}
            onClick={async () => {
              setSaving(true);
              try {
                await onSave(list.map((w) => w.report));
              } finally {
                setSaving(false);
              }
            }}
          >
            Save
          </Button>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
