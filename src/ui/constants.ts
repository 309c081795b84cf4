/** Layout constants of product 9.4 and 9.15: the map's sizes and zooms, the breakpoints. */
export const MAP = {
  defaultZoom: 12,
  minZoom: 6,
  maxZoom: 20,
  height: '36rem',
  narrowHeight: '20rem',
  narrowZoom: 10,
  narrowBelowPx: 576,
  addressZoom: 18,
  /** Where a typed postcode or town takes the map: the town, streets readable. */
  townZoom: 14,
  scrollWheelZoom: false,
} as const;

export const BREAKPOINTS = { xs: 600, sm: 960, md: 1280, lg: 1920 } as const;
