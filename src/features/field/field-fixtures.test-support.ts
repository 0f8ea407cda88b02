/** Records and squares for the field pack tests. */
import type { Polygon } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import type { PackMeta } from './pack-types'

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

/** A stored pack description with everything filled in. */
export function packMeta(id: string, over: Partial<PackMeta> = {}): PackMeta {
  return {
    id,
    name: id,
    kind: 'search',
    outline: square(-93.6, 42, 0.05),
    bbox: [-93.6, 42, -93.55, 42.05],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    dataVersion: 'v1',
    dataDate: null,
    coverage: { version: 'v1', tiles: null, counties: [] },
    tileUrl: '',
    status: 'complete',
    tiles: 0,
    missingTiles: 0,
    tileBytes: 0,
    records: 0,
    recordBytes: 0,
    buildings: false,
    searchQuery: null,
    ...over,
  }
}
