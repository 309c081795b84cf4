import { BREAKPOINTS } from './constants';

/** The colours an agency may set in the init config (decision 9). */
export interface ThemeColors {
  primary: string;
  secondary: string;
  accent: string;
  error: string;
  info: string;
  success: string;
  warning: string;
}

export const DEFAULT_THEME: ThemeColors = {
  primary: '#1f5f8b',
  secondary: '#3d4b5c',
  accent: '#e07a1f',
  error: '#b3261e',
  info: '#1565c0',
  success: '#2e7d32',
  warning: '#8a5a00',
};

export interface Theme {
  colors: ThemeColors & { text: string; muted: string; border: string; surface: string };
  breakpoints: typeof BREAKPOINTS;
  radius: string;
  font: string;
}

export function makeTheme(colors: ThemeColors): Theme {
  return {
    colors: { ...colors, text: '#1d1d1f', muted: '#5f6368', border: '#8a8f98', surface: '#ffffff' },
    breakpoints: BREAKPOINTS,
    radius: '4px',
    font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  };
}

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
