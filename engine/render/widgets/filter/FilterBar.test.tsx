import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import { FilterBar } from './FilterBar';
import { filtersEqual, type FilterQuery, type FilterSchemaEntry } from './filters';

const categories: FilterSchemaEntry = {
  key: 'cats',
  label: 'Category',
  multiple: true,
  sortable: true,
  searchIcon: true,
  searchPlaceholder: 'Find a category',
  description: 'Web categories of the request',
  options: { news: 'News', sports: 'Sports', gambling: 'Gambling', games: 'Games', social: 'Social networks', adult: 'Adult' },
};
const action: FilterSchemaEntry = { key: 'action', label: 'Action', options: { allow: 'Allow', block: 'Block' } };
const risk: FilterSchemaEntry = { key: 'risk', label: 'Risk', toggles: true, multiple: true, options: { low: 'Low', high: 'High' } };
const user: FilterSchemaEntry = { key: 'userid', label: 'User', options: {}, searchPlaceholder: 'User name' };
const severity: FilterSchemaEntry = { key: 'sev', label: 'Severity', options: { a: 'A', b: 'B' }, defaultValue: 'a' };

function Harness({ initial = {}, onSet }: { initial?: FilterQuery; onSet: (q: FilterQuery) => void }) {
  const [query, setQuery] = useState<FilterQuery>(initial);
  return (
    <FilterBar
      filters={[categories, action, risk, user, severity]}
      query={query}
      setQuery={(q) => {
        setQuery(q);
        onSet(q);
      }}
    />
  );
}

describe('FilterBar', () => {
  it('writes a chosen option to the query and resets the page to 0, keeping pageSize', async () => {
    const onSet = vi.fn();
    renderUi(<Harness initial={{ page: '3', pageSize: '50' }} onSet={onSet} />);
    await userEvent.click(screen.getByRole('button', { name: 'Action: All' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Block' }));
    expect(onSet).toHaveBeenLastCalledWith({ page: '0', pageSize: '50', action: ['block'] });
    expect(screen.getByRole('button', { name: 'Action: Block' })).toBeTruthy();
  });

  it('gives option lists over 5 options a search box and a scrolling list, sorted when sortable', async () => {
    const onSet = vi.fn();
    renderUi(<Harness onSet={onSet} />);
    await userEvent.click(screen.getByRole('button', { name: 'Category: All' }));
    const dropdown = await screen.findByRole('dialog', { name: /Category/ });
    const labels = within(dropdown).getAllByRole('checkbox').map((c) => document.querySelector(`label[for="${c.id}"]`)?.textContent);
    expect(labels).toEqual(['Adult', 'Gambling', 'Games', 'News', 'Social networks', 'Sports']);
    expect(dropdown.querySelector('[data-scrolls]')).not.toBeNull();
    expect(within(dropdown).getByText('Web categories of the request')).toBeTruthy();
    const search = within(dropdown).getByRole('textbox', { name: 'Search Category' });
    expect(search.getAttribute('placeholder')).toBe('Find a category');
    await userEvent.type(search, 'ga');
    expect(within(dropdown).getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(within(dropdown).getByRole('checkbox', { name: 'Games' }));
    await userEvent.click(within(dropdown).getByRole('checkbox', { name: 'Gambling' }));
    expect(onSet).toHaveBeenLastCalledWith({ cats: ['games', 'gambling'], page: '0' });
    expect(screen.getByRole('button', { name: 'Category: 2 selected' })).toBeTruthy();
  });

  it('has no search box and no scrolling for 5 options or fewer', async () => {
    renderUi(<Harness onSet={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Action: All' }));
    const dropdown = await screen.findByRole('dialog', { name: /Action/ });
    expect(within(dropdown).getByRole('radiogroup', { name: 'Action' })).toBeTruthy();
    expect(within(dropdown).queryByRole('textbox')).toBeNull();
    expect(dropdown.querySelector('[data-scrolls]')).toBeNull();
  });

  it('shows toggles as a row of chips', async () => {
    const onSet = vi.fn();
    renderUi(<Harness onSet={onSet} />);
    const group = screen.getByRole('group', { name: 'Risk' });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'High' }));
    expect(onSet).toHaveBeenLastCalledWith({ risk: ['high'], page: '0' });
  });

  it('searches free text on Enter', async () => {
    const onSet = vi.fn();
    renderUi(<Harness onSet={onSet} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'User' }), 'alice{Enter}');
    expect(onSet).toHaveBeenLastCalledWith({ userid: 'alice', page: '0' });
  });

  it('does not write when the filters do not change', async () => {
    const onSet = vi.fn();
    renderUi(<Harness initial={{ userid: 'alice', page: '2' }} onSet={onSet} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'User' }), '{Enter}');
    expect(onSet).not.toHaveBeenCalled();
  });

  it('shows the default while the query has none, and clears back to defaults', async () => {
    const onSet = vi.fn();
    renderUi(<Harness initial={{ sev: 'b', cats: ['news'], page: '4', pageSize: '25' }} onSet={onSet} />);
    expect(screen.getByRole('button', { name: 'Severity: B' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    const cleared = onSet.mock.lastCall![0] as FilterQuery;
    expect(cleared).toEqual({ page: '0', pageSize: '25' });
    expect(screen.getByRole('button', { name: 'Severity: A' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(filtersEqual(cleared, { page: '9' })).toBe(true);
  });
});
