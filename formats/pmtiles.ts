/**
 * PMTiles v3 writer (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): a 127-byte
 * header, the root directory, JSON metadata, leaf directories when the root would not fit in the
 * first 16 KiB, then the tile data in tile-id (Hilbert) order, so the archive is "clustered". Tile
 * ids come from the `pmtiles` package (its reader opens what this writes, in the tests and in any
 * viewer); directories and metadata are stored uncompressed (internal compression "none", which
 * the spec allows), tiles as given.
 */
import { zxyToTileId } from 'pmtiles'

export interface PmtilesTile {
  z: number
  x: number
  y: number
  data: Uint8Array
}

export interface PmtilesOptions {
  /** The tiles' own compression: `none` (1) or `gzip` (2). */
  tileCompression: 'none' | 'gzip'
  /** [west, south, east, north] */
  bounds: [number, number, number, number]
  metadata: Record<string, unknown>
}

const HEADER_BYTES = 127
const ROOT_MAX_BYTES = 16_384 - HEADER_BYTES
const COMPRESSION = { none: 1, gzip: 2 } as const
const TILE_TYPE_MVT = 1

/** A directory entry (spec §4.3): a tile, or (run length 0) a leaf directory. Offsets are from the section's start. */
export interface PmtilesEntry {
  tileId: number
  offset: number
  length: number
  runLength: number
}
type Entry = PmtilesEntry

class Bytes {
  private parts: number[] = []
  varint(n: number) {
    let v = n
    while (v >= 0x80) {
      this.parts.push((v % 0x80) | 0x80)
      v = Math.floor(v / 0x80)
    }
    this.parts.push(v)
  }
  out(): Uint8Array {
    return Uint8Array.from(this.parts)
  }
}

function serializeDirectory(entries: readonly Entry[]): Uint8Array {
  const b = new Bytes()
  b.varint(entries.length)
  let last = 0
  for (const e of entries) {
    b.varint(e.tileId - last)
    last = e.tileId
  }
  for (const e of entries) b.varint(e.runLength)
  for (const e of entries) b.varint(e.length)
  entries.forEach((e, i) => {
    const prev = entries[i - 1]
    b.varint(prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1)
  })
  return b.out()
}

/** The root directory, and leaf directories when the root alone would be too large. */
function directories(entries: Entry[]): { root: Uint8Array; leaves: Uint8Array } {
  const root = serializeDirectory(entries)
  if (root.length <= ROOT_MAX_BYTES) return { root, leaves: new Uint8Array(0) }
  for (let leafSize = 4096; ; leafSize *= 2) {
    const leafParts: Uint8Array[] = []
    const rootEntries: Entry[] = []
    let offset = 0
    for (let i = 0; i < entries.length; i += leafSize) {
      const chunk = entries.slice(i, i + leafSize)
      const bytes = serializeDirectory(chunk)
      rootEntries.push({ tileId: chunk[0]?.tileId ?? 0, offset, length: bytes.length, runLength: 0 })
      leafParts.push(bytes)
      offset += bytes.length
    }
    const leafRoot = serializeDirectory(rootEntries)
    if (leafRoot.length <= ROOT_MAX_BYTES) return { root: leafRoot, leaves: concat(leafParts) }
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** What the header says of the tile data that follows the directories. */
export interface PmtilesTileSummary {
  /** bytes of tile data */
  dataLength: number
  minZoom: number
  maxZoom: number
}

/**
 * Everything before the tile data: header, root directory, metadata and leaf directories, for tile
 * data of `summary.dataLength` bytes written right after it with `entries` (in tile-id order, offsets
 * from the data's start). A writer that streams its tiles to disk (server/tiles/archive/) appends
 * its data file to this; `writePmtiles` below does the same in memory.
 */
export function pmtilesPrefix(
  entries: PmtilesEntry[],
  summary: PmtilesTileSummary,
  options: PmtilesOptions,
): Uint8Array {
  const { root, leaves } = directories(entries)
  const metadata = new TextEncoder().encode(JSON.stringify(options.metadata))
  const { minZoom, maxZoom } = summary
  const header = new DataView(new ArrayBuffer(HEADER_BYTES))
  for (let i = 0; i < 7; i++) header.setUint8(i, 'PMTiles'.charCodeAt(i))
  header.setUint8(7, 3)
  const u64 = (at: number, v: number) => header.setBigUint64(at, BigInt(v), true)
  const rootOffset = HEADER_BYTES
  const metadataOffset = rootOffset + root.length
  const leavesOffset = metadataOffset + metadata.length
  const dataOffset = leavesOffset + leaves.length
  u64(8, rootOffset)
  u64(16, root.length)
  u64(24, metadataOffset)
  u64(32, metadata.length)
  u64(40, leavesOffset)
  u64(48, leaves.length)
  u64(56, dataOffset)
  u64(64, summary.dataLength)
  u64(72, entries.length)
  u64(80, entries.length)
  u64(88, entries.length)
  header.setUint8(96, 1)
  header.setUint8(97, COMPRESSION.none)
  header.setUint8(98, COMPRESSION[options.tileCompression])
  header.setUint8(99, TILE_TYPE_MVT)
  header.setUint8(100, minZoom)
  header.setUint8(101, maxZoom)
  const [w, s, e, n] = options.bounds
  const e7 = (v: number) => Math.round(v * 1e7)
  header.setInt32(102, e7(w), true)
  header.setInt32(106, e7(s), true)
  header.setInt32(110, e7(e), true)
  header.setInt32(114, e7(n), true)
  header.setUint8(118, Math.min(maxZoom, Math.max(minZoom, 14)))
  header.setInt32(119, e7((w + e) / 2), true)
  header.setInt32(123, e7((s + n) / 2), true)
  return concat([new Uint8Array(header.buffer), root, metadata, leaves])
}

/** Writes the tiles (any order; the same z/x/y twice keeps the last) into one archive. */
export function writePmtiles(tiles: readonly PmtilesTile[], options: PmtilesOptions): Uint8Array {
  const byId = new Map<number, PmtilesTile>()
  for (const t of tiles) byId.set(zxyToTileId(t.z, t.x, t.y), t)
  const ids = [...byId.keys()].sort((a, b) => a - b)
  const entries: Entry[] = []
  const data: Uint8Array[] = []
  let offset = 0
  for (const id of ids) {
    const t = byId.get(id)
    if (!t || t.data.length === 0) continue
    entries.push({ tileId: id, offset, length: t.data.length, runLength: 1 })
    data.push(t.data)
    offset += t.data.length
  }
  const zooms = tiles.map((t) => t.z)
  const summary = {
    dataLength: offset,
    minZoom: zooms.length ? Math.min(...zooms) : 0,
    maxZoom: zooms.length ? Math.max(...zooms) : 0,
  }
  return concat([pmtilesPrefix(entries, summary, options), ...data])
}
