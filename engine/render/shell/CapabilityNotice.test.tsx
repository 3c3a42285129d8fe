import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { capability } from '../../../definitions/api/tenantUtils';
import { renderUi } from '../../../tests/setup/component';
import { createAccessControl } from '../../core/access';
import { ApiError } from '../../core/http';
import { createRevisionStore, type CallFn } from '../../core/revision';
import { createUnsavedChanges } from '../../core/unsavedChanges';
import { CapabilityNotice } from './CapabilityNotice';
import { EngineProvider } from './EngineContext';

const notice = { operation: capability, capability: 'mobileSupport', when: false, text: 'Mobile support is off for this tenant.' };

function show(answer: () => Promise<unknown>) {
  const call = vi.fn(answer) as unknown as CallFn;
  const access = createAccessControl({ deployment: 'cloud', appMode: 'cloud', production: true });
  renderUi(
    <EngineProvider engine={{ call, access, revision: createRevisionStore(call), unsaved: createUnsavedChanges() }}>
      <CapabilityNotice notice={notice} />
    </EngineProvider>,
  );
  return call;
}

describe('CapabilityNotice', () => {
  it('says so while the capability is off, asking for it by name', async () => {
    const call = show(async () => ({ name: 'mobileSupport', enabled: false, value: null, description: '' }));
    expect((await screen.findByRole('status')).textContent).toBe('Mobile support is off for this tenant.');
    expect(call).toHaveBeenCalledWith(capability.id, { params: { name: 'mobileSupport' } }, expect.objectContaining({ skip403Snackbar: true }));
  });

  it('shows nothing while it is on, or when it cannot be read', async () => {
    const on = show(async () => ({ name: 'mobileSupport', enabled: true, value: true, description: '' }));
    await waitFor(() => expect(on).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
    const failed = show(async () => {
      throw new ApiError(403, 'Forbidden');
    });
    await waitFor(() => expect(failed).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
  });
});
