/** Records and squares for the field pack tests. */
import type { Polygon } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'

export function square(x: number, y: number, d = 0.01): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + d, y],
        [x + d, y + d],
        [x, y + d],
        [x, y],
      ],
    ],
  }
}

/** A row of parcels 0.01° wide along a parallel, west to east: ids p0, p1, … */
export function parcelRow(n: number, x0 = -93.6, y0 = 42): ParcelRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    svc_uuid: `p${i}`,
    owner: `OWNER ${i}`,
    parcel_id: `APN-${i}`,
    acres: 10 * (i + 1),
    state: 'IA',
    geom: square(x0 + i * 0.01, y0),
  }))
}
