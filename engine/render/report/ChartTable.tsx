/**
 * A chart's data as a table ("View as table"): names and values of a top-N chart, one row per time bucket with a
 * column per series for charts over time, the busy hours of a heat map. A name that drills down is a button.
 */
import { Table, UnstyledButton } from '@mantine/core';
import type { ChartData } from './chartDatasets';
import { axisNumber, timeLabel } from './chartLayout';
import { percent } from './chartDatasets';

interface Props {
  readonly data: ChartData;
  readonly label: string;
  readonly onDatum?: (key: string) => void;
}

/** Rows of a table: a heading cell, then values. */
type Rows = { head: string[]; rows: { name: string; key?: string; values: string[] }[] };

function overTime(points: readonly { series: string; x: number; y: number }[], series: readonly string[]): Rows {
  const xs = [...new Set(points.map((p) => p.x))].sort((a, b) => a - b);
  const span = (xs.at(-1) ?? 0) - (xs[0] ?? 0);
  return {
    head: ['Time', ...series],
    rows: xs.map((x) => ({
      name: timeLabel(x, span),
      values: series.map((s) => axisNumber(points.find((p) => p.x === x && p.series === s)?.y ?? 0)),
    })),
  };
}

function rowsOf(data: ChartData): Rows {
  switch (data.kind) {
    case 'bar':
    case 'pie':
      return { head: ['Name', 'Value'], rows: data.datasets.map((d) => ({ name: d.name, key: d.key, values: [axisNumber(d.value)] })) };
    case 'gauge':
      return { head: ['Name', 'Share'], rows: data.datasets.map((d) => ({ name: d.name, key: d.key, values: [percent(d.value)] })) };
    case 'line':
      return overTime(
        data.datasets.flatMap((d) => d.values.map((v) => ({ series: d.name, x: v.x, y: v.y }))),
        data.datasets.map((d) => d.name),
      );
    case 'stackedBar':
      return overTime(
        data.datasets.map((d) => ({ series: d.name, x: d.category * 1000, y: d.value })),
        [...new Set(data.datasets.map((d) => d.name))],
      );
    case 'heatmap':
      return {
        head: ['Day', 'Hour', 'Value'],
        rows: [...data.datasets].reverse().flatMap((d) => d.values.filter((v) => v.y > 0).map((v) => ({ name: d.name, values: [v.x, axisNumber(v.y)] }))),
      };
  }
}

/** See the module comment. */
export function ChartTable({ data, label, onDatum }: Props) {
  const { head, rows } = rowsOf(data);
  return (
    <Table.ScrollContainer type="native" minWidth={320} maxHeight={420}>
      <Table stickyHeader striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={i} ta={i === 0 ? undefined : 'right'}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              <Table.Th scope="row" fw={400}>
                {onDatum && r.key ? (
                  <UnstyledButton c="var(--mantine-color-anchor)" fz="sm" td="underline" onClick={() => onDatum(r.key!)}>
                    {r.name}
                  </UnstyledButton>
                ) : (
                  r.name
                )}
              </Table.Th>
              {r.values.map((v, j) => (
                <Table.Td key={j} ta="right">
                  {v}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
