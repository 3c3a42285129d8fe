/**
 * The portal's Mantine theme, shared by the shell and the login module: the primary colour one shade darker and
 * dimmed and error text darker than Mantine's defaults, so text and buttons meet WCAG AA contrast (4.5:1) on white.
 */
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({ primaryColor: 'blue', primaryShade: { light: 8, dark: 6 } });

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
