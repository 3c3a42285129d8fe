/**
 * A top-level section route: its first permitted screen (for logs, the first permitted log view with its default
 * filters); the honest empty state when the build has no screen for it; no access when it has screens, none allowed.
 */
import { Redirect } from 'wouter';
import type { SectionDef } from '../../definitions/define';
import { firstPermittedScreen, logsRedirect, screensOf } from '../../engine/core/navigation';
import { useEngine } from '../../engine/render/shell/EngineContext';
import { useApp } from '../appContext';
import { AccessDeniedPage } from './AccessDeniedPage';
import { EmptyArea } from './EmptyArea';

export function SectionPage({ section }: { section: SectionDef }) {
  const { catalog } = useApp();
  const { access } = useEngine();
  const target = section.id === 'logs' ? logsRedirect(catalog, access) : firstPermittedScreen(catalog, section, access)?.route;
  if (target) return <Redirect to={target} replace />;
  return screensOf(catalog, section).length > 0 ? <AccessDeniedPage /> : <EmptyArea title={section.title} />;
}
