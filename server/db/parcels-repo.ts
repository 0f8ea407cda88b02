/**
 * The parcel endpoints' reads (area, query, point, address) in SQL, behind one interface: routes
 * never write SQL, and both backends answer the same queries.
 */
import type { Polygon } from 'geojson'
import type { FilterItem, ParsedQueryRequest } from '../../contract/schemas'
import { searchArea } from './area-search'
import { loadedStates } from './area-states'
import { type CountMemo, countMemo } from './count-memo'
import { DATA_VERSION_SQL } from './data-version-sql'
import type { Database, QueryOptions } from './database'
import { buildWhere, escapeLike, statesCondition } from './filter-sql'
import { column } from './parcel-columns'
import { parcelDensity } from './parcel-density'
import { statesOfIds } from './parcel-id-states'
import { recordColumns, toRecords } from './record-sql'

/** Rows come back as JSON text; the HTTP layer splices them into the response body unparsed. */
export interface RecordPage {
  records: string[]
  count: number
}

/**
 * What a request hands down: its signal (the client hung up), and for heavy work whose it is (the
 * key: owners take turns on the embedded database). The statement limit comes from the repo.
 */
export type RequestScope = Pick<QueryOptions, 'signal' | 'heavyFor'>

export interface ParcelsRepo {
  /**
   * UUIDs of parcels intersecting any of the polygons (their union: overlapping polygons count a
   * parcel once), ascending; at most `cap + 1` so callers can detect overflow. Run in pieces of
   * bounded cost (area-search.ts); AreaTooExpensiveError when it would examine far too many parcels.
   */
  idsInArea(polygons: readonly Polygon[], cap: number, scope?: RequestScope): Promise<string[]>
  query(q: ParsedQueryRequest, scope?: RequestScope): Promise<RecordPage>
  atPoint(lon: number, lat: number, limit: number, includeBuildings: boolean, scope?: RequestScope): Promise<string[]>
  byAddress(
    address: string,
    opts: { limit: number; state?: string | undefined; countyFp?: string | undefined; includeBuildings: boolean },
    scope?: RequestScope,
  ): Promise<string[]>
  countParcels(): Promise<number>
}

/** The filter that names the page's parcels by id (`svc_uuid` eq or in), if any. */
const idList = (filters: readonly FilterItem[]) =>
  filters.find((f) => f.field === 'svc_uuid' && (f.op === 'eq' || f.op === 'in'))

/**
 * `timeoutMs`: the longest any one statement of a request may run (STATEMENT_TIMEOUT_MS).
 * `counts`: where later pages of a query find its total (count-memo.ts; a new one by default);
 * null for benches that time the count itself.
 */
