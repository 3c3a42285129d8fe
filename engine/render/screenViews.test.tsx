import { render, screen as dom } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { defineCoreScreen } from '../../definitions/define';
import { preloadScreenView, registerScreenView, renderScreenView, type ScreenViewProps } from './screenViews';

const core = (view: string) =>
  defineCoreScreen({ id: `custom.${view}`, title: 'Custom', description: 'A custom view.', route: `/settings/${view}`, read: { any: ['settings:read'] }, view });
const props = (view: string): ScreenViewProps => ({
  screen: core(view),
  query: {},
  setQuery: () => undefined,
  navigate: () => undefined,
  env: { deployment: 'cloud', appMode: 'cloud', production: false },
  canWrite: true,
  screens: () => undefined,
});

describe('screen views', () => {
  it('renders a core screen with the view registered under its name, given the page props', async () => {
    registerScreenView('core:test.hello', async () => ({ screen, canWrite }: ScreenViewProps) => <p>{`${screen.title} view, ${canWrite ? 'writable' : 'read only'}`}</p>);
    render(<Suspense fallback="loading">{renderScreenView(props('test.hello'))}</Suspense>);
    expect(await dom.findByText('Custom view, writable')).toBeTruthy();
  });

  it('has no view for a name nothing registered, and refuses a second view for one key', () => {
    expect(renderScreenView(props('test.unknown'))).toBeUndefined();
    registerScreenView('core:test.once', async () => () => null);
    expect(() => registerScreenView('core:test.once', async () => () => null)).toThrow(/already registered for core:test\.once/);
  });

  it('downloads a view once: preloaded by the route before the definition, then rendered from the same download', async () => {
    let loads = 0;
    registerScreenView('core:test.preloaded', async () => {
      loads++;
      return () => <p>Preloaded view</p>;
    });
    preloadScreenView({ kind: 'coreScreen', view: 'test.preloaded' });
    expect(loads).toBe(1);
    render(<Suspense fallback="loading">{renderScreenView(props('test.preloaded'))}</Suspense>);
    expect(await dom.findByText('Preloaded view')).toBeTruthy();
    preloadScreenView({ kind: 'coreScreen', view: 'test.preloaded' });
    expect(loads).toBe(1);
  });

  it('loads a failed view again the next time it is asked for', async () => {
    let loads = 0;
    registerScreenView('core:test.flaky', async () => {
      loads++;
      if (loads === 1) throw new Error('offline');
      return () => <p>Second try</p>;
    });
    preloadScreenView({ kind: 'coreScreen', view: 'test.flaky' });
    await new Promise((r) => setTimeout(r, 0));
    render(<Suspense fallback="loading">{renderScreenView(props('test.flaky'))}</Suspense>);
    expect(await dom.findByText('Second try')).toBeTruthy();
    expect(loads).toBe(2);
  });
});
