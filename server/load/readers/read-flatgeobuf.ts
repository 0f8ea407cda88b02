/**
 * FlatGeobuf through the `flatgeobuf` package, fed a stream of the file so features are decoded one
 * at a time. The header names the CRS (organisation + code, often WKT too) and the columns.
 */
import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js'
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js'
import type { CrsHint } from './crs'
import { SourceError, type SourceFeature, type SourceFile, type SourceLayer } from './source'

/** Reads the header first (the reader stops after it), so the layer's columns and count are known up front. */
async function readHeader(path: string): Promise<HeaderMeta> {
  let header: HeaderMeta | null = null
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream
  try {
    const it = deserialize(stream, { headerMetaFn: (h) => (header = h) })
    await it.next()
    await it.return(undefined)
  } catch (e) {
    throw new SourceError(`${path} is not a FlatGeobuf file (${(e as Error).message})`)
  }
  if (!header) throw new SourceError(`${path} has no FlatGeobuf header`)
  return header
}

function crsHints(h: HeaderMeta): CrsHint[] {
  const crs = h.crs
  if (!crs) return []
  const org = (crs.org ?? 'EPSG').toUpperCase()
  const code = crs.code > 0 && org === 'EPSG' ? `EPSG:${crs.code}` : crs.code_string
  return [{ wkt: crs.wkt, code, from: 'the FlatGeobuf header' }]
}

export async function openFlatGeobuf(path: string): Promise<SourceFile> {
  const header = await readHeader(path)
  async function* features(): AsyncIterable<SourceFeature> {
    const stream = Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 })) as ReadableStream
    for await (const f of deserialize(stream)) {
      yield { geometry: f.geometry ?? null, properties: (f.properties ?? {}) as Record<string, unknown> }
    }
  }
  const layer: SourceLayer = {
    name: null,
    crs: () => crsHints(header),
    defaultLonLat: false,
    attributes: header.columns?.map((c) => c.name) ?? [],
    count: header.featuresCount > 0 ? header.featuresCount : null,
    features,
  }
  return { format: 'FlatGeobuf', layers: [layer], close: async () => {} }
}
