/**
 * The size cap of a parcel tile. A tile of a dense town at zoom 13 can hold tens of thousands of
 * parcels; past the cap the tile is made with less detail, in steps, until it fits:
 *  1. full detail (coordinates on the 4096-unit grid, 1/8 of a pixel: no visible wobble);
 *  2. simplified to 1 px, parcels smaller than 1 px on both sides left out (a dot, not an outline);
 *  3. simplified to 2 px, parcels under 2 px left out;
 *  4. then the smallest parcels left out, doubling the size limit (4 px, 8 px, …) until it fits.
 * Parcels left out are counted and the answer says so in headers (tile-headers.ts), and they stay on
 * the tile as a texture (one point per small grid cell with how many parcels it stands for, contract
 * TEXTURE_LAYER): never a silently thinned tile, and a town of small lots is never left empty. The first step is chosen from a cheap estimate (parcels and vertices per
 * size class, from the database); the encoded size is checked after, and a tile still over the cap
 * is made again one step coarser.
 */
import { TILE_EXTENT } from '../../contract/tiles'

/** Tile units per CSS pixel: MapLibre draws a vector tile 512 px wide. */
export const UNITS_PER_PIXEL = TILE_EXTENT / 512

/** How a tile is made: Douglas–Peucker tolerance and the smallest parcel kept, both in tile units. */
export interface TileDetail {
  step: number
  toleranceUnits: number
  minSizeUnits: number
}

/**
 * Parcels (and their vertices) whose larger bounding-box side on the tile falls in one class:
 * class 0 is under 1 unit, class k ≥ 1 is [2^(k-1), 2^k) units. The SQL that counts them
 * (tile-sql.ts) and the filter that drops them use the same size expression.
 */
export interface SizeClass {
  sizeClass: number
  parcels: number
  vertices: number
}

export const SIZE_CLASSES = 15
export const classFloor = (k: number): number => (k === 0 ? 0 : 2 ** (k - 1))

/** Every step, finest first; the size limits are class floors so estimates are exact counts. */
export const DETAIL_STEPS: readonly TileDetail[] = [
  { toleranceUnits: 0, minSizeUnits: 0 },
  { toleranceUnits: UNITS_PER_PIXEL, minSizeUnits: UNITS_PER_PIXEL },
  ...Array.from({ length: SIZE_CLASSES - 5 }, (_, i) => ({
    toleranceUnits: 2 * UNITS_PER_PIXEL,
    minSizeUnits: 2 * UNITS_PER_PIXEL * 2 ** i,
  })),
].map((d, step) => ({ ...d, step }))

/**
 * Bytes a parcel costs beyond its vertices: its 36-character uuid (a value of its own in the layer),
 * the numeric id, five property tags, and geometry commands; a vertex costs two zigzag varints.
 * Measured on the demo data (BENCHMARKS.md, tiles): 80–95 bytes a parcel and 2–3 a vertex at z13–z16.
 */
export const BYTES_PER_PARCEL = 90
export const BYTES_PER_VERTEX = 3
/**
 * A parcel left out still costs a share of its texture cell (contract TEXTURE_LAYER): a cell's point
 * is ~10 bytes and holds a few parcels where they are dense enough to need leaving out.
 */
export const BYTES_PER_TEXTURE_PARCEL = 2

export function estimateBytes(classes: readonly SizeClass[], detail: TileDetail): number {
  let bytes = 0
  for (const c of classes) {
    if (classFloor(c.sizeClass) < detail.minSizeUnits) bytes += c.parcels * BYTES_PER_TEXTURE_PARCEL
    else bytes += c.parcels * BYTES_PER_PARCEL + c.vertices * BYTES_PER_VERTEX
  }
  return bytes
}

/** The finest step whose estimate fits `capBytes` (the coarsest when none does). */
export function chooseDetail(classes: readonly SizeClass[], capBytes: number): TileDetail {
  return DETAIL_STEPS.find((d) => estimateBytes(classes, d) <= capBytes) ?? (DETAIL_STEPS.at(-1) as TileDetail)
}

/** The next coarser step, or null at the last. */
export const coarser = (detail: TileDetail): TileDetail | null => DETAIL_STEPS[detail.step + 1] ?? null

/** Parcels a step leaves out by size (not counting those that vanish when snapped to the grid). */
export function omittedBy(classes: readonly SizeClass[], detail: TileDetail): number {
  let n = 0
  for (const c of classes) if (classFloor(c.sizeClass) < detail.minSizeUnits) n += c.parcels
  return n
}
