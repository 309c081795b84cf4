/** The map, split off by import(): its ~50 KB load only where a map is shown. */
import { lazy, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { MAP } from '../../app/constants';
import type { LocationMapProps } from './LocationMap';

const LocationMap = lazy(() => import(/* webpackChunkName: "map" */ './LocationMap'));

const Placeholder = styled.div<{ $height: string }>`
  height: ${(p) => p.$height};
  display: grid;
  place-items: center;
  background: #eef2f5;
  color: ${(p) => p.theme.colors.muted};
`;

/** spec 9: below 576 px the map is 20rem high and starts at zoom 10. */
export function useNarrow(): boolean {
  const query = `(max-width: ${MAP.narrowBelowPx - 1}px)`;
  const [narrow, setNarrow] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const listener = () => setNarrow(list.matches);
    list.addEventListener('change', listener);
    return () => list.removeEventListener('change', listener);
  }, [query]);
  return narrow;
}

export function LazyMap(props: Omit<LocationMapProps, 'narrow'> & { loadingLabel: string }) {
  const narrow = useNarrow();
  const { loadingLabel, ...rest } = props;
  return (
    <Suspense
      fallback={
        <Placeholder $height={narrow ? MAP.narrowHeight : MAP.height}>{loadingLabel}</Placeholder>
      }
    >
      <LocationMap {...rest} narrow={narrow} />
    </Suspense>
  );
}
