/**
 * Parcels in an area: a GeoJSON area or a bounding box through `POST /parcels/area` (the app's
 * drawn-area search), or a county through `POST /parcels/query` on its FIPS codes (the app's
 * "filters only" search: a county outline can hold more parcels than one area search may return).
 */
import type { Polygon, Position } from 'geojson'
import { z } from 'zod'
import type { AreaRequest } from '../../contract/area-rules'
import { AREA_MAX_FEATURES, MAX_LIMIT } from '../../contract/limits'
import { type LinkArea, quantizeArea } from '../../contract/link-areas'
import type { AreaResponse, FilterItem, QueryResponse } from '../../contract/schemas'
import type { CoverageResponse } from '../../contract/tiles'
import { platLink } from './answer-links'
import type { PlatCalls } from './plat-calls'
import { plural, type ToolAnswer } from './tool-answer'

const ring = z.array(z.array(z.number()).min(2)).describe('[lon, lat] positions, the last repeating the first')
const polygon = z.array(ring).describe('rings: the outline first, then holes')
const geometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: polygon }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygon) }),
])

export const areaInput = {
  geojson: z
    .object({
      type: z.literal('FeatureCollection'),
      features: z
        .array(
          z.object({
            type: z.literal('Feature'),
            geometry,
            properties: z.record(z.string(), z.unknown()).nullable().optional(),
          }),
        )
        .min(1)
        .max(AREA_MAX_FEATURES),
    })
    .optional()
    .describe('A GeoJSON FeatureCollection of Polygon/MultiPolygon features (EPSG:4326).'),
  bbox: z
    .tuple([z.number(), z.number(), z.number(), z.number()])
    .optional()
    .describe('A box [west, south, east, north] in degrees.'),
  county: z
    .object({
      state: z.string().describe('two letters (IA) or the two-digit state FIPS (19)'),
      county: z.string().describe('the county name (Story) or its three-digit FIPS (169)'),
    })
    .optional()
    .describe('A county the server holds parcels for (GET /coverage lists them).'),
  max_ids: z.int().min(0).max(10_000).default(200).describe('How many parcel ids to list (the count is always whole).'),
}
const areaSchema = z.object(areaInput)
type AreaInput = z.output<typeof areaSchema>

export function parcelsInArea(input: AreaInput, appUrl: string) {
  return async (calls: PlatCalls): Promise<ToolAnswer> => {
    const given = [input.geojson, input.bbox, input.county].filter((x) => x !== undefined).length
    if (given !== 1) throw new Error('Give exactly one of geojson, bbox or county.')
    if (input.county) return countyParcels(input.county, input.max_ids, appUrl, calls)
    const areas = input.bbox ? [boxArea(input.bbox)] : geojsonAreas(input.geojson as AreaRequest)
    // The link rounds areas to 1e-5° (about 1 m); the search runs on the rounded ones too, so the
    // link reopens exactly this answer.
    const quantized = areas.map((a) => quantizeArea(a))
    const body: AreaRequest = {
      type: 'FeatureCollection',
      features: quantized.map((a) => ({ type: 'Feature', geometry: a.geometry, properties: {} })),
    }
    const { svc_uuids } = await calls.call<AreaResponse>({ method: 'POST', path: '/parcels/area', body })
    const n = svc_uuids.length
    return {
      summary: `${plural(n, 'parcel')} intersect the area${quantized.length > 1 ? 's' : ''}.`,
      count: n,
      link: platLink(appUrl, { areas: quantized }),
      data: { svc_uuids: svc_uuids.slice(0, input.max_ids), listed: Math.min(n, input.max_ids) },
    }
  }
}

function boxArea([w, s, e, n]: [number, number, number, number]): LinkArea {
  const outline: Position[] = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ]
  return { kind: 'rectangle', geometry: { type: 'Polygon', coordinates: [outline] } }
}

/** Each polygon is one search area, as the app's import makes them (a MultiPolygon's parts each). */
function geojsonAreas(fc: AreaRequest): LinkArea[] {
  const polygons: Polygon[] = fc.features.flatMap((f) =>
    f.geometry.type === 'Polygon'
      ? [f.geometry]
      : f.geometry.coordinates.map((coordinates): Polygon => ({ type: 'Polygon', coordinates })),
  )
  return polygons.map((geometry) => ({ kind: 'polygon', geometry }))
}

async function countyParcels(
  wanted: { state: string; county: string },
  maxIds: number,
  appUrl: string,
  calls: PlatCalls,
): Promise<ToolAnswer> {
  const coverage = await calls.call<CoverageResponse>({ method: 'GET', path: '/coverage' })
  const st = wanted.state.trim().toUpperCase()
  const co = wanted.county
    .trim()
    .toLowerCase()
    .replace(/ county$/, '')
  const found = coverage.counties.find(
    (c) =>
      (c.state === st || c.state_fp === st.padStart(2, '0')) &&
      (c.county.toLowerCase().replace(/ county$/, '') === co || c.county_fp === co.padStart(3, '0')),
  )
  if (!found) {
    const held = coverage.counties.map((c) => `${c.county}, ${c.state}`).join('; ')
    throw new Error(`This server holds no parcels for ${wanted.county}, ${wanted.state}. It holds: ${held || 'none'}.`)
  }
  const filters: FilterItem[] = [
    { field: 'state_fp', op: 'eq', value: found.state_fp },
    { field: 'county_fp', op: 'eq', value: found.county_fp },
  ]
  const ids: string[] = []
  let count = 0
  let offset = 0
  do {
    const limit = Math.min(MAX_LIMIT, Math.max(1, maxIds - ids.length))
    const body = { filters, limit, offset }
    const page = await calls.call<QueryResponse>({ method: 'POST', path: '/parcels/query', body })
    count = page.count
    ids.push(...page.results.slice(0, maxIds - ids.length).map((r) => r.svc_uuid))
    offset += limit
    if (!page.results.length) break
  } while (ids.length < Math.min(maxIds, count))
  return {
    summary: `${plural(count, 'parcel')} in ${found.county}, ${found.state}.`,
    count,
    link: platLink(appUrl, { filters }),
    data: { county: found, svc_uuids: ids, listed: ids.length },
  }
}
