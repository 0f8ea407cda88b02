/**
 * The Shapefile format, read the same way by the app's area import (bytes from a zip,
 * src/features/import/parse-shapefile.ts) and the county loader (file paths streamed from disk,
 * server/load/readers/read-shapefile.ts): which files make a layer, the header check, the `.cpg` encoding and
 * the records through the `shapefile` package. The package groups rings the Shapefile way (clockwise
 * outlines, counter-clockwise holes inside the outline that holds them), reads PolygonZ/M, lines and
 * points, and null shapes as null geometry; attributes come from the `.dbf` in the `.cpg`'s encoding.
 * The writing half is for tests only: shapefile.test-support.ts. Browser-safe: no Node built-ins.
 */
import type { Geometry } from 'geojson'
import { open } from 'shapefile'

export type ShapefileInput = string | ArrayBuffer | Uint8Array

export interface ShapefileFeature {
  geometry: Geometry | null
  properties: Record<string, unknown>
}

/** One layer's files (names or paths as the caller holds them): the `.shp` and its siblings. */
export interface ShapefileParts {
  shp: string
  shx?: string
  dbf?: string
  prj?: string
  cpg?: string
}

/** The siblings of `shp` among `names`: the same stem, the extension in any case. */
export function shapefileParts(shp: string, names: readonly string[]): ShapefileParts {
  const stem = shp.slice(0, -4).toLowerCase()
  const find = (ext: string) => names.find((f) => f.toLowerCase() === `${stem}.${ext}`)
  return { shp, shx: find('shx'), dbf: find('dbf'), prj: find('prj'), cpg: find('cpg') }
}

/** Every layer among `names` (one per `.shp`), in name order: a zip may hold several. */
export function shapefileLayers(names: readonly string[]): ShapefileParts[] {
  return names
    .filter((n) => /\.shp$/i.test(n))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((shp) => shapefileParts(shp, names))
}

/** A `.shp` starts with a 100-byte header whose file code is 9994 (big-endian). */
export function isShapefileHeader(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 100 && new DataView(bytes.buffer, bytes.byteOffset).getInt32(0, false) === 9994
}

/** The record count a `.shx` index of `bytes` bytes lists (8 bytes a record after its 100-byte header). */
export const recordCountOfShx = (bytes: number): number => Math.max(0, (bytes - 100) / 8)

/** The DBF encoding a `.cpg` names ("UTF-8", "1252", "ANSI 1252"…), as a TextDecoder label. */
export function encodingOfCpg(cpg: string | null | undefined): string {
  const s = (cpg ?? '').trim().toLowerCase()
  if (!s) return 'windows-1252'
  const code = /(\d{3,5})$/.exec(s)?.[1]
  if (code && /^(ansi\s*)?\d+$/.test(s)) return code === '65001' ? 'utf-8' : `windows-${code}`
  return s
}

/** Yields each record; `shp`/`dbf` are paths (Node only) or bytes. */
export async function* shapefileFeatures(
  shp: ShapefileInput,
  dbf: ShapefileInput | null,
  encoding = 'windows-1252',
): AsyncGenerator<ShapefileFeature> {
  const source = await open(toArrayBuffer(shp), dbf === null ? null : toArrayBuffer(dbf), { encoding })
  try {
    for (;;) {
      const next = await source.read()
      if (next.done) return
      yield { geometry: next.value.geometry ?? null, properties: next.value.properties ?? {} }
    }
  } finally {
    await source.cancel().catch(() => {})
  }
}

/** The package tests `instanceof ArrayBuffer`, which a Uint8Array view's slice of a bigger buffer needs. */
function toArrayBuffer(input: ShapefileInput): string | ArrayBuffer {
  if (typeof input === 'string' || input instanceof ArrayBuffer) return input
  return input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength) as ArrayBuffer
}
