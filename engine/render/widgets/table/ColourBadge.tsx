import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BadgeColor } from '../../../../definitions/define';

/**
 * A value as a dot badge in the colour its column gives it (a state, an action), in collections and log tables. It
 * takes BADGE_EXTRA px more than its label's text (columns.ts sizes such columns for it).
 */
export function ColourBadge({ color, children }: { color: BadgeColor; children: ReactNode }) {
  return (
    <Badge color={`${color}.7`} variant="dot" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {children}
    </Badge>
  );
}
