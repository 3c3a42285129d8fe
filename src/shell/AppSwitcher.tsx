/** Links to the other applications next to the admin portal: insights and the documentation (a full page). */
import { Anchor, Group } from '@mantine/core';

export function AppSwitcher({ insights }: { insights: boolean }) {
  return (
    <Group component="nav" aria-label="Applications" gap="sm" wrap="nowrap" data-spotlight="appSwitcher" visibleFrom="sm">
      {insights && (
        <Anchor href="#/insights" size="sm">
          Insights
        </Anchor>
      )}
      <Anchor href="/docs/" size="sm" data-spotlight="documentation">
        Documentation
      </Anchor>
    </Group>
  );
}
