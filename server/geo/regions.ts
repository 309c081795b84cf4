/**
 * Sample region shapes: Voronoi cells (d3-delaunay) around the localities' coordinates,
 * clipped to the slightly widened convex hull of all of them. Approximate; labelled as sample.
 */
import { Delaunay } from 'd3-delaunay';

type Point = [number, number];

/** Sutherland–Hodgman: clips a polygon by a convex, counter-clockwise clip polygon. */
export function clipConvex(subject: Point[], clip: Point[]): Point[] {
  let output = subject;
  for (let i = 0; i < clip.length; i += 1) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const inside = (p: Point) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0;
    const intersect = (p: Point, q: Point): Point => {
      const a1 = b[1] - a[1];
      const b1 = a[0] - b[0];
      const c1 = a1 * a[0] + b1 * a[1];
      const a2 = q[1] - p[1];
      const b2 = p[0] - q[0];
      const c2 = a2 * p[0] + b2 * p[1];
      const det = a1 * b2 - a2 * b1;
      return [(b2 * c1 - b1 * c2) / det, (a1 * c2 - a2 * c1) / det];
    };
    const input = output;
    output = [];
    for (let j = 0; j < input.length; j += 1) {
      const current = input[j]!;
      const previous = input[(j + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) output.push(intersect(previous, current));
        output.push(current);
      } else if (inside(previous)) {
        output.push(intersect(previous, current));
      }
    }
    if (output.length === 0) break;
  }
  return output;
}

function signedArea(ring: Point[]): number {
  let area = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    area += x1 * y2 - x2 * y1;
  }
  return area / 2;
}

/** A cell polygon (closed ring, lng/lat) per point. */
export function voronoiCells(points: Point[], widen = 1.12): Point[][] {
  if (points.length < 3) return points.map(() => []);
  const delaunay = Delaunay.from(points);
  const hull = delaunay.hullPolygon().slice(0, -1) as Point[];
  const cx = hull.reduce((s, p) => s + p[0], 0) / hull.length;
  const cy = hull.reduce((s, p) => s + p[1], 0) / hull.length;
  let clip = hull.map(([x, y]) => [cx + (x - cx) * widen, cy + (y - cy) * widen] as Point);
  if (signedArea(clip) < 0) clip = clip.reverse();
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 0.1;
  const voronoi = delaunay.voronoi([
    Math.min(...xs) - pad,
    Math.min(...ys) - pad,
    Math.max(...xs) + pad,
    Math.max(...ys) + pad,
  ]);
  return points.map((_, i) => {
    const cell = (voronoi.cellPolygon(i) ?? []).slice(0, -1) as Point[];
    let ring = clipConvex(signedArea(cell) < 0 ? cell.reverse() : cell, clip);
    ring = ring.map(([x, y]) => [Math.round(x * 1e5) / 1e5, Math.round(y * 1e5) / 1e5] as Point);
    return ring.length >= 3 ? [...ring, ring[0]!] : [];
  });
}
