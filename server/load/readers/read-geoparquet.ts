/**
 * GeoParquet 1.0/1.1 through `hyparquet` (pure JS; `hyparquet-compressors` adds zstd, gzip, brotli,
 * lz4 beside its built-in snappy). The file is read a row group at a time (long groups in slices),
 * from disk by byte ranges, so memory follows the row group, not the file. The `geo` metadata names
 * the primary geometry column (WKB), its CRS as PROJJSON (absent: longitude/latitude, OGC:CRS84;
 * null: unknown) and an optional bbox covering column, which is not an attribute.
 */
import { asyncBufferFromFile, type FileMetaData, parquetMetadataAsync, parquetReadObjects } from 'hyparquet'
import { compressors } from 'hyparquet-compressors'
import wkx from 'wkx'
import type { CrsHint, ProjJson } from './crs'
import { SourceError, type SourceFeature, type SourceFile, type SourceLayer } from './source'

interface GeoColumn {
  encoding?: string
  crs?: ProjJson | null
  covering?: { bbox?: Record<string, unknown> }
}

interface GeoMetadata {
  version?: string
  primary_column?: string
  columns?: Record<string, GeoColumn>
}

/** Rows decoded at a time: a whole row group unless it is longer. */
const SLICE_ROWS = 50_000

export async function openGeoParquet(path: string): Promise<SourceFile> {
  const file = await asyncBufferFromFile(path)
  let metadata: FileMetaData
  try {
    // geoparquet: false keeps the WKB as bytes, decoded here per feature (one bad WKB rejects one
    // feature, not the file).
    metadata = await parquetMetadataAsync(file, { geoparquet: false })
  } catch (e) {
    throw new SourceError(`${path} is not a Parquet file (${(e as Error).message})`)
  }
  const geo = geoMetadata(path, metadata)
  const geomName = geo.primary_column!
  const column = geo.columns![geomName]!
  const encoding = column.encoding ?? '(none)'
  if (encoding.toUpperCase() !== 'WKB') {
    throw new SourceError(
      `${path}: the geometry column "${geomName}" is encoded as ${encoding}; the loader reads GeoParquet with WKB geometry (convert with: ogr2ogr -f Parquet -lco GEOMETRY_ENCODING=WKB out.parquet ${path})`,
    )
  }
  const coverings = Object.values(geo.columns ?? {}).flatMap((c) =>
    Object.values(c.covering?.bbox ?? {}).map((p) => (Array.isArray(p) ? String(p[0]) : '')),
  )
  const skip = new Set([...Object.keys(geo.columns ?? {}), ...coverings])
  const top = topLevelColumns(metadata)
  if (!top.includes(geomName)) throw new SourceError(`${path}: the geo metadata names "${geomName}", not a column`)
  const attributes = top.filter((c) => !skip.has(c))
  // GeoParquet: a missing crs means OGC:CRS84 (longitude/latitude); an explicit null, unknown.
  const hints: CrsHint[] = column.crs
    ? [{ projjson: column.crs, from: `the GeoParquet metadata of "${geomName}"` }]
    : []
  const defaultLonLat = column.crs === undefined

  async function* features(): AsyncIterable<SourceFeature> {
    let rowStart = 0
    for (const group of metadata.row_groups) {
      const groupEnd = rowStart + Number(group.num_rows)
      for (let start = rowStart; start < groupEnd; start += SLICE_ROWS) {
        const end = Math.min(groupEnd, start + SLICE_ROWS)
        const common = { file, metadata, compressors, rowStart: start, rowEnd: end }
        // Geometry as raw bytes (utf8: false, or hyparquet would read unannotated bytes as text).
        const [geoms, props] = await Promise.all([
          parquetReadObjects({ ...common, columns: [geomName], geoparquet: false, utf8: false }),
          attributes.length ? parquetReadObjects({ ...common, columns: attributes }) : null,
        ])
        for (let i = 0; i < geoms.length; i++) {
          yield decode(geoms[i]![geomName], props?.[i] ?? {})
        }
      }
      rowStart = groupEnd
    }
  }

  const layer: SourceLayer = {
    name: null,
    crs: () => hints,
    defaultLonLat,
    attributes,
    count: Number(metadata.num_rows),
    features,
  }
  return { format: 'GeoParquet', layers: [layer], close: async () => {} }
}

function geoMetadata(path: string, metadata: FileMetaData): GeoMetadata {
  const text = metadata.key_value_metadata?.find((kv) => kv.key === 'geo')?.value
  if (!text) {
    throw new SourceError(
      `${path} is a Parquet file without GeoParquet "geo" metadata, so the loader cannot tell its geometry column`,
    )
  }
  let geo: GeoMetadata
  try {
    geo = JSON.parse(text) as GeoMetadata
  } catch (e) {
    throw new SourceError(`${path}: its GeoParquet "geo" metadata is not JSON (${(e as Error).message})`)
  }
  const primary = geo.primary_column
  if (!primary || !geo.columns?.[primary]) {
    throw new SourceError(`${path}: its GeoParquet "geo" metadata names no primary geometry column`)
  }
  return geo
}

/** Names of the schema's top-level columns (a struct such as a bbox covering counts once). */
function topLevelColumns(metadata: FileMetaData): string[] {
  const schema = metadata.schema
  const names: string[] = []
  let i = 1
  const skipChildren = (n: number) => {
    for (let k = 0; k < n; k++) {
      const child = schema[i++]!
      skipChildren(child.num_children ?? 0)
    }
  }
  while (i < schema.length) {
    const el = schema[i++]!
    names.push(el.name)
    skipChildren(el.num_children ?? 0)
  }
  return names
}

function decode(wkb: unknown, record: Record<string, unknown>): SourceFeature {
  const properties = { ...record }
  if (wkb === null || wkb === undefined) return { geometry: null, properties }
  try {
    const bytes = wkb instanceof Uint8Array ? wkb : new Uint8Array(wkb as ArrayBuffer)
    return { geometry: wkx.Geometry.parse(Buffer.from(bytes)).toGeoJSON() as SourceFeature['geometry'], properties }
  } catch (e) {
    return { geometry: null, properties, geometryError: (e as Error).message }
  }
}
