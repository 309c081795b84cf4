import type { ThemeColors } from '../host/config';
import { BREAKPOINTS } from '../app/constants';

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
