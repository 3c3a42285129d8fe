import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import { Wizard } from './Wizard';

function Harness({ landing = true, onFinish = () => undefined }: { landing?: boolean; onFinish?: () => void }) {
  const [name, setName] = useState('');
  return (
    <Wizard
      title="New connector"
      landing={landing ? { title: 'Welcome', content: 'Connect a private application in three steps.' } : undefined}
      steps={[
        { id: 'name', title: 'Name', valid: name !== '', content: <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} /> },
        { id: 'network', title: 'Network', content: 'Network settings' },
        { id: 'review', title: 'Review', content: 'Check and finish' },
      ]}
      onFinish={onFinish}
      onCancel={() => undefined}
    />
  );
}

describe('Wizard', () => {
  it('has a header with the steps, the content and a footer, starting on the landing step', () => {
    renderUi(<Harness />);
    expect(screen.getByRole('region', { name: 'New connector' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText('Connect a private application in three steps.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('waits for a valid step, moves on, goes back, and finishes', async () => {
    const onFinish = vi.fn();
    renderUi(<Harness onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('heading', { name: 'Name' })).toBe(document.activeElement);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'HR portal');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Network settings')).toBeTruthy();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('HR portal');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('starts on the first step without a landing step', () => {
    renderUi(<Harness landing={false} />);
    expect(screen.getByRole('heading', { name: 'Name' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
