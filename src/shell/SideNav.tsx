/**
 * The side navigation's links (the layout's navbar is the `nav` landmark): only areas the user may use in this
 * deployment with the tenant's features. Each section, and each titled group inside it (Web, Email, DLP, ...), is a
 * collapsible entry; the one holding the current page opens by itself, the others keep what the user chose.
 * Screen entries are plain links, so the keyboard and screen readers work as on any page; the current page carries
 * aria-current and is scrolled into the navigation's view when the route changes.
 */
import { NavLink } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { sectionRoute, type NavSection } from '../../engine/core/navigation';

export interface SideNavProps {
  readonly sections: readonly NavSection[];
  /** The current hash route. */
  readonly location: string;
  /** Called after a link is followed (closes the navigation on small screens). */
  readonly onNavigate?: () => void;
}

/** The keys (section id, `section id/group title`) of the entries that hold the current route. */
function currentKeys(sections: readonly NavSection[], location: string): string[] {
  const section = sections.find((s) => s.route === sectionRoute(location));
  if (!section) return [];
  const group = section.groups.find((g) => g.title && g.screens.some((s) => s.route === location));
  return group ? [section.id, `${section.id}/${group.title}`] : [section.id];
}

export function SideNav({ sections, location, onNavigate }: SideNavProps) {
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [seenLocation, setSeenLocation] = useState(location);
  const current = currentKeys(sections, location);
  if (seenLocation !== location) {
    // Arriving somewhere opens its entries again, even if the user had closed them.
    setSeenLocation(location);
    setToggled((t) => new Map([...t].filter(([k]) => !current.includes(k))));
  }
  const container = useRef<HTMLDivElement>(null);
  // Set on arriving somewhere until the opening of the entries that hold the page has finished.
  const revealing = useRef(false);
  const revealCurrent = () => container.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
  useEffect(() => {
    revealing.current = true;
    const frame = requestAnimationFrame(revealCurrent);
    const done = setTimeout(() => (revealing.current = false), 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(done);
    };
  }, [location]);
  const isOpen = (key: string) => toggled.get(key) ?? current.includes(key);
  const toggle = (key: string) => setToggled((t) => new Map(t).set(key, !isOpen(key)));

  const link = (key: string, route: string, label: string) => {
    const active = location === route;
    return (
      <NavLink
        key={key}
        href={`#${route}`}
        label={label}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  };
  const collapsible = (key: string, label: string, children: ReactNode, bold: boolean, spotlight?: string) => (
    <NavLink
      key={key}
      component="button"
      type="button"
      data-spotlight={spotlight}
      label={label}
      fw={bold ? 600 : undefined}
      opened={isOpen(key)}
      onChange={() => toggle(key)}
      childrenOffset="sm"
    >
      {children}
    </NavLink>
  );

  return (
    // A section opening animates its height: the link is where it belongs only once that ends.
    <div ref={container} onTransitionEnd={() => revealing.current && revealCurrent()}>
      {sections.map((section) => {
        if (section.externalHref)
          return <NavLink key={section.id} href={section.externalHref} label={section.title} fw={600} data-spotlight={section.spotlight?.target} />;
        const children = section.groups.flatMap((group) =>
          group.title
            ? [collapsible(`${section.id}/${group.title}`, group.title, group.screens.map((s) => link(s.id, s.route, s.label)), false)]
            : group.screens.map((s) => link(s.id, s.route, s.label)),
        );
        return collapsible(section.id, section.title, children, true, section.spotlight?.target);
      })}
    </div>
  );
}
