/**
 * The height of the page's save bar while one is shown, on the document's root (`SaveBar` sets it): the bottom
 * notices stand above it (engine/render/shell/snackbar.css reads it by this name), so a "saved" notice never covers Save
 * or Discard. Apart from SaveBar so the notices (on the
 * sign-in page too) do not download it.
 */
export const SAVE_BAR_HEIGHT_VAR = '--portal-save-bar-height';
