/**
 * A search or a pack for other apps (QGIS, Avenza, onX, a GPS): GeoPackage (parcels with every
 * field, a waypoint per parcel, buildings, the pack's outline), PMTiles (the results as a vector
 * layer `results`, and for a pack its parcel tiles' layers too, z10–z16), KML and GPX waypoints
 * (one per parcel, on the parcel, named after its owner). Built from records already in memory or
 * in the pack: no API call.
 */
import { GeoJSONVT } from '@maplibre/geojson-vt'
import { fromGeojsonVt } from '@maplibre/vt-pbf'
import pointOnFeature from '@turf/point-on-feature'
import type { Feature, MultiPolygon, Polygon } from 'geojson'
import { boxOf } from '../../../contract/bbox'
import type { ParcelRecord } from '../../../contract/schemas'
import type { TileXYZ } from '../../../contract/tile-math'
import { mimeOf } from '../../../formats/format-registry'
import { polygonal } from '../../../formats/geojson'
import { type GpkgLayer, type GpkgValue, type SqliteDatabase, writeGeoPackage } from '../../../formats/geopackage'
import { type Waypoint, writeGpx } from '../../../formats/gpx'
import { writeKmlWaypoints } from '../../../formats/kml'
import { writePmtiles } from '../../../formats/pmtiles'
import { type FieldExportKind, recordsOutline } from './export-kinds'
import { tilesCovering } from './tile-cover'

export interface ExportInput {
  title: string
  records: readonly ParcelRecord[]
  outline?: Polygon | MultiPolygon | null
  /** A pack's stored parcel tile (its layers go into the PMTiles beside the results). */
  packTile?: (t: TileXYZ) => Promise<ArrayBuffer | null>
  openSqlite?: () => Promise<() => SqliteDatabase>
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)

/** A point on the parcel (not its centroid, which can fall outside an L-shaped parcel). */
export function waypointOf(r: ParcelRecord): Waypoint | null {
  const g = polygonal(r.geom)
  if (!g) return null
  const [lng = 0, lat = 0] = pointOnFeature(g).geometry.coordinates
  const acres =
    typeof r.acres === 'number' ? `${r.acres.toLocaleString('en-US', { maximumFractionDigits: 2 })} ac` : null
  const apn = text(r.parcel_id)
  return {
    lng,
    lat,
    name: text(r.owner) ?? text(r.situs) ?? r.svc_uuid,
    description: [apn && `APN ${apn}`, acres, text(r.situs)].filter(Boolean).join(' · '),
  }
}

/** A record's fields as table columns: scalars as they are, objects and lists as JSON text. */
export function flatFields(
  r: Readonly<Record<string, unknown>>,
  skip: readonly string[] = ['geom', 'buildings'],
): Record<string, GpkgValue> {
  const out: Record<string, GpkgValue> = {}
  for (const [k, v] of Object.entries(r)) {
    if (skip.includes(k)) continue
    out[k] =
      v === null || v === undefined
        ? null
        : typeof v === 'number'
          ? Number.isFinite(v)
            ? v
            : null
          : typeof v === 'boolean'
            ? Number(v)
            : typeof v === 'string'
              ? v
              : JSON.stringify(v)
  }
  return out
}

function geoPackageLayers(input: ExportInput): GpkgLayer[] {
  const layers: GpkgLayer[] = [
    {
      name: 'parcels',
      description: input.title,
      geometryType: 'MULTIPOLYGON',
      features: input.records.map((r) => ({ geometry: polygonal(r.geom), properties: flatFields(r) })),
    },
    {
      name: 'waypoints',
      description: 'A point on each parcel, named after its owner',
      geometryType: 'POINT',
      features: input.records.flatMap((r) => {
        const w = waypointOf(r)
        return w
          ? [
              {
                geometry: { type: 'Point' as const, coordinates: [w.lng, w.lat] },
                properties: { name: w.name, description: w.description, svc_uuid: r.svc_uuid },
              },
            ]
          : []
      }),
    },
  ]
  const buildings = input.records.flatMap((r) =>
    Array.isArray(r.buildings)
      ? r.buildings.map((b) => ({
          geometry: polygonal((b as { geom?: unknown }).geom),
          properties: { parcel_svc_uuid: r.svc_uuid, ...flatFields(b as Record<string, unknown>, ['geom']) },
        }))
      : [],
  )
  if (buildings.length) layers.push({ name: 'buildings', geometryType: 'MULTIPOLYGON', features: buildings })
  if (input.outline)
    layers.push({
      name: 'pack_outline',
      description: 'The area this pack covers offline',
      geometryType: 'MULTIPOLYGON',
      features: [{ geometry: input.outline, properties: { name: input.title } }],
    })
  return layers
}

