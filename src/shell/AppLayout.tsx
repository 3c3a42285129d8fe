/**
 * The signed-in layout: a header (product, policy revision with Publish, insights and documentation, the user),
 * the side navigation and the main region. Landmarks: banner, navigation, main; a skip link jumps to the content.
 */
import { Anchor, AppShell, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { AccessRule } from '../../schemas/access';
import type { SessionUser } from '../../schemas/auth';
import type { NavSection } from '../../engine/core/navigation';
import { AppSwitcher } from './AppSwitcher';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { CommandPalette } from './CommandPalette';
import { JobsIndicator } from './JobsIndicator';
import { OnboardingTour } from './OnboardingTour';
import { PublishControl } from './PublishControl';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';

export interface AppLayoutProps {
  readonly productName: string;
  readonly user: SessionUser;
  readonly navigation: readonly NavSection[];
  readonly location: string;
  readonly publishRule: AccessRule | undefined;
  readonly insights: boolean;
  /** Multi-tenant association requests waiting for this tenant's approval (read at session start). */
  readonly tenantRequests: number;
  /** The contact form's route, when this application has one (the Help menu links to it). */
  readonly contactRoute?: string;
  readonly children: ReactNode;
}

export function AppLayout(props: AppLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <UnstyledButton className="skip-link" onClick={() => document.getElementById('main-content')?.focus()}>
        Skip to content
      </UnstyledButton>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Anchor href="#/" fw={700} c="inherit" underline="never" style={{ whiteSpace: 'nowrap' }}>
              {props.productName}
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <CommandPalette navigation={props.navigation} />
            <AppSwitcher insights={props.insights} />
            <OnboardingTour navigation={props.navigation} contactRoute={props.contactRoute} />
            <PublishControl publishRule={props.publishRule} />
            <JobsIndicator navigation={props.navigation} />
            <ColorSchemeToggle />
            <UserMenu user={props.user} tenantRequests={props.tenantRequests} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation" data-spotlight="sideNavigation" style={{ overflowY: 'auto' }}>
        <SideNav sections={props.navigation} location={props.location} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {props.children}
      </AppShell.Main>
    </AppShell>
  );
}
