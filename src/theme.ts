/**
 * The portal's Mantine theme, shared by the shell and the login module. Colours one shade darker than Mantine's
 * defaults where needed so text and buttons meet WCAG AA contrast (4.5:1) in both schemes: the primary colour
 * (white button text on blue 8), dimmed and error text. The scheme follows the system until the user picks one in the
 * header; the choice is kept in localStorage under one key for the portal and the login module (same origin).
 */
import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({ primaryColor: 'blue', primaryShade: { light: 8, dark: 8 } });

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'portal-color-scheme' });

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});

/** What every MantineProvider of the portal and the login module is given. */
export const providerProps = { theme, cssVariablesResolver, colorSchemeManager, defaultColorScheme: 'auto' } as const;
