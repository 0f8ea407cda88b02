/**
 * POST /parcels/area's search, run as pieces of bounded cost (area-pieces.ts) so that no statement
 * holds the embedded database for long and cheap requests get their turn between pieces (the
 * pieces are heavy work, pglite-queue.ts). The union of the pieces' hits is the area's answer:
 * every parcel that intersects any polygon, once, ascending.
 */
import type { Polygon } from 'geojson'
import { type CostModel, DEFAULT_COST_MODEL, groupPieces, planCells, vertexCount } from './area-pieces'
import { boxAround, loadedStates } from './area-states'
import type { Queryable, QueryOptions } from './database'
import { QueryCancelledError } from './db-errors'
import { polygonEwkbHex } from './ewkb'
import type { ParcelDensitySource } from './parcel-density'

/**
 * The most candidate parcels (parcels whose box overlaps a polygon's cells, counted once per
 * polygon) one search may examine: four times the id cap, so overlapping shapes and ragged outlines
 * pass, while a hundred copies of one county-sized polygon do not (seconds of work for one answer).
 */
export const AREA_MAX_CANDIDATES = 400_000

/** Refused before any parcel is read: the search would examine more than AREA_MAX_CANDIDATES. */
export class AreaTooExpensiveError extends Error {
  constructor(readonly candidates: number) {
    super(`the area search would examine about ${Math.round(candidates)} parcels`)
    this.name = 'AreaTooExpensiveError'
  }
}

// Polygons once per piece (parsed once, tested against each of their cells); cells carry the index
// of their polygon. Each cell reports its candidates (for the density estimate) and its hits. The
// per-cell aggregate sits in a LATERAL subquery: aggregating the joined rows instead made the planner
// sort them with both geometries attached, which doubled the time.
// The state condition (area-states.ts) keeps a partitioned `parcels` to the states the piece reaches.
const pieceSql = (states: string) => `
  WITH g AS MATERIALIZED (
         SELECT (o - 1)::int AS k, ST_GeomFromEWKB(decode(h, 'hex')) AS geom
         FROM json_array_elements_text($1::json) WITH ORDINALITY AS t(h, o)),
       c AS MATERIALIZED (
         SELECT (o - 1)::int AS i, (x->>0)::int AS k,
                ST_MakeEnvelope((x->>1)::float8, (x->>2)::float8, (x->>3)::float8, (x->>4)::float8, 4326) AS box
         FROM json_array_elements($2::json) WITH ORDINALITY AS t(x, o))
  SELECT c.i, h.candidates, h.ids
  FROM c JOIN g ON g.k = c.k
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS candidates,
           coalesce(json_agg(p.svc_uuid) FILTER (WHERE ST_Intersects(p.geom, g.geom)), '[]')::text AS ids
    FROM parcels p WHERE p.geom && c.box AND ${states}) h`

export interface AreaSearchOptions extends QueryOptions {
  model?: CostModel
  maxCandidates?: number
}

/**
 * UUIDs of parcels intersecting any of the polygons, ascending; at most `cap + 1` (the search stops
 * once it has found more than `cap`, so callers can tell an area that is too large).
 */
export async function searchArea(
  db: Queryable,
  density: ParcelDensitySource,
  polygons: readonly Polygon[],
  cap: number,
  { model = DEFAULT_COST_MODEL, maxCandidates = AREA_MAX_CANDIDATES, ...opts }: AreaSearchOptions = {},
): Promise<string[]> {
  const estimates = await density.current(opts)
  const cells = planCells(polygons, (box) => estimates.estimate(box), model)
  const candidates = cells.reduce((sum, cell) => sum + cell.estimate, 0)
  if (candidates > maxCandidates) throw new AreaTooExpensiveError(candidates)
  const pieces = groupPieces(cells, polygons.map(vertexCount), model)
  if (pieces.length === 0) return []
  const states = await loadedStates(db, boxAround(cells.map((c) => c.box)), opts)
  const hex = new Map<number, string>()
  const found = new Set<string>()
  // Heavy work belongs to someone: the caller's key, or everyone's share when unnamed.
  const statement: QueryOptions = { ...opts, heavyFor: opts.heavyFor ?? '' }
  for (const piece of pieces) {
    if (opts.signal?.aborted) throw new QueryCancelledError()
    const shapes = piece.polygons.map((i) => {
      const known = hex.get(i) ?? polygonEwkbHex(polygons[i] as Polygon)
      hex.set(i, known)
      return known
    })
    const slot = new Map(piece.polygons.map((polygon, k) => [polygon, k]))
    const rows = await db.query<{ i: number; candidates: number; ids: string }>(
      pieceSql(states.condition(boxAround(piece.cells.map((c) => c.box)))),
      [JSON.stringify(shapes), JSON.stringify(piece.cells.map((c) => [slot.get(c.polygon), ...c.box]))],
      statement,
    )
    const seen = new Map(rows.map((r) => [r.i, r]))
    piece.cells.forEach((cell, i) => {
      const row = seen.get(i)
      estimates.observe(cell.box, row?.candidates ?? 0)
      if (row) for (const id of JSON.parse(row.ids) as string[]) found.add(id)
    })
    if (found.size > cap) break
  }
  // Code-unit order is the database's: svc_uuid is text COLLATE "C".
  return [...found].sort().slice(0, cap + 1)
}
