/** The labelled values of a form's `facts`: each value under its label, copied whole by its own button. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../tests/setup/component';
import { FactList } from './FactList';

describe('FactList', () => {
  it('shows each value under its label and copies it with its own button', async () => {
    const user = userEvent.setup();
    renderUi(
      <FactList
        facts={[
          { label: 'Service entity id', value: 'https://portal.example/saml/t-1' },
          { label: 'Assertion consumer service', value: 'https://portal.example/saml/t-1/acs' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Service entity id', 'Assertion consumer service']);
    expect(screen.getAllByRole('definition')[1]?.querySelector('code')?.textContent).toBe('https://portal.example/saml/t-1/acs');
    await user.click(screen.getByRole('button', { name: 'Copy Assertion consumer service' }));
    expect(await navigator.clipboard.readText()).toBe('https://portal.example/saml/t-1/acs');
    expect(screen.getByRole('button', { name: 'Copy Assertion consumer service' }).textContent).toBe('Copied');
  });
});
