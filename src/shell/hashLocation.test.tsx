import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUnsavedChanges } from '../../engine/core/unsavedChanges';
import {
  cancelPendingNavigation,
  confirmPendingNavigation,
  currentRoute,
  navigate,
  pendingNavigation,
  startHashLocation,
} from './hashLocation';

function start(route: string) {
  window.location.hash = `#${route}`;
  const unsaved = createUnsavedChanges();
  startHashLocation(unsaved);
  return unsaved;
}

describe('hash location with the unsaved-changes guard', () => {
  it('keeps the query inside the hash and navigates at once without unsaved changes', () => {
    start('/policy');
    navigate('/logs/web?interval=7d');
    expect(window.location.hash).toBe('#/logs/web?interval=7d');
    expect(currentRoute()).toBe('/logs/web?interval=7d');
    expect(pendingNavigation.getState()).toBeNull();
  });

  it('holds an in-app navigation for confirmation while changes are unsaved', () => {
    const unsaved = start('/policy/web/ssl-bypass');
    const release = unsaved.hold();
    navigate('/settings');
    expect(window.location.hash).toBe('#/policy/web/ssl-bypass');
    expect(pendingNavigation.getState()).toEqual({ to: '/settings', replace: false });
    cancelPendingNavigation();
    expect(currentRoute()).toBe('/policy/web/ssl-bypass');
    navigate('/settings');
    confirmPendingNavigation();
    expect(window.location.hash).toBe('#/settings');
    release();
  });

  it('puts the address back when the browser leaves (back button, link) until the user confirms', async () => {
    const unsaved = start('/policy/web/ssl-bypass');
    const release = unsaved.hold();
    window.location.hash = '#/dashboard';
    await waitFor(() => expect(pendingNavigation.getState()).toEqual({ to: '/dashboard', replace: false }));
    expect(window.location.hash).toBe('#/policy/web/ssl-bypass');
    expect(currentRoute()).toBe('/policy/web/ssl-bypass');
    confirmPendingNavigation();
    expect(currentRoute()).toBe('/dashboard');
    release();
  });
});
