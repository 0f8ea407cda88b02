/**
 * Caching and size-cap headers of tiles and coverage. Tiles are cached by the browser only
 * (`private`: they come behind a key) and revalidated against the data version (ETag), so a
 * revalidation after a minute costs a 304, and a load shows within that minute. A tile URL that
 * names the data version it wants (`?v=` the coverage's `version`) is cached for a day: its content
 * cannot change under that name.
 */
import type { TileDetail } from './tile-budget'
import { UNITS_PER_PIXEL } from './tile-budget'

/** Bumped when the same data would give different tiles (encoding, properties, simplification). */
// t2: owner and APN in the tiles from z13 (offline taps, issue 37), so copies kept before revalidate to them.
const TILE_FORMAT = 't2'

export const tileEtag = (version: string): string => `W/"${version}-${TILE_FORMAT}"`
export const coverageEtag = (version: string): string => `W/"${version}"`

const TILE_MAX_AGE_S = 60
const VERSIONED_TILE_MAX_AGE_S = 86_400

export function tileCacheControl(servedVersion: string, askedVersion: string | undefined): string {
  return askedVersion === servedVersion
    ? `private, max-age=${VERSIONED_TILE_MAX_AGE_S}, immutable`
    : `private, max-age=${TILE_MAX_AGE_S}`
}

/** If-None-Match (RFC 9110 §13.1.2, weak comparison): `*`, or any listed tag equal to ours. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const opaque = (tag: string) => tag.replace(/^W\//, '')
  const ours = opaque(etag)
  return (ifNoneMatch.match(/(W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === ours)
}

/** `full`, or what the size cap did: the tolerance and the smallest parcel kept, in CSS pixels. */
export function detailHeader(detail: TileDetail): string {
  if (detail.step === 0) return 'full'
  const px = (units: number) => `${units / UNITS_PER_PIXEL}px`
  return `reduced; tolerance=${px(detail.toleranceUnits)}; smallest=${px(detail.minSizeUnits)}`
}

/** Headers a browser script may read on a cross-origin tile answer (CORS). */
export const TILE_EXPOSED_HEADERS = ['ETag', 'X-Tile-Detail', 'X-Tile-Omitted', 'X-Tile-Store']
