/**
 * A top-level section route: its first permitted screen (for logs, the first permitted log view with its default
 * filters), or the honest empty state when the build has no screen for it.
 */
import { Redirect } from 'wouter';
import type { SectionDef } from '../../definitions/define';
import { firstPermittedScreen, logsRedirect } from '../../engine/core/navigation';
import { useEngine } from '../../engine/render/shell/EngineContext';
import { useApp } from '../appContext';
import { EmptyArea } from './EmptyArea';

export function SectionPage({ section }: { section: SectionDef }) {
  const { registry } = useApp();
  const { access } = useEngine();
  const target = section.id === 'logs' ? logsRedirect(registry, access) : firstPermittedScreen(registry, section, access)?.route;
  return target ? <Redirect to={target} replace /> : <EmptyArea title={section.title} />;
}
