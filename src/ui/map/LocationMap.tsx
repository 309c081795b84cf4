/**
 * The address map (product 2.2.4, 9.4), loaded as its own chunk. A pin is placed by a click,
 * by dragging it, or by keyboard: pan with the arrow keys, then "place the pin at the centre";
 * a focused pin then moves with the arrow keys.
 * Without tiles (offline, blocked) it still shows the pin over Germany's outline.
 */
import type L from 'leaflet';
import type { LeafletMouseEvent, Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import styled from 'styled-components';
import { MapBase, type LatLngZoom } from './MapBase';

export type { LatLngZoom };

export interface LocationMapProps {
  view: LatLngZoom;
  marker: { lat: number; lng: number } | null;
  tiles: { url: string; attribution: string } | null;
  narrow: boolean;
  labels: { map: string; placePin: string; pin: string; sources: string };
  onPlace(point: { lat: number; lng: number }): void;
  onMove(view: LatLngZoom): void;
  onTilesFailed(url: string): void;
}

const PlaceButton = styled.button`
  margin-top: 0.5rem;
  font: inherit;
  min-height: 2.75rem;
  padding: 0.4rem 1rem;
  border: 2px solid ${(p) => p.theme.colors.primary};
  border-radius: ${(p) => p.theme.radius};
  color: ${(p) => p.theme.colors.primary};
  background: #fff;
  cursor: pointer;
`;

/** Pixels a pin moves per arrow key. */
const NUDGE: Record<string, [number, number]> = {
  ArrowLeft: [-10, 0],
  ArrowRight: [10, 0],
  ArrowUp: [0, -10],
  ArrowDown: [0, 10],
};

function Events({ onPlace, onMove }: Pick<LocationMapProps, 'onPlace' | 'onMove'>) {
  useMapEvents({
    click(event: LeafletMouseEvent) {
      onPlace({ lat: event.latlng.lat, lng: event.latlng.lng });
    },
    moveend(event) {
      const map = event.target as LeafletMap;
      const center = map.getCenter();
      onMove({ lat: center.lat, lng: center.lng, zoom: map.getZoom() });
    },
  });
  return null;
}

/** Follows the view from the store (e.g. a chosen address at zoom 18). */
function FollowView({ view }: { view: LatLngZoom }) {
  const map = useMap();
  useEffect(() => {
    const center = map.getCenter();
    const same =
      Math.abs(center.lat - view.lat) < 1e-6 &&
      Math.abs(center.lng - view.lng) < 1e-6 &&
      map.getZoom() === view.zoom;
    if (!same) map.setView([view.lat, view.lng], view.zoom);
  }, [map, view.lat, view.lng, view.zoom]);
  return null;
}

/**
 * The pin is a tab stop (a button): its name is its label, not left to the image's alt text,
 * which not every browser and screen reader reads for a button; its tooltip and alt say the same.
 */
function nameThePin(marker: L.Marker | null, label: string) {
  const element = marker?.getElement();
  if (!element) return;
  element.setAttribute('aria-label', label);
  element.setAttribute('title', label);
  element.setAttribute('alt', label);
}

export default function LocationMap(props: LocationMapProps) {
  const mapRef = useRef<LeafletMap | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const { onPlace } = props;
  const pinLabel = useRef(props.labels.pin);
  // The pin's name follows its label on every render (a language change), as it does when the
  // pin is added: react-leaflet sets the marker's title and alt only when it makes it.
  useEffect(() => {
    pinLabel.current = props.labels.pin;
    nameThePin(markerRef.current, pinLabel.current);
  });
  const markerHandlers = useMemo(
    () => ({
      dragend(event: L.LeafletEvent) {
        const { lat, lng } = (event.target as L.Marker).getLatLng();
        onPlace({ lat, lng });
      },
      // The keyboard's drag: a focused pin moves with the arrow keys (Shift: further).
      add(event: L.LeafletEvent) {
        const marker = event.target as L.Marker;
        nameThePin(marker, pinLabel.current);
        marker.getElement()?.addEventListener('keydown', (key: KeyboardEvent) => {
          const step = NUDGE[key.key];
          const map = mapRef.current;
          if (!step || !map) return;
          key.preventDefault();
          key.stopPropagation();
          const factor = key.shiftKey ? 5 : 1;
          const point = map.latLngToContainerPoint(marker.getLatLng());
          const moved = map.containerPointToLatLng([
            point.x + step[0] * factor,
            point.y + step[1] * factor,
          ]);
          marker.setLatLng(moved);
          onPlace({ lat: moved.lat, lng: moved.lng });
        });
      },
    }),
    [onPlace],
  );
  return (
    <MapBase
      view={props.view}
      tiles={props.tiles}
      narrow={props.narrow}
      label={props.labels.map}
      sourcesLabel={props.labels.sources}
      onTilesFailed={props.onTilesFailed}
      mapRef={(map) => {
        mapRef.current = map;
      }}
      after={
        <PlaceButton
          type="button"
          onClick={() => {
            const center = mapRef.current?.getCenter();
            if (center) onPlace({ lat: center.lat, lng: center.lng });
          }}
        >
          {props.labels.placePin}
        </PlaceButton>
      }
    >
      {props.marker && (
        <Marker
          ref={markerRef}
          position={[props.marker.lat, props.marker.lng]}
          draggable
          title={props.labels.pin}
          alt={props.labels.pin}
          eventHandlers={markerHandlers}
        />
      )}
      <Events onPlace={onPlace} onMove={props.onMove} />
      <FollowView view={props.view} />
    </MapBase>
  );
}
