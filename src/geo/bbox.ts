/**
 * Bounding boxes of polygon outlines, [west, south, east, north] in degrees (the contract's `Box`,
 * the shape tile math and `bbox=` parameters take). An empty input gives an empty box (west = +∞),
 * so boxes combine without a special case and `isEmptyBox` says when there was nothing.
 */
import type { MultiPolygon, Polygon } from 'geojson'
import type { Box } from '../../contract/tile-math'

/** The box around every outline given (polygons and multipolygons alike). */
export function boxOf(...outlines: readonly (Polygon | MultiPolygon)[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity]
  for (const outline of outlines) {
    const rings = outline.type === 'Polygon' ? outline.coordinates : outline.coordinates.flat()
    for (const ring of rings)
      for (const [x, y] of ring) {
        if (x === undefined || y === undefined) continue
        if (x < box[0]) box[0] = x
        if (y < box[1]) box[1] = y
        if (x > box[2]) box[2] = x
        if (y > box[3]) box[3] = y
      }
  }
  return box
}

export const isEmptyBox = (box: Box): boolean => !Number.isFinite(box[0])

/** The box as a closed polygon ring, counter-clockwise from the south-west corner. */
export function boxPolygon([w, s, e, n]: Box): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  }
}