export function parcelsRepo(
  db: Database,
  { timeoutMs, counts = countMemo() }: { timeoutMs: number; counts?: CountMemo | null },
): ParcelsRepo {
  const limits = (scope: RequestScope = {}): QueryOptions => ({
    signal: scope.signal,
    heavyFor: scope.heavyFor,
    timeoutMs,
  })
  const density = parcelDensity(db)
  /**
   * An id page (`svc_uuid` eq or in, no state filter) on PostgreSQL names the states of its ids, as
   * a bound constant the planner prunes partitions by (parcel-id-states.ts says why); '' when there
   * is nothing to name or an id is unknown.
   */
  async function idStatesHint(filters: readonly FilterItem[], params: unknown[], opts: QueryOptions) {
    if (db.kind !== 'postgres' || filters.some((f) => f.field === 'state')) return ''
    const ids = idList(filters)
    if (!ids) return ''
    const states = await statesOfIds(
      db,
      ids.op === 'eq' ? [String(ids.value)] : (ids.value as unknown[]).map(String),
      opts,
    )
    return states ? statesCondition(states, params) : ''
  }
  return {
    idsInArea: (polygons, cap, scope = {}) =>
      searchArea(db, density, polygons, cap, { signal: scope.signal, heavyFor: scope.heavyFor, timeoutMs }),

    async query(q, scope) {
      const params: unknown[] = []
      const where = buildWhere(q.filters, params) + (await idStatesHint(q.filters, params, limits(scope)))
      const order = q.order
        ? `${column(q.order.field)} ${q.order.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST'}, p.svc_uuid ASC`
        : 'p.svc_uuid ASC'
      const page = (version: boolean) =>
        db.query<{ r: string; b?: string; v?: string }>(
          `SELECT ${recordColumns(q.include_buildings)}${version ? `, ${DATA_VERSION_SQL} AS v` : ''}
           FROM parcels p WHERE ${where}
           ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, q.limit, q.offset],
          limits(scope),
        )
      // A later page of a query counted before (count-memo.ts): its total, if the page reads the same
      // data. Not for id pages: their count is bounded by their list, never worth keying 20,000 ids.
      const memo = idList(q.filters) ? null : counts
      const key = memo?.keyOf(where, params)
      const remembered = key === undefined ? undefined : memo?.get(key)
      if (remembered && q.offset < remembered.count) {
        const rows = await page(true)
        if (rows[0]?.v === remembered.version) return { records: toRecords(rows), count: remembered.count }
      }
      const t0 = performance.now()
      const [counted] = await db.query<{ n: number; v?: string }>(
        `SELECT count(*)::int AS n${memo ? `, ${DATA_VERSION_SQL} AS v` : ''} FROM parcels p WHERE ${where}`,
        params,
        limits(scope),
      )
      const count = counted?.n ?? 0
      if (key !== undefined && counted?.v !== undefined)
        memo?.remember(key, { count, version: counted.v }, performance.now() - t0)
      if (count === 0 || q.offset >= count) return { records: [], count }
      return { records: toRecords(await page(false)), count }
    },

    async atPoint(lon, lat, limit, includeBuildings, scope) {
      // On PostgreSQL `parcels` is partitioned by state (parcel-partitions.ts): the point names the
      // states whose loaded counties' extents hold it, as constants (area-states.ts says why), so
      // only their partitions' spatial indexes are read — without, a point at 5,000,000 parcels in 50
      // states took 4.4× its time at 100,000 (BENCHMARKS, "At state size"). The embedded table is one.
      const at: [number, number, number, number] = [lon, lat, lon, lat]
      const states = db.kind === 'postgres' ? (await loadedStates(db, at, limits(scope))).condition(at) : 'true'
      const rows = await db.query<{ r: string; b?: string }>(
        `SELECT ${recordColumns(includeBuildings)} FROM parcels p
         WHERE ST_Intersects(p.geom, ST_SetSRID(ST_MakePoint($1, $2), 4326)) AND ${states}
         ORDER BY p.svc_uuid LIMIT $3`,
        [lon, lat, limit],
        limits(scope),
      )
      return toRecords(rows)
    },

    async byAddress(address, opts, scope) {
      const { sql, params } = addressLookup(address, opts)
      return toRecords(
        await db.query<{ r: string; b?: string }>(sql, params, { ...limits(scope), indexPathsOnly: true }),
      )
    },

    async countParcels() {
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM parcels')
      return rows[0]?.n ?? 0
    },
  }
}

/**
 * The most candidates each of the address lookup's two tests (every word contained; fuzzy word
 * similarity) hands to the ranking. The trigram index finds them; a text that matches more (a
 * city, a ZIP code, "MAIN") would otherwise have every one read and scored, and at that count
 * PostgreSQL's planner scans the whole table instead (issue 39: at 20,000 demo parcels "50010",
 * "MAIN" and a whole address each planned a Seq Scan). The first this many found are ranked; a
 * specific address matches far fewer, so its ranking is unchanged.
 */
export const ADDRESS_CANDIDATES = 1_000

/** The most words the substring test names (the longest first; fewer only widens its candidates). */
const ADDRESS_WORDS = 6

/**
 * The substring test's ILIKE patterns: one per word of 3 or more letters or digits in the text
 * (at most ADDRESS_WORDS, the longest), each matched anywhere and in any order. Shorter words, and
 * punctuation or emoji, give the trigram index nothing to find candidates by, so a test that needs
 * them ("FRESNO, CA", "FRESNO 😀", "93721 FRESNO" as one substring) had the index hand over every
 * parcel with FRESNO for a recheck that threw each away — heap reads as many as the word is
 * common, which no LIMIT bounds. A word the index finds is one the recheck keeps.
 */
function addressWords(address: string): string[] {
  const words = [...new Set(address.match(/[\p{L}\p{N}]{3,}/gu) ?? [])]
  return words.sort((a, b) => b.length - a.length).slice(0, ADDRESS_WORDS)
}

/**
 * The address lookup's statement and parameters, as byAddress sends them (exported so a test can
 * EXPLAIN exactly this: address-plan.db.test.ts). Word similarity ranks "1204 w main"
 * against "1204 W MAIN ST AMES IA 50010"; the trigram index answers the `<%` and ILIKE tests. With
 * `indexPathsOnly` (the options byAddress sends it with) PostgreSQL reaches `parcels` only through
 * that index, and each branch's LIMIT stops its heap reads at ADDRESS_CANDIDATES matches.
 */
export function addressLookup(
  address: string,
  {
    limit,
    state,
    countyFp,
    includeBuildings,
  }: { limit: number; state?: string | undefined; countyFp?: string | undefined; includeBuildings: boolean },
): { sql: string; params: unknown[] } {
  const columns = `p.svc_uuid, p.address_text, p.record${includeBuildings ? ', p.buildings' : ''}`
  const scope = '($2::text IS NULL OR p.state = $2) AND ($3::text IS NULL OR p.county_fp = $3)'
  // No substring test without a word to find candidates by ("a-b c"): the index would hand over
  // every parcel to the recheck.
  const words = addressWords(address)
  const fuzzy = `SELECT ${columns} FROM parcels p WHERE $1 <% p.address_text AND ${scope} LIMIT ${ADDRESS_CANDIDATES}`
  const contains = words.map((_, k) => `p.address_text ILIKE $${5 + k} ESCAPE '\\'`).join(' AND ')
  const candidates =
    words.length > 0
      ? `(SELECT ${columns} FROM parcels p WHERE ${contains} AND ${scope} LIMIT ${ADDRESS_CANDIDATES})
         UNION ALL (${fuzzy})`
      : fuzzy
  const params = [address, state ?? null, countyFp ?? null, limit]
  return {
    // A parcel both tests find comes once (DISTINCT ON); then the best-ranked first.
    sql: `SELECT ${recordColumns(includeBuildings)} FROM (
           SELECT DISTINCT ON (c.svc_uuid) c.* FROM (${candidates}) c ORDER BY c.svc_uuid
         ) p
         ORDER BY word_similarity($1, p.address_text) DESC, similarity($1, p.address_text) DESC, p.svc_uuid
         LIMIT $4`,
    params: [...params, ...words.map((w) => `%${escapeLike(w)}%`)],
  }
}
