/**
 * A map that shows one place and takes no input (the inbox's detail): its marker over the
 * configured tiles, or over Germany's outline when they do not load. Loaded with the map chunk.
 */
import { Marker } from 'react-leaflet';
import { MapBase } from './MapBase';

export interface PointMapProps {
  point: { lat: number; lng: number };
  zoom: number;
  tiles: { url: string; attribution: string } | null;
  narrow: boolean;
  labels: { map: string; pin: string; sources: string };
  onTilesFailed(url: string): void;
}

export default function PointMap(props: PointMapProps) {
  return (
    <MapBase
      view={{ ...props.point, zoom: props.zoom }}
      tiles={props.tiles}
      narrow={props.narrow}
      label={props.labels.map}
      sourcesLabel={props.labels.sources}
      onTilesFailed={props.onTilesFailed}
    >
      <Marker
        position={[props.point.lat, props.point.lng]}
        title={props.labels.pin}
        alt={props.labels.pin}
        keyboard={false}
      />
    </MapBase>
  );
}
