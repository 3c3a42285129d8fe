/**
 * Navigation as pure functions over sections and screen metadata (spec 000 §2): what the side navigation lists,
 * where the empty root and the logs section redirect, and page titles. The shell renders the results. The input is
 * the generated catalog in the portal (no schemas needed) or the registry itself (tests, the add-an-area proof).
 */
import type { ScreenBase, ScreenDef, SectionDef, SectionSpotlight } from '../../definitions/define';
import { APPLIANCE_SETTINGS_PATH, PRODUCT_NAME } from '../../schemas/constants';
import type { AccessControl } from './access';

/** What navigation reads of a screen; a full `ScreenDef` has it, and so does a catalog entry. */
export type ScreenMeta = Pick<ScreenBase, 'id' | 'title' | 'route' | 'nav' | 'read' | 'write' | 'env' | 'feature'> & {
  readonly kind: ScreenDef['kind'];
  /** A log view's filters applied by the logs redirect. */
  readonly defaultFilters?: Readonly<Record<string, string>>;
};

/** The registry-like input: only the sections and the screens' metadata are read. */
export interface NavigationInput<S extends ScreenMeta = ScreenMeta> {
  readonly sections: readonly SectionDef[];
  readonly screens: readonly S[];
}

type Access = Pick<AccessControl, 'canUse' | 'getState'>;

export interface NavScreen {
  readonly id: string;
  readonly label: string;
  readonly route: string;
}
export interface NavGroup {
  /** Undefined for screens without a `nav.group`. */
  readonly title: string | undefined;
  readonly screens: readonly NavScreen[];
}
export interface NavSection {
  readonly id: string;
  readonly title: string;
  readonly route: string;
  /** A full page load instead of a hash route. */
  readonly externalHref: string | undefined;
  /** The section's entry is this onboarding target. */
  readonly spotlight?: SectionSpotlight;
  readonly groups: readonly NavGroup[];
}

/** First segment of a hash route: `/policy/web/x` → `/policy`. */
export const sectionRoute = (route: string): string => '/' + (route.split('/')[1] ?? '');

const navOrder = (s: ScreenMeta) => (s.nav ? (s.nav.order ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER);
const byNavOrder = (a: ScreenMeta, b: ScreenMeta) => navOrder(a) - navOrder(b) || a.title.localeCompare(b.title);

/** Screens registered under a section, in navigation order. */
export function screensOf<S extends ScreenMeta>(input: NavigationInput<S>, section: Pick<SectionDef, 'route'>): S[] {
  return input.screens.filter((s) => sectionRoute(s.route) === section.route).sort(byNavOrder);
}

/** The first screen of a section the user may use. */
export function firstPermittedScreen<S extends ScreenMeta>(
  input: NavigationInput<S>,
  section: Pick<SectionDef, 'route'>,
  access: Access,
): S | undefined {
  return screensOf(input, section).find((s) => access.canUse(s));
}

/**
 * A section is shown when it is permitted and either links elsewhere or has a permitted screen: a section with no
 * screen yet has no navigation entry (it would lead to an empty page).
 */
function sectionVisible(input: NavigationInput, section: SectionDef, access: Access): boolean {
  if (section.hidden || !access.canUse(section)) return false;
  return section.externalHref !== undefined || screensOf(input, section).some((s) => access.canUse(s));
}

/** The side navigation: permitted sections in order, each with its permitted screens grouped by `nav.group`. */
export function buildNavigation(input: NavigationInput, access: Access): NavSection[] {
  return [...input.sections]
    .sort((a, b) => a.order - b.order)
    .filter((section) => sectionVisible(input, section, access))
    .map((section) => {
      const groups = new Map<string | undefined, NavScreen[]>();
      for (const s of screensOf(input, section)) {
        if (s.nav === false || !access.canUse(s)) continue;
        const key = s.nav?.group;
        const list = groups.get(key) ?? [];
        list.push({ id: s.id, label: s.nav?.label ?? s.title, route: s.route });
        groups.set(key, list);
      }
      return {
        id: section.id,
        title: section.title,
        route: section.route,
        externalHref: section.externalHref,
        spotlight: section.spotlight,
        groups: [...groups].map(([title, screens]) => ({ title, screens })),
      };
    });
}

/** Where a section route leads: its first permitted screen, else the section itself (which then says it is empty). */
function resolveSection(input: NavigationInput, section: SectionDef, access: Access): string {
  return firstPermittedScreen(input, section, access)?.route ?? section.route;
}

/** The first route the user may see (spec 000 §2), or undefined when there is none (the caller goes to login). */
export function firstPermittedRoute(input: NavigationInput, access: Access): string | undefined {
  const section = [...input.sections]
    .sort((a, b) => a.order - b.order)
    .find((s) => s.externalHref === undefined && sectionVisible(input, s, access));
  return section && resolveSection(input, section, access);
}

/**
 * The empty root (spec 000 §2): dashboard by default; on-prem the policy area on a management station (its settings
 * when the page is on the appliance-settings path, `pathname` under APPLIANCE_SETTINGS_PATH) and settings/network on
 * an appliance. When that is not permitted, the first permitted area.
 */
export function rootRedirect(input: NavigationInput, access: Access, pathname = '/'): string | undefined {
  const { env } = access.getState();
  const onSettingsPath = pathname.startsWith(APPLIANCE_SETTINGS_PATH);
  const preferred =
    env.deployment !== 'on_prem' ? '/dashboard' : env.appMode !== 'management_station' ? '/settings/network' : onSettingsPath ? '/settings' : '/policy';
  const screen = input.screens.find((s) => s.route === preferred);
  if (screen && access.canUse(screen)) return screen.route;
  const section = input.sections.find((s) => s.route === sectionRoute(preferred));
  if (section && sectionVisible(input, section, access)) return resolveSection(input, section, access);
  return firstPermittedRoute(input, access);
}

/**
 * The logs section's default child (spec 000 §2): the first permitted log view, with its default filters as query
 * parameters (empty values dropped). Undefined while no log view is registered or permitted.
 */
export function logsRedirect(input: NavigationInput, access: Access): string | undefined {
  const view = screensOf(input, { route: '/logs' }).find((s) => s.kind === 'logView' && access.canUse(s));
  if (!view || view.kind !== 'logView') return undefined;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(view.defaultFilters ?? {})) if (v !== '') query.set(k, v);
  const qs = query.toString();
  return qs ? `${view.route}?${qs}` : view.route;
}

/** Page title with the product suffix: `SSL Bypass | Isolation Admin Portal`. */
export const pageTitle = (title: string, productName: string = PRODUCT_NAME): string => `${title} | ${productName}`;
