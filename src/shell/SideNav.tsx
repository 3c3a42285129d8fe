/**
 * The side navigation's links (the layout's navbar is the `nav` landmark): only areas the user may use in this
 * deployment with the tenant's features, each section with its permitted screens grouped as the definitions say.
 * Plain links, so the keyboard and screen readers work as on any page; the current page carries aria-current.
 */
import { NavLink, Text } from '@mantine/core';
import { sectionRoute, type NavSection } from '../../engine/core/navigation';

export interface SideNavProps {
  readonly sections: readonly NavSection[];
  /** The current hash route. */
  readonly location: string;
  /** Called after a link is followed (closes the navigation on small screens). */
  readonly onNavigate?: () => void;
}

export function SideNav({ sections, location, onNavigate }: SideNavProps) {
  const current = sectionRoute(location);
  const link = (key: string, route: string, label: string, active: boolean, pl?: string) => (
    <NavLink
      key={key}
      href={`#${route}`}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      pl={pl}
    />
  );
  return (
    <div>
      {sections.map((section) => {
        if (section.externalHref) return <NavLink key={section.id} href={section.externalHref} label={section.title} />;
        const screens = section.groups.flatMap((g) => g.screens);
        const sectionActive = section.route === current && !screens.some((s) => s.route === location);
        return (
          <div key={section.id}>
            {link(section.id, section.route, section.title, sectionActive)}
            {section.groups.map((group) => (
              <div key={group.title ?? ''} role={group.title ? 'group' : undefined} aria-label={group.title}>
                {group.title && (
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600} pl="lg" pt={4} aria-hidden>
                    {group.title}
                  </Text>
                )}
                {group.screens.map((s) => link(s.id, s.route, s.label, location === s.route, 'xl'))}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