/** The properties a results tile carries (kept few: a viewer shows them on click). */
function tileProperties(r: ParcelRecord): Record<string, string | number> {
  const out: Record<string, string | number> = { svc_uuid: r.svc_uuid }
  for (const k of ['owner', 'parcel_id', 'acres', 'parcel_value', 'situs', 'land_use', 'cdl_majority_category'])
    if (typeof r[k] === 'string' || typeof r[k] === 'number') out[k] = r[k] as string | number
  return out
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

async function pmtilesOf(input: ExportInput): Promise<Uint8Array> {
  const features: Feature[] = input.records.flatMap((r) => {
    const g = polygonal(r.geom)
    return g ? [{ type: 'Feature' as const, properties: tileProperties(r), geometry: g }] : []
  })
  const outline = input.outline ?? recordsOutline(input.records)
  if (!outline) throw new Error('Nothing to export: no parcel has an outline.')
  const cover = tilesCovering(outline, { minZoom: 10, maxZoom: 16, limit: 30_000 })
  if (!cover.ok) throw new Error(cover.reason)
  const index = new GeoJSONVT(
    { type: 'FeatureCollection', features },
    { maxZoom: 16, indexMaxZoom: 10, extent: 4096, buffer: 64 },
  )
  const tiles = []
  for (const t of cover.tiles) {
    const vt = index.getTile(t.z, t.x, t.y)
    // MVT layers are a repeated field: two tiles' bytes joined are one tile with both layers.
    const results = vt?.features.length ? fromGeojsonVt({ results: vt }) : new Uint8Array(0)
    const packed = input.packTile ? await input.packTile(t) : null
    const data = packed ? concatBytes(new Uint8Array(packed), results) : results
    if (data.length) tiles.push({ ...t, data })
  }
  const layers = [
    {
      id: 'results',
      description: input.title,
      minzoom: 10,
      maxzoom: 16,
      fields: { svc_uuid: 'String', owner: 'String', parcel_id: 'String', acres: 'Number', parcel_value: 'Number' },
    },
    ...(input.packTile
      ? [
          {
            id: 'parcels',
            description: 'Every parcel (Plat parcel tiles)',
            minzoom: 10,
            maxzoom: 16,
            fields: { svc_uuid: 'String', acres: 'Number' },
          },
        ]
      : []),
  ]
  const [w, s, e, n] = boxOf(outline)
  return writePmtiles(tiles, {
    tileCompression: 'none',
    bounds: [w, s, e, n],
    metadata: {
      name: input.title,
      format: 'pbf',
      type: 'overlay',
      attribution: 'Parcels: Plat API',
      vector_layers: layers,
    },
  })
}

export async function buildFieldExport(kind: FieldExportKind, input: ExportInput): Promise<Blob> {
  const type = mimeOf(kind)
  switch (kind) {
    case 'gpkg': {
      const open = await (input.openSqlite ?? (await import('./sqljs')).openSqlite)()
      return new Blob([writeGeoPackage(open, geoPackageLayers(input)) as BlobPart], { type })
    }
    case 'pmtiles':
      return new Blob([(await pmtilesOf(input)) as BlobPart], { type })
    case 'kml':
      return new Blob([writeKmlWaypoints(waypoints(input.records), input.title)], { type })
    case 'gpx':
      return new Blob([writeGpx(waypoints(input.records), input.title)], { type })
  }
}

function waypoints(records: readonly ParcelRecord[]): Waypoint[] {
  return records.flatMap((r) => {
    const w = waypointOf(r)
    return w ? [w] : []
  })
}
