/**
 * How big a pack will be, before anything is downloaded: tile count × a typical tile size per zoom
 * (measured on the demo data, BENCHMARKS.md "Field packs"), plus the records' own JSON. Shown so a
 * person can decide on a phone with little space; the real size is shown once it is stored.
 */
import type { TileXYZ } from '../../../contract/tile-math'

/**
 * Typical stored (uncompressed) parcel tile sizes, bytes, per zoom, over farmland with towns. A z10
 * tile holds a whole county at reduced detail; a z16 tile a few dozen parcels. From z13 tiles carry
 * each parcel's owner and APN (contract/tiles.ts PARCEL_TILE_OWNER_MIN_ZOOM): measured on the demo
 * data they add 34 % (farmland) to 48 % (a town) to a tile, so those zooms are 1.45× what they were.
 */
export const TYPICAL_TILE_BYTES: Readonly<Record<number, number>> = {
  10: 180_000,
  11: 120_000,
  12: 70_000,
  13: 46_000,
  14: 17_500,
  15: 7_300,
  16: 3_600,
}

export interface PackEstimate {
  tiles: number
  tileBytes: number
  records: number
  recordBytes: number
  totalBytes: number
}

/** Bytes of the records as stored (their JSON); measured on a sample of at most 200 of them. */
export function recordBytes(records: readonly unknown[]): number {
  if (records.length === 0) return 0
  const step = Math.max(1, Math.floor(records.length / 200))
  let sampled = 0
  let bytes = 0
  for (let i = 0; i < records.length; i += step) {
    bytes += JSON.stringify(records[i]).length
    sampled++
  }
  return Math.round((bytes / sampled) * records.length)
}

export function estimatePack(tiles: readonly TileXYZ[], records: readonly unknown[]): PackEstimate {
  const tileBytes = tiles.reduce((sum, t) => sum + (TYPICAL_TILE_BYTES[t.z] ?? 3_600), 0)
  const rb = recordBytes(records)
  return { tiles: tiles.length, tileBytes, records: records.length, recordBytes: rb, totalBytes: tileBytes + rb }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`
}
