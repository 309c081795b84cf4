/**
 * Maps are split off by import(): leaflet and react-leaflet load only where a map is shown.
 * lazyMap() wraps any map component in that chunk with the same placeholder and the
 * narrow-layout rule; the address map uses it, and so does every later map.
 */
import { useEffect, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { MAP } from '../constants';
import { retryableLazy } from '../LazyPart';
import { useMediaQuery } from '../useMediaQuery';
import type { LocationMapProps } from './LocationMap';

const Placeholder = styled.div<{ $height: string }>`
  height: ${(p) => p.$height};
  display: grid;
  place-items: center;
  background: #eef2f5;
  color: ${(p) => p.theme.colors.muted};
`;

/** product 9.4: below 576 px the map is 20rem high and starts at zoom 10. */
export const useNarrow = (): boolean => useMediaQuery(`(max-width: ${MAP.narrowBelowPx - 1}px)`);

/**
 * True from the first task after the next paint: what is mounted then (the map, its chunk's
 * request) does not hold up the paint that answers the visitor's click.
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // requestAnimationFrame runs just before the paint; the timeout after it.
    const frame = requestAnimationFrame(() => setTimeout(setPainted, 0, true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}

/**
 * A map component of the map chunk, shown with a placeholder of its height while it loads.
 * The chunk is requested and the map mounted right after the placeholder's first paint.
 */
export function lazyMap<P extends { narrow: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  const Map = retryableLazy(load, 'map');
  function LazyMapView(props: Omit<P, 'narrow'> & { loadingLabel: string }) {
    const narrow = useNarrow();
    const painted = usePaintedOnce();
    const { loadingLabel, ...rest } = props;
    const placeholder = (
      <Placeholder $height={narrow ? MAP.narrowHeight : MAP.height}>{loadingLabel}</Placeholder>
    );
    if (!painted) return placeholder;
    return <Map {...(rest as unknown as P)} narrow={narrow} fallback={placeholder} />;
  }
  return LazyMapView;
}

/** The address map (product 2.2.4). */
export const LazyMap = lazyMap<LocationMapProps>(
  () => import(/* webpackChunkName: "map" */ './LocationMap'),
);

/** The regions map (product 2.3.1). */
export const LazyRegionMap = lazyMap<import('./RegionMap').RegionMapProps>(
  () => import(/* webpackChunkName: "map" */ './RegionMap'),
);
