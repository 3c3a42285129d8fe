/**
 * The screen-kind → view map: which engine view renders a screen of the registry. A document screen (policy area,
 * settings page) gets the document view, a collection the collection view, a log view and a report their own, and a
 * core screen the view registered under its `view` name. Every view downloads with the first screen of its kind (the
 * document view too: a log view or the dashboard needs none of its forms and tables). A new kind of screen brings its
 * view with one `registerScreenView` call; the shell page asks `renderScreenView` and knows no kind.
 */
import { createElement, useMemo, useSyncExternalStore, type ComponentType, type ReactElement } from 'react';
import { isDocumentKind, isDocumentScreen, type CoreScreenDef, type ScreenDef } from '../../definitions/define';
import { JOBS_VIEW } from '../../definitions/appliance/common';
import { ruleAllows, type Environment } from '../../schemas/access';
import { lockGatedFields } from './document/fieldGates';
import { lazyComponent } from './lazyComponent';
import { useEngine } from './shell/EngineContext';
import type { LogUrlQuery } from './log/logController';
import type { ScreenLookup } from './publish/revisionDiff';

/** What every screen view is given by the page that shows it. */
export interface ScreenViewProps<S extends ScreenDef = ScreenDef> {
  readonly screen: S;
  /** The URL query of the route, and how to write it (bound to the router by the page). */
  readonly query: LogUrlQuery;
  readonly setQuery: (query: LogUrlQuery) => void;
  /** Opens a hash route (drill-downs). */
  readonly navigate: (to: string) => void;
  readonly env: Environment;
  /** Whether the signed-in user may change what the screen shows (its write rule). */
  readonly canWrite: boolean;
  /** Titles and definitions of other screens, by id (revision history names the areas it lists). */
  readonly screens: ScreenLookup;
}

type View = ComponentType<ScreenViewProps<never>>;

const views = new Map<string, View>();

/** What names a screen's view: its kind, and a core screen's `view` (the catalog has both before the definition loads). */
export type ScreenViewRef = Pick<ScreenDef, 'kind'> & { readonly view?: string };

/** The key a screen's view is registered under: its kind, or `core:<view>` for a core screen. */
export const screenViewKey = (screen: ScreenViewRef): string => (screen.kind === 'coreScreen' ? `core:${screen.view}` : screen.kind);

/** Each view's module, imported once: by `preloadScreenView` or by the first render of a screen of its kind. */
const modules = new Map<string, () => Promise<unknown>>();

/**
 * Registers the view of a screen kind (or of a core screen's `view` name, as `core:<name>`). `load` imports the
 * module that holds the view, so it downloads with the first screen that needs it; once there (preloaded with the
 * route), the view renders without suspending. A second registration of one key throws: two views for one kind is
 * a mistake.
 */
export function registerScreenView<S extends ScreenDef>(key: string, load: () => Promise<ComponentType<ScreenViewProps<S>>>): void {
  if (views.has(key)) throw new Error(`A screen view is already registered for ${key}`);
  const view = lazyComponent(load as () => Promise<ComponentType<ScreenViewProps<never>>>);
  modules.set(key, view.load);
  views.set(key, view.Component);
}

/**
 * Starts downloading the view of a screen before its definition has loaded (the route is known first), so that the
 * definition, the view and what the view itself imports at once download side by side instead of one after another.
 */
export function preloadScreenView(screen: ScreenViewRef): void {
  const load = isDocumentKind(screen.kind) ? documentViewModule : modules.get(screenViewKey(screen));
  void load?.().catch(() => undefined);
}

/** The view of a screen rendered with these props, or undefined when none is registered for its kind. */
export function renderScreenView(props: ScreenViewProps): ReactElement | undefined {
  const view = (isDocumentScreen(props.screen) ? DocumentScreenView : views.get(screenViewKey(props.screen))) as ComponentType<ScreenViewProps> | undefined;
  return view && createElement(view, { key: props.screen.id, ...props });
}

const documentView = lazyComponent(() => import('./document/DocumentView').then((m) => m.DocumentView));
const documentViewModule = documentView.load;
const DocumentView = documentView.Component;

function DocumentScreenView({ screen }: ScreenViewProps) {
  const { access } = useEngine();
  // The grants change when the user's role does (read again at each request): the locked fields follow.
  const { enforced, grants } = useSyncExternalStore(access.subscribe, access.getState);
  const shown = useMemo(
    () => (isDocumentScreen(screen) ? lockGatedFields(screen, (gate) => !enforced || ruleAllows(gate.write, grants)) : undefined),
    [screen, enforced, grants],
  );
  return shown ? <DocumentView key={screen.id} screen={shown} /> : null;
}

registerScreenView<Extract<ScreenDef, { kind: 'collection' }>>('collection', () =>
  import('./collection/CollectionView').then((m) => ({ screen, query, setQuery }) => <m.CollectionView key={screen.id} screen={screen} query={query} setQuery={setQuery} />),
);
registerScreenView<Extract<ScreenDef, { kind: 'logView' }>>('logView', () =>
  import('./log/LogView').then(
    (m) =>
      ({ screen, query, setQuery, env, screens }) => (
        <m.LogView
          key={screen.id}
          screen={screen}
          query={query}
          setQuery={setQuery}
          onPrem={env.deployment === 'on_prem'}
          managementStation={env.deployment === 'on_prem' && env.appMode === 'management_station'}
          screens={screens}
        />
      ),
  ),
);
registerScreenView<Extract<ScreenDef, { kind: 'report' }>>('report', () =>
  import('./report/ReportView').then((m) => ({ screen, query, setQuery, navigate }) => (
    <m.ReportView key={screen.id} screen={screen} query={query} setQuery={setQuery} navigate={navigate} />
  )),
);
registerScreenView<CoreScreenDef>('core:reports.scheduling', () =>
  import('./report/ReportScheduling').then((m) => ({ canWrite }) => <m.ReportScheduling canWrite={canWrite} />),
);
registerScreenView<CoreScreenDef>('core:policy.revisions', () =>
  import('./publish/RevisionHistory').then((m) => ({ screens, canWrite }) => <m.RevisionHistory screens={screens} canRollBack={canWrite} />),
);
registerScreenView<CoreScreenDef>(`core:${JOBS_VIEW}`, () => import('./jobs/JobsView').then((m) => ({ canWrite }) => <m.JobsView canWrite={canWrite} />));
