/**
 * A drawn area as a comps subject: its acres and centre from the shape, and — from the parcels
 * loaded inside it, where a search has loaded any — its dominant land use and land cover (the most
 * acres) and its CSR2 (acre-weighted mean). Pure; the workspace hands in the area and the rows.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import type { Polygon } from 'geojson'
import { type LonLat, parcelPoint } from '../../../contract/comps/comps-geo'
import type { ParcelRecord } from '../../../contract/schemas'
import { acresOf } from '../../geo/validate-area'
import type { CompsSite } from '../../state/comps-slice'

/** Area-weighted centroid of the outer ring (shoelace); the vertex mean for a degenerate ring. */
function ringCentroid(polygon: Polygon): LonLat {
  const ring = polygon.coordinates[0] ?? []
  let a = 0
  let cx = 0
  let cy = 0
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i] as [number, number]
    const [x1, y1] = ring[i + 1] as [number, number]
    const cross = x0 * y1 - x1 * y0
    a += cross
    cx += (x0 + x1) * cross
    cy += (y0 + y1) * cross
  }
  if (Math.abs(a) < 1e-18) {
    const pts = ring.slice(0, -1)
    const n = Math.max(1, pts.length)
    return [pts.reduce((s, p) => s + (p[0] as number), 0) / n, pts.reduce((s, p) => s + (p[1] as number), 0) / n]
  }
  return [cx / (3 * a), cy / (3 * a)]
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/** The value holding the most acres, or null when none has any. */
function dominant(acresBy: Map<string, number>): string | null {
  let best: string | null = null
  let most = 0
  for (const [value, acres] of acresBy) {
    if (acres > most || (acres === most && best !== null && value < best)) {
      best = value
      most = acres
    }
  }
  return best
}

export interface AreaSite {
  site: CompsSite
  /** Parcels loaded inside the area the facts rest on (0: land use, cover and CSR2 unknown). */
  parcels: number
}

export function siteFromArea(
  area: { id: string; geometry: Polygon },
  label: string,
  rows: Iterable<ParcelRecord | undefined>,
): AreaSite {
  const landUse = new Map<string, number>()
  const crop = new Map<string, number>()
  let csr2Sum = 0
  let csr2Acres = 0
  let parcels = 0
  for (const r of rows) {
    if (!r) continue
    const at = parcelPoint(r)
    if (!at || !booleanPointInPolygon([at[0], at[1]], area.geometry)) continue
    parcels++
    const acres = num(r.acres) ?? 0
    const use = text(r.land_use)
    if (use) landUse.set(use, (landUse.get(use) ?? 0) + acres)
    const cover = text(r.cdl_majority_category)
    if (cover) crop.set(cover, (crop.get(cover) ?? 0) + acres)
    const csr2 = num(r.csr2)
    if (csr2 !== null && acres > 0) {
      csr2Sum += csr2 * acres
      csr2Acres += acres
    }
  }
  const point = ringCentroid(area.geometry)
  return {
    site: {
      kind: 'site',
      areaId: area.id,
      label,
      point: [Math.round(point[0] * 1e5) / 1e5, Math.round(point[1] * 1e5) / 1e5],
      acres: Math.round(acresOf(area.geometry) * 100) / 100,
      landUse: dominant(landUse),
      crop: dominant(crop),
      csr2: csr2Acres > 0 ? Math.round(csr2Sum / csr2Acres) : null,
      geometry: null,
    },
    parcels,
  }
}
