/**
 * The regions map (product 2.3.1, 3.5): the regions' shapes, selected ones highlighted; a click
 * toggles a region, the same event as the menu's. A region other shapes name as their parent
 * (a district) is drawn as a border over its localities, not as a shape of its own. Loaded as
 * part of the map chunk. Without tiles (offline, blocked, or no consent yet) it shows the
 * shapes over Germany's outline; the shapes' source stands in the attribution either way.
 */
import type L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { GeoJSON, useMap } from 'react-leaflet';
import { useTheme } from 'styled-components';
import { escapeHtml, MapBase, type LatLngZoom } from './MapBase';

export interface RegionShapeData {
  locationId: number;
  name: string;
  parentId: number | null;
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}

export interface RegionMapProps {
  view: LatLngZoom;
  shapes: readonly RegionShapeData[];
  /** The shapes' source (plain text). */
  attribution: string;
  selection: readonly number[];
  tiles: { url: string; attribution: string } | null;
  narrow: boolean;
  labels: { map: string; sources: string };
  onToggle(id: number): void;
  onTilesFailed(url: string): void;
}

/**
 * How long a tap's tooltip names the region tapped: a finger leaves no 'mouseout' to close it,
 * so without this it would stay over the map.
 */
export const TAP_TOOLTIP_MS = 1500;

/** A district's border: drawn over its localities, not clickable (they are). */
const BORDER_STYLE: L.PathOptions = { color: '#202124', weight: 2.5, opacity: 0.8, fill: false };

/** Keeps the kind of pointer that last went down on the map: 'touch', 'pen' or 'mouse'. */
function LastPointer({ kind }: { kind: { current: string } }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const note = (event: PointerEvent) => {
      kind.current = event.pointerType;
    };
    container.addEventListener('pointerdown', note, true);
    return () => container.removeEventListener('pointerdown', note, true);
  }, [map, kind]);
  return null;
}

/**
 * The whole city in view: once the shapes are on the map (they come after it), the map shows
 * all of them, at once, without animation. Once per map: from then on the view is the
 * visitor's. A map not laid out yet (no size) keeps its view.
 */
function FitShapes({ layer, count }: { layer: RefObject<L.GeoJSON | null>; count: number }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    const bounds = layer.current?.getBounds();
    if (fitted.current || !bounds?.isValid() || map.getSize().x === 0) return;
    fitted.current = true;
    map.fitBounds(bounds, { padding: [8, 8], animate: false });
  }, [map, layer, count]);
  return null;
}

export default function RegionMap(props: RegionMapProps) {
  const layerRef = useRef<L.GeoJSON | null>(null);
  const toggle = useRef(props.onToggle);
  useEffect(() => {
    toggle.current = props.onToggle;
  });
  const primary = useTheme().colors.primary;
  const pointer = useRef('mouse');
  const tapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tapped = useRef<L.Layer | null>(null);
  useEffect(() => () => clearTimeout(tapTimer.current), []);

  const [data, borders] = useMemo(() => {
    const parents = new Set(props.shapes.map((shape) => shape.parentId));
    const collection = (shapes: readonly RegionShapeData[]) =>
      ({
        type: 'FeatureCollection',
        features: shapes.map((shape) => ({
          type: 'Feature',
          properties: { locationId: shape.locationId, name: shape.name },
          geometry: shape.geometry,
        })),
      }) as GeoJSON.FeatureCollection;
    return [
      collection(props.shapes.filter((shape) => !parents.has(shape.locationId))),
      collection(props.shapes.filter((shape) => parents.has(shape.locationId))),
    ];
  }, [props.shapes]);
  const selected = useMemo(() => new Set(props.selection), [props.selection]);
  const styleOf = useCallback(
    (id: number): L.PathOptions =>
      selected.has(id)
        ? { color: primary, weight: 2, fillColor: primary, fillOpacity: 0.45 }
        : { color: '#5f6368', weight: 1, fillColor: '#ffffff', fillOpacity: 0.15 },
    [selected, primary],
  );

  // The menu and the map show one selection: every change restyles the shapes.
  useEffect(() => {
    layerRef.current?.eachLayer((layer) => {
      const id = (layer as L.GeoJSON & { feature: GeoJSON.Feature }).feature.properties?.locationId;
      const path = layer as L.Path;
      path.setStyle(styleOf(id as number));
      path.getElement()?.setAttribute('data-selected', String(selected.has(id as number)));
    });
  }, [selected, styleOf, data]);

  return (
    <MapBase
      view={props.view}
      tiles={props.tiles}
      narrow={props.narrow}
      label={props.labels.map}
      sourcesLabel={props.labels.sources}
      onTilesFailed={props.onTilesFailed}
    >
      <GeoJSON
        key={props.shapes.length}
        ref={layerRef}
        data={data}
        attribution={props.attribution ? escapeHtml(props.attribution) : undefined}
        style={(feature) => styleOf(feature?.properties?.locationId as number)}
        onEachFeature={(feature, layer) => {
          const id = feature.properties?.locationId as number;
          layer.on('click', () => {
            toggle.current(id);
            // A tap names the region for a moment; a mouse's tooltip goes when the mouse does.
            if (pointer.current !== 'touch') return;
            clearTimeout(tapTimer.current);
            if (tapped.current !== layer) tapped.current?.closeTooltip();
            tapped.current = layer;
            tapTimer.current = setTimeout(() => layer.closeTooltip(), TAP_TOOLTIP_MS);
          });
          layer.bindTooltip(escapeHtml(feature.properties?.name ?? ''), { sticky: true });
          // After the tooltip's own handler: the shapes are no tab stops (the regions menu
          // is the keyboard's way to choose; ninety shapes would stand between it and 'Weiter').
          layer.on('add', () => {
            const element = (layer as L.Path).getElement();
            element?.setAttribute('data-region', String(id));
            element?.setAttribute('data-selected', String(selected.has(id)));
            element?.setAttribute('tabindex', '-1');
          });
        }}
      />
      {borders.features.length > 0 && (
        <GeoJSON
          key={`borders-${borders.features.length}`}
          data={borders}
          style={BORDER_STYLE}
          interactive={false}
        />
      )}
      <FitShapes layer={layerRef} count={data.features.length} />
      <LastPointer kind={pointer} />
    </MapBase>
  );
}
