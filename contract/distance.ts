/** The great-circle distance between two points, in kilometres (server and widget). */
export function distanceKm(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  // Rounding may carry h a hair past 1 for points on opposite sides of the globe.
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
