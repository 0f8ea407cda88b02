/**
 * Shapefile features through the `shapefile` package, for the app (ArrayBuffers from a zip) and the
 * loader (file paths, read as a stream). The package groups rings the Shapefile way (clockwise
 * outlines, counter-clockwise holes inside the outline that holds them), reads PolygonZ/M, lines and
 * points, and null shapes as null geometry; attributes come from the `.dbf` in the `.cpg`'s encoding.
 */
import type { Geometry } from 'geojson'
import { open } from 'shapefile'

export type ShapefileInput = string | ArrayBuffer | Uint8Array

export interface ShapefileFeature {
  geometry: Geometry | null
  properties: Record<string, unknown>
}

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
