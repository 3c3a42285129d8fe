import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sections } from '../../definitions/sections';
import type { Environment } from '../../schemas/access';
import { renderUi } from '../../tests/setup/component';
import { SectionWelcome } from './SectionWelcome';

const policy = sections.find((s) => s.id === 'policy');
const managementStation: Environment = { deployment: 'on_prem', appMode: 'management_station', production: true };
const cloud: Environment = { deployment: 'cloud', appMode: 'cloud', production: true };

beforeEach(() => window.localStorage.clear());

describe('section welcome (spec 000 §4: on-prem, the policy welcome is shown)', () => {
  it('shows the policy welcome on a management station until it is closed, and not again', async () => {
    const first = renderUi(<SectionWelcome section={policy} env={managementStation} />);
    expect(screen.getByRole('note').textContent).toContain('Welcome to policy management');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close the welcome note' }));
    expect(screen.queryByRole('note')).toBeNull();
    first.unmount();
    renderUi(<SectionWelcome section={policy} env={managementStation} />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('is not shown in the cloud', () => {
    renderUi(<SectionWelcome section={policy} env={cloud} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
