/**
 * The read side of the change log (tables and writes: db/change-log-repo.ts, in the load's
 * own transaction). `since` is a data version `/coverage` reported: the log answers with every load
 * after the latest moment that version held, and their changed parcels, filtered and paged.
 */
import type { ChangeLoad, ChangesResponse, ParcelChange } from '../../contract/changes'
import { DATA_VERSION_SQL } from '../db/data-version-sql'
import type { Database } from '../db/database'

export interface ChangesQuery {
  since: string
  stateFp?: string
  countyFp?: string
  /** [west, south, east, north]: changes whose point lies inside */
  bbox?: [number, number, number, number]
  /** changes of this parcel: its own id, or a successor's or predecessor's */
  id?: string
  limit: number
  after: number
}

export type ChangesAnswer = { ok: true; body: ChangesResponse } | { ok: false; unknown: true; version: string }

interface LoadRow extends Record<string, unknown> {
  id: number
  state_fp: string
  county_fp: string
  state: string
  county: string
  kind: ChangeLoad['kind']
  previous_version: string
  version: string
  loaded_at: string | Date
  source: string
  parcels: number
  counts: Record<string, number> | string
}

interface ChangeRow extends Record<string, unknown> {
  id: string | number
  svc_uuid: string
  kind: ParcelChange['kind']
  facets: ParcelChange['facets']
  related: string[]
  state_fp: string
  county_fp: string
  version: string
  loaded_at: string | Date
  parcel_id: string | null
  situs: string | null
  lon: number | null
  lat: number | null
  before: ParcelChange['before'] | string
  after: ParcelChange['after'] | string
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v)

/**
 * The first load after `since`: after its latest load as the version left, or its latest load as
 * the version before (a version can come back: a county loaded and deleted again), whichever is later.
 */
const START = `SELECT greatest((SELECT max(id) + 1 FROM change_loads WHERE version = $1),
                               (SELECT max(id) FROM change_loads WHERE previous_version = $1)) AS start,
                      ${DATA_VERSION_SQL} AS current`

export function changesService(db: Database, { timeoutMs }: { timeoutMs: number }) {
  return {
    async changes(q: ChangesQuery, signal?: AbortSignal): Promise<ChangesAnswer> {
      const opts = { timeoutMs, signal }
      const [head] = await db.query<{ start: number | null; current: string }>(START, [q.since], opts)
      const current = head?.current ?? 'empty'
      const start = head?.start ?? null
      if (start === null) {
        // The version now, never superseded (or from before the log existed): nothing changed since.
        if (q.since === current)
          return { ok: true, body: { since: q.since, version: current, loads: [], changes: [], next: null } }
        return { ok: false, unknown: true, version: current }
      }
      const params: unknown[] = []
      const p = (v: unknown) => `$${params.push(v)}`
      const where = [`l.id >= ${p(start)}`]
      if (q.stateFp) where.push(`l.state_fp = ${p(q.stateFp)}`)
      if (q.countyFp) where.push(`l.county_fp = ${p(q.countyFp)}`)
      const loads = await db.query<LoadRow>(
        `SELECT l.* FROM change_loads l WHERE ${where.join(' AND ')} ORDER BY l.id`,
        params,
        opts,
      )
      if (q.bbox) {
        const [w, s, e, n] = q.bbox
        where.push(`c.lon BETWEEN ${p(w)} AND ${p(e)} AND c.lat BETWEEN ${p(s)} AND ${p(n)}`)
      }
      if (q.id) where.push(`(c.svc_uuid = ${p(q.id)} OR c.related @> ARRAY[${p(q.id)}]::text[])`)
      where.push(`c.id > ${p(q.after)}`)
      const rows = await db.query<ChangeRow>(
        `SELECT c.id, c.svc_uuid, c.kind, c.facets, c.related, l.state_fp, l.county_fp, l.version, l.loaded_at,
                c.parcel_id, c.situs, c.lon, c.lat, c.before, c.after
         FROM parcel_changes c JOIN change_loads l ON l.id = c.load_id
         WHERE ${where.join(' AND ')} ORDER BY c.id LIMIT ${p(q.limit + 1)}`,
        params,
        opts,
      )
      const page = rows.slice(0, q.limit)
      return {
        ok: true,
        body: {
          since: q.since,
          version: current,
          loads: loads.map(toLoad),
          changes: page.map(toChange),
          next: rows.length > q.limit ? Number(page.at(-1)!.id) : null,
        },
      }
    },
  }
}
export type ChangesService = ReturnType<typeof changesService>

const toLoad = (r: LoadRow): ChangeLoad => ({
  state_fp: r.state_fp,
  county_fp: r.county_fp,
  state: r.state,
  county: r.county,
  kind: r.kind,
  previous_version: r.previous_version,
  version: r.version,
  loaded_at: new Date(r.loaded_at).toISOString(),
  source: r.source,
  parcels: Number(r.parcels),
  counts: json(r.counts),
})

const toChange = (r: ChangeRow): ParcelChange => ({
  id: Number(r.id),
  svc_uuid: r.svc_uuid,
  kind: r.kind,
  facets: r.facets,
  related: r.related,
  state_fp: r.state_fp,
  county_fp: r.county_fp,
  version: r.version,
  loaded_at: new Date(r.loaded_at).toISOString(),
  parcel_id: r.parcel_id,
  situs: r.situs,
  lon: r.lon,
  lat: r.lat,
  before: r.before === null ? null : json(r.before),
  after: r.after === null ? null : json(r.after),
})
