/**
 * Parcel tiles through the field packs. The map asks for tiles at `platpack://<real tile URL>` (a
 * MapLibre custom protocol, src/features/map/tiles/pack-protocol.ts), and this decides where each comes
 * from: a pack's copy when it is of the same data version (no network spent) or when there is no
 * network; otherwise the server, with the key in a header as before, falling back to a pack's copy
 * of an older version when the server cannot be reached.
 */
import type { TileXYZ } from '../../../contract/tile-math'

export const PACK_SCHEME = 'platpack'
const PREFIX = `${PACK_SCHEME}://`

/** The map's tile URL for a real one. */
export const packTileUrl = (url: string) => `${PREFIX}${url}`
const realTileUrl = (url: string) => (url.startsWith(PREFIX) ? url.slice(PREFIX.length) : url)

/** z/x/y and the `?v=` data version of a parcel tile URL; null for anything else. */
export function parseTileUrl(url: string): (TileXYZ & { version: string | null }) | null {
  const m = /\/tiles\/parcels\/(\d+)\/(\d+)\/(\d+)\.mvt(?:\?(.*))?$/.exec(url)
  if (!m) return null
  const version = new URLSearchParams(m[4] ?? '').get('v')
  return { z: Number(m[1]), x: Number(m[2]), y: Number(m[3]), version }
}

export type TileAnswer = { data: ArrayBuffer } | { status: number; statusText: string }

export interface TileSourceDeps {
  /** A pack's copy of the tile and the data version it was made from. */
  packTile(t: TileXYZ): Promise<{ data: ArrayBuffer; version: string } | null>
  /** The server's answer (the key added); throws when the server cannot be reached. */
  network(url: string, signal: AbortSignal): Promise<Response>
  online(): boolean
}

export async function loadTile(url: string, signal: AbortSignal, deps: TileSourceDeps): Promise<TileAnswer> {
  const real = realTileUrl(url)
  const at = parseTileUrl(real)
  const packed = at ? await deps.packTile(at).catch(() => null) : null
  if (packed && (packed.version === at?.version || !deps.online())) return { data: packed.data }
  let res: Response
  try {
    res = await deps.network(real, signal)
  } catch (e) {
    if (packed && !signal.aborted) return { data: packed.data }
    throw e
  }
  // An empty tile is 200 with no body (below z10 or no parcels there).
  if (res.ok) return { data: await res.arrayBuffer() }
  if (packed && res.status >= 500) return { data: packed.data }
  return { status: res.status, statusText: res.statusText }
}
