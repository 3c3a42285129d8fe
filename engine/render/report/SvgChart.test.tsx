import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { barDatasets } from './chartDatasets';
import { SvgChart } from './SvgChart';

// jsdom lays nothing out: the chart is drawn at the width its card would give it (for this file alone).
beforeAll(() => {
  const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  return () => width.mockRestore();
});

const data = {
  kind: 'bar' as const,
  datasets: barDatasets({
    kind: 'top',
    report: 'top_categories_v2',
    title: 'Top categories',
    interval: '7d',
    start: 0,
    end: 1,
    granularity: 'P1D',
    bins: 7,
    expansion: null,
    metric: 'count',
    total: 60,
    data: [
      { key: '14', label: 'Social Networking', value: 30 },
      { key: '56', label: 'Travel', value: 20 },
      { key: '3', label: 'News', value: 10 },
    ],
  } as never),
};

describe('SvgChart', () => {
  it('is one tab stop; the arrow keys move between the values, announced, and Enter drills into the one shown', async () => {
    const onDatum = vi.fn();
    renderUi(
      <>
        <button type="button">before</button>
        <SvgChart data={data} label="Top categories" onDatum={onDatum} />
        <button type="button">after</button>
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    const chart = screen.getByRole('figure', { name: 'Top categories' });
    expect(document.activeElement).toBe(chart);
    expect(chart.getAttribute('aria-describedby') && document.getElementById(chart.getAttribute('aria-describedby')!)?.textContent).toMatch(/Arrow keys/);
    await user.keyboard('{ArrowRight}');
    expect(chart.textContent).toContain('Social Networking: 30');
    await user.keyboard('{ArrowRight}');
    expect(chart.querySelector('[data-active]')?.getAttribute('data-key')).toBe('56');
    expect(chart.textContent).toContain('Travel: 20');
    await user.keyboard('{End}{Enter}');
    expect(onDatum).toHaveBeenCalledWith('3');
    // One tab stop: the next leaves the chart.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
  });
});
