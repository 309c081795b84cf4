/**
 * The container of every map of the map chunk, in place of react-leaflet's MapContainer, so a
 * map can sit in a hidden React Activity: Activity runs a hidden tree's effects' cleanups and
 * runs the effects again when it shows, keeping its state and DOM.
 *
 * The map lives exactly as long as the container's layout effect: created when it runs (on
 * mount and whenever a hidden map shows again), removed in its cleanup (on unmount and whenever
 * it is hidden). The layers (react-leaflet's own components) render only while a map is there,
 * so they are made anew for each map, and a map made again starts at the view its props give
 * then (the view kept in the store).
 */
import {
  createLeafletContext,
  LeafletContext,
  type LeafletContextInterface,
} from '@react-leaflet/core';
import L, { type Map as LeafletMap, type MapOptions } from 'leaflet';
import { useEffectEvent, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface MapContainerProps {
  center: [number, number];
  zoom: number;
  options: MapOptions;
  /** The map's accessible name (its container is a region). */
  label: string;
  /** The Leaflet map, once created, and null when it goes. */
  onMap?(map: LeafletMap | null): void;
  children: ReactNode;
}

export function MapContainer({ center, zoom, options, label, onMap, children }: MapContainerProps) {
  const node = useRef<HTMLDivElement>(null);
  const [context, setContext] = useState<LeafletContextInterface | null>(null);
  // Reads the props of the render that shows the map, not those of its first render.
  const create = useEffectEvent((container: HTMLDivElement) => {
    const map = new L.Map(container, options).setView(center, zoom);
    onMap?.(map);
    return map;
  });
  const forget = useEffectEvent(() => onMap?.(null));
  useLayoutEffect(() => {
    const map = create(node.current!);
    setContext(createLeafletContext(map));
    return () => {
      setContext(null);
      forget();
      map.remove();
    };
  }, []);
  return (
    <div ref={node} role="region" aria-label={label}>
      {context && <LeafletContext value={context}>{children}</LeafletContext>}
    </div>
  );
}
