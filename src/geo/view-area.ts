/** The map view as a search rectangle, inset a little so the area's edge is visible on screen. */
import type { Polygon } from 'geojson'
import type { Bounds } from '../ports/workspace-ports'

const INSET = 0.02

export function viewRectangle([w, s, e, n]: Bounds): Polygon {
  const dx = (e - w) * INSET
  const dy = (n - s) * INSET
  const [x0, y0, x1, y1] = [w + dx, s + dy, e - dx, n - dy]
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  }
}
