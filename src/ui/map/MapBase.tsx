/**
 * What every map of the map chunk shares (product 2.2.4, 2.3.1, 9.4; decision 7): its
 * frame and height, the container with its accessible name and limits, Germany's outline (so that a
 * map without tiles still shows where things are), and the configured tiles, whose failure
 * is reported once (product 8.14: only logged).
 */
import 'leaflet/dist/leaflet.css';
import L, { type Map as LeafletMap } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { GeoJSON, TileLayer } from 'react-leaflet';
import styled from 'styled-components';
import { MAP } from '../constants';
import germany from './germany.json';
import { MapContainer } from './MapContainer';

export interface LatLngZoom {
  lat: number;
  lng: number;
  zoom: number;
}

const Frame = styled.div<{ $height: string; $collapsed: boolean }>`
  .leaflet-container {
    height: ${(p) => p.$height};
    width: 100%;
    background: #dfe8ee;
    font: inherit;
  }
  /* A shape takes a click, not the focus ring: the map's shapes are no tab stops (a menu
     beside the map is the keyboard's way), and a clicked SVG path would draw its box. */
  .leaflet-container path {
    outline: none;
  }
  ${(p) => p.$collapsed && '.leaflet-control-attribution { display: none; }'}
`;

/** The map and what lies over it (the sources' toggle on a phone). */
const Over = styled.div`
  position: relative;
  .leaflet-control-attribution {
    padding-right: 2rem;
  }
`;

/**
 * On a phone the sources (the attribution, which wraps over much of a small map) fold into
 * a compact 'ⓘ' in the corner, as Leaflet's collapsed controls do; it opens and closes them.
 */
const SourcesToggle = styled.button`
  position: absolute;
  right: 0;
  bottom: 0;
  z-index: 1001;
  width: 2rem;
  height: 2rem;
  padding: 0;
  border: 0;
  display: grid;
  place-items: center;
  background: rgb(255 255 255 / 85%);
  color: #333;
  cursor: pointer;
  /* An 'i' in a circle, drawn: not every phone's fonts have the ⓘ sign. */
  &::before {
    content: 'i';
    display: grid;
    place-items: center;
    width: 1.2rem;
    height: 1.2rem;
    border: 2px solid currentColor;
    border-radius: 50%;
    font:
      bold 0.8rem/1 Georgia,
      serif;
  }
`;

// Leaflet's default marker images, from our own static files (every marker of the chunk).
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

const MAP_OPTIONS: L.MapOptions = {
  minZoom: MAP.minZoom,
  maxZoom: MAP.maxZoom,
  scrollWheelZoom: MAP.scrollWheelZoom,
  // Tiles show as they arrive: Leaflet's fade runs a frame loop while a visitor types.
  fadeAnimation: false,
  keyboard: true,
};

const OUTLINE_STYLE = { color: '#7c8c6e', weight: 1.5, fillColor: '#f3f1e7', fillOpacity: 1 };

/**
 * Germany's outline lies in a pane of its own under the tiles (Leaflet's tile pane stands at
 * z-index 200, its overlay pane with the other maps' shapes at 400): the tiles cover it where
 * they load, and it shows where they do not.
 */
export const OUTLINE_PANE = 'outline';
export const OUTLINE_PANE_Z = 150;

/** Leaflet writes attributions and tooltips as HTML; ours come from config and data: text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MapBaseProps {
  view: LatLngZoom;
  tiles: { url: string; attribution: string } | null;
  narrow: boolean;
  /** The map's accessible name. */
  label: string;
  /** The name of the button that shows the map's sources on a phone. */
  sourcesLabel: string;
  onTilesFailed(url: string): void;
  /** The Leaflet map, once created (null when it goes). */
  mapRef?(map: LeafletMap | null): void;
  /** The map's own layers and handlers. */
  children: ReactNode;
  /** Shown below the map (e.g. the address map's 'place the pin' button). */
  after?: ReactNode;
}

export function MapBase(props: MapBaseProps) {
  const failed = useRef(false);
  const [sourcesShown, setSourcesShown] = useState(false);
  const { onTilesFailed } = props;
  const url = props.tiles?.url ?? '';
  const tileHandlers = useMemo(
    () => ({
      tileerror() {
        if (failed.current) return;
        failed.current = true;
        onTilesFailed(url);
      },
    }),
    [onTilesFailed, url],
  );
  return (
    <Frame
      $height={props.narrow ? MAP.narrowHeight : MAP.height}
      $collapsed={props.narrow && !sourcesShown}
    >
      <Over>
        <MapContainer
          onMap={(map) => {
            if (map) map.createPane(OUTLINE_PANE).style.zIndex = String(OUTLINE_PANE_Z);
            props.mapRef?.(map);
          }}
          label={props.label}
          center={[props.view.lat, props.view.lng]}
          zoom={props.view.zoom}
          options={MAP_OPTIONS}
        >
          <GeoJSON
            data={germany as GeoJSON.GeoJsonObject}
            pane={OUTLINE_PANE}
            style={OUTLINE_STYLE}
            interactive={false}
          />
          {props.tiles && (
            <TileLayer
              url={props.tiles.url}
              attribution={escapeHtml(props.tiles.attribution)}
              eventHandlers={tileHandlers}
            />
          )}
          {props.children}
        </MapContainer>
        {props.narrow && (
          <SourcesToggle
            type="button"
            aria-label={props.sourcesLabel}
            aria-expanded={sourcesShown}
            onClick={() => setSourcesShown(!sourcesShown)}
          />
        )}
      </Over>
      {props.after}
    </Frame>
  );
}
