/**
 * Bounding boxes, [west, south, east, north] in degrees (`Box`, the shape tile math and `bbox=`
 * parameters take), written once for the app, the server and the contract's own area rules. An
 * empty input gives an empty box (west = +∞), so boxes combine without a special case and
 * `isEmptyBox` says when there was nothing.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson'
import type { Box } from './tile-math'

const emptyBox = (): Box => [Infinity, Infinity, -Infinity, -Infinity]

/** Widens `box` to take in every position of `ring` (positions without both numbers are skipped). */
function addRing(box: Box, ring: readonly Position[]): Box {
  for (const [x, y] of ring) {
    if (x === undefined || y === undefined) continue
    if (x < box[0]) box[0] = x
    if (y < box[1]) box[1] = y
    if (x > box[2]) box[2] = x
    if (y > box[3]) box[3] = y
  }
  return box
}

/** The box around one ring. */
export const ringBox = (ring: readonly Position[]): Box => addRing(emptyBox(), ring)

/** The box around every outline given (polygons and multipolygons alike). */
export function boxOf(...outlines: readonly (Polygon | MultiPolygon)[]): Box {
  const box = emptyBox()
  for (const outline of outlines) {
    const rings = outline.type === 'Polygon' ? outline.coordinates : outline.coordinates.flat()
    for (const ring of rings) addRing(box, ring)
  }
  return box
}

/** The box around boxes (an empty box when there are none). */
export function unionBox(boxes: readonly (readonly [number, number, number, number])[]): Box {
  const box = emptyBox()
  for (const [w, s, e, n] of boxes) {
    if (w < box[0]) box[0] = w
    if (s < box[1]) box[1] = s
    if (e > box[2]) box[2] = e
    if (n > box[3]) box[3] = n
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
