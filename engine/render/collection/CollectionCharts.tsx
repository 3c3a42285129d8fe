/**
 * A collection whose items are charts (`charts` of the definition): a card per item with its title and its points,
 * drawn over time when every label is a date (`2026-11-20`), else as one bar per label.
 */
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { CollectionDef } from '../../../definitions/define';
import { fillOf, PALETTE, type ChartData } from '../report/chartDatasets';
import { SvgChart } from '../report/SvgChart';

export interface ChartPoint {
  readonly label: string;
  readonly value: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}(T|$)/;

/** The chart of a list of points: a line over the dates, or a bar per label. */
export function pointsChart(name: string, points: readonly ChartPoint[]): ChartData {
  if (points.length > 1 && points.every((p) => DATE.test(p.label))) {
    const color = PALETTE[0];
    return { kind: 'line', datasets: [{ name, key: '', values: points.map((p) => ({ x: Date.parse(p.label), y: p.value })), color, fillColor: fillOf(color) }] };
  }
  return {
    kind: 'bar',
    datasets: points.map((p, i) => {
      const color = PALETTE[i % PALETTE.length]!;
      return { name: p.label, key: p.label, value: p.value, color, fillColor: fillOf(color), percentageColor: '#495057' };
    }),
  };
}

export function CollectionCharts({ items, spec }: { readonly items: readonly Record<string, unknown>[]; readonly spec: NonNullable<CollectionDef['charts']> }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {items.map((item, i) => {
        const title = String(item[spec.title] ?? '');
        const points = (Array.isArray(item[spec.points]) ? item[spec.points] : []) as ChartPoint[];
        const summary = spec.summary ? String(item[spec.summary] ?? '') : title;
        return (
          <Card key={`${title}-${i}`} withBorder padding="md" component="section" aria-label={title}>
            <Title order={3} size="h5" mb="sm">
              {title}
            </Title>
            {points.length === 0 ? <Text c="dimmed">{summary || 'Nothing yet'}</Text> : <SvgChart data={pointsChart(title, points)} label={`${title}: ${summary}`} />}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
