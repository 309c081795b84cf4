/** A map of one place, without input (the agency inbox), in a module of its own: no widget route loads it. */
import { lazyMap } from './LazyMap';

export const LazyPointMap = lazyMap<import('./PointMap').PointMapProps>(
  () => import(/* webpackChunkName: "point-map" */ './PointMap'),
);
