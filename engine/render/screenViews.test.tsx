import { render, screen as dom } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { defineCoreScreen } from '../../definitions/define';
import { registerScreenView, renderScreenView, type ScreenViewProps } from './screenViews';

const core = (view: string) =>
  defineCoreScreen({ id: `custom.${view}`, title: 'Custom', description: 'A custom view.', route: `/settings/${view}`, read: { any: ['x:read'] }, view });
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
});
