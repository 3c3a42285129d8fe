/** The header's Help menu (the tour and the contact form); downloaded with its positioning the first time it opens. */
import { Button, Menu } from '@mantine/core';

export function HelpMenu({ defaultOpened, onTour, onContact }: { defaultOpened: boolean; onTour: () => void; onContact?: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Button variant="subtle" size="xs">
          Help
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onTour}>Take the tour</Menu.Item>
        {onContact && <Menu.Item onClick={onContact}>Contact your service provider</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
