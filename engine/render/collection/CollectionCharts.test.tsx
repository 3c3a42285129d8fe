/**
 * Items drawn as charts (a collection's `charts`), as the provider's tenant analytics: a card per item under its
 * title; points labelled by dates drawn over time, other points as a bar each; an item without points says so.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tenantAnalytics } from '../../../definitions/provider/tenantAnalytics';
import { renderUi } from '../../../tests/setup/component';
import { CollectionCharts, pointsChart } from './CollectionCharts';

const ITEMS = [
  {
    id: 'sign-ins',
    title: 'Sign-ins per day',
    points: [
      { label: '2026-11-23', value: 4 },
      { label: '2026-11-24', value: 9 },
      { label: '2026-11-25', value: 2 },
    ],
    summary: '2026-11-23: 4, 2026-11-24: 9, 2026-11-25: 2',
  },
  { id: 'users-by-role', title: 'Users per role', points: [{ label: 'Administrator', value: 3 }, { label: 'Auditor', value: 1 }], summary: 'Administrator: 3, Auditor: 1' },
  { id: 'admin-activity', title: 'Administrator actions per day', points: [], summary: 'Nothing yet' },
];

describe('a collection drawn as charts', () => {
  it('draws each item in a card under its title: dates over time, other labels as bars, and says when there is nothing', () => {
    renderUi(<CollectionCharts items={ITEMS} spec={tenantAnalytics.charts!} />);
    const signIns = screen.getByRole('region', { name: 'Sign-ins per day' });
    expect(within(signIns).getByRole('figure').getAttribute('aria-label')).toBe('Sign-ins per day: 2026-11-23: 4, 2026-11-24: 9, 2026-11-25: 2');
    expect(within(signIns).getByRole('figure').getAttribute('data-chart-kind')).toBe('line');
    const roles = screen.getByRole('region', { name: 'Users per role' });
    expect(within(roles).getByRole('figure').getAttribute('data-chart-kind')).toBe('bar');
    const empty = screen.getByRole('region', { name: 'Administrator actions per day' });
    expect(within(empty).queryByRole('figure')).toBeNull();
    expect(within(empty).getByText('Nothing yet')).toBeTruthy();
  });

  it('draws dated points at their dates and other points as one bar each, in order', () => {
    const line = pointsChart('Sign-ins per day', ITEMS[0]!.points);
    expect(line.kind === 'line' && line.datasets[0]!.values).toEqual([
      { x: Date.UTC(2026, 10, 23), y: 4 },
      { x: Date.UTC(2026, 10, 24), y: 9 },
      { x: Date.UTC(2026, 10, 25), y: 2 },
    ]);
    const bars = pointsChart('Users per role', ITEMS[1]!.points);
    expect(bars.kind === 'bar' && bars.datasets.map((d) => [d.name, d.value])).toEqual([
      ['Administrator', 3],
      ['Auditor', 1],
    ]);
  });
});
