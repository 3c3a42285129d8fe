/** The shape of the generated catalog (src/generated/catalog.gen.ts): what the shell knows before a screen loads. */
import type { ScreenDef, SectionDef } from '../../definitions/define';
import type { NavigationInput, ScreenMeta } from '../../engine/core/navigation';

/** A screen as the shell sees it at start-up: plain metadata, and its full definition (with the schema) on demand. */
export type CatalogScreen = ScreenMeta & {
  /** A log view's log type. */
  readonly logType?: string;
  /** A core screen's view (the engine view that renders it). */
  readonly view?: string;
  /** Imports the screen's definition file (a separate chunk) and returns the definition. */
  readonly load: () => Promise<ScreenDef>;
};

/** Every section and every screen of the registry, without schemas. */
export interface Catalog extends NavigationInput<CatalogScreen> {
  readonly sections: readonly SectionDef[];
  readonly screens: readonly CatalogScreen[];
}

/**
 * The part of a catalog an application shows: its sections (the portal's have no `application`) and their screens.
 * Codegen writes one catalog per application with it (codegen/catalog.ts); the shell applies it again to the page's.
 */
export function applicationCatalog<C extends { readonly sections: readonly SectionDef[]; readonly screens: readonly { readonly route: string }[] }>(
  catalog: C,
  application: string,
): C {
  const sections = catalog.sections.filter((s) => (s.application ?? 'portal') === application);
  const routes = sections.map((s) => s.route);
  const inSection = (route: string) => routes.some((r) => route === r || route.startsWith(`${r}/`));
  return { ...catalog, sections, screens: catalog.screens.filter((s) => inSection(s.route)) };
}
