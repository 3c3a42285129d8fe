/**
 * What Mantine's ModalRoot and Table.ScrollContainer get instead of ScrollArea (see vite.config.ts), so that a dialog
 * or a table does not bring the scroll area (5 KB gzipped) to every screen that shows one:
 * - ModalRoot only compares a modal's `scrollAreaComponent` with `ScrollArea.Autosize`; the portal sets no
 *   `scrollAreaComponent` (the build refuses one), so the comparison is false, as with this stand-in.
 * - Table.ScrollContainer renders ScrollArea only for its default `type="scrollarea"`; the portal's containers are
 *   all `type="native"` (the build refuses one without it), so this is never rendered.
 * Dialogs and pages that scroll with Mantine's scroll area import `ScrollArea` from @mantine/core and get the real one.
 */
function ScrollAreaStandIn(): never {
  throw new Error('Mantine ScrollArea is replaced in this build for Modal and Table.ScrollContainer: use Table.ScrollContainer type="native".');
}

export const ScrollArea = Object.assign(ScrollAreaStandIn, { Autosize: ScrollAreaStandIn });
