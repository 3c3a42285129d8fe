/**
 * Set-up of the component suite (jsdom): the browser APIs Mantine needs that jsdom lacks, cleanup between tests,
 * and `renderUi`, which renders inside the providers the application uses.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { createElement, type ReactElement } from 'react';
import { afterEach } from 'vitest';
import { currentSnackbars, dismissSnackbar } from '../../engine/core/snackbar';
import { loadFormView } from '../../engine/render/document/LazyFormView';

// findBy… and waitFor wait up to 15 s (not 1 s): CI runs these tests beside the API suites and the ClickHouse shards, and
// a view whose code loads on first use (a lazy editor, a screen's module) could take longer than a second to appear
// there. An element that never appears still fails the test.
configure({ asyncUtilTimeout: 15_000 });

// Forms render at once, as they do in the portal once their module has downloaded (the browser suite covers the
// first download).
await loadFormView();

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverShim {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverShim });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverShim });
}

if (!('fonts' in document)) {
  // Mantine's autosize textarea re-measures when web fonts finish loading.
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.scrollTo ??= function scrollTo() {};

// The files of a worker share their modules (`isolate: false`): what one test leaves in the portal's module-level
// state (a notice still on screen) is taken away before the next.
afterEach(() => {
  cleanup();
  for (const notice of currentSnackbars()) dismissSnackbar(notice.id);
});

/** Renders inside MantineProvider and a fresh QueryClient (no retries, so failures show at once). */
export function renderUi(ui: ReactElement): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    createElement(QueryClientProvider, { client: queryClient }, createElement(MantineProvider, { env: 'test' }, ui)),
  );
  return Object.assign(result, { queryClient });
}
