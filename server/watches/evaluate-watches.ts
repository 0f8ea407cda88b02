/**
 * A load's events for every watch it touches (issue 41). Runs inside the load's own transaction,
 * right after the change log is written (load/write/write-county.ts calls it through the hook the
 * load CLI passes): the events commit with the data and its log or not at all, so no crash between
 * the two can lose a reload's events or tell of a load that was rolled back, and the old parcels
 * (land use, acreage) can still be read. Re-running the same reload finds no changes and adds
 * nothing; the unique (watch, parcel, kind, data version) key makes it so even if one did.
 */
import { ownerKey } from '../../contract/owner-key'
import type { Queryable } from '../db/database'
import { enqueueDeliveries } from './delivery-outbox'
import { type Fact, loadFacts } from './watch-facts'
import { areaMembersSql, specOf, type WatchRow, type WatchSpec } from './watches-repo'

export interface CommittingLoad {
  loadId: number
  version: string
  state_fp: string
  county_fp: string
  /** the county's old parcels, set aside for the comparison; null on a first load */
  oldTable: string | null
}

/** A fact as one watch's event: the fact's own fields, for that watch. */
type NewEvent = Pick<Fact, 'svc_uuid' | 'kind' | 'before' | 'after' | 'parcel_id' | 'situs'> & { watch_id: string }

interface MemberRow extends Record<string, unknown> {
  svc_uuid: string
  parcel_id: string | null
  situs: string | null
  owner: string | null
}

/** Writes the load's events; returns how many. */
export async function evaluateWatches(tx: Queryable, load: CommittingLoad): Promise<number> {
  const watches = await tx.query<WatchRow>('SELECT * FROM watches WHERE NOT paused ORDER BY id')
  if (watches.length === 0) return 0
  const [county] = await tx.query<{ state: string }>('SELECT state FROM change_loads WHERE id = $1', [load.loadId])
  const facts = await loadFacts(tx, {
    loadId: load.loadId,
    stateFp: load.state_fp,
    countyFp: load.county_fp,
    oldTable: load.oldTable,
  })
  const events: NewEvent[] = []
  const seen = new Set<string>()
  const add = (watch: WatchRow, e: Omit<NewEvent, 'watch_id'>) => {
    const k = `${watch.id}\u0000${e.svc_uuid}\u0000${e.kind}`
    if (seen.has(k)) return
    seen.add(k)
    events.push({ ...e, watch_id: watch.id })
  }
  const report = (watch: WatchRow, f: Fact) => {
    if (f.kind === 'value_changed' && (f.share ?? 0) <= Number(watch.value_share)) return
    add(watch, {
      svc_uuid: f.svc_uuid,
      kind: f.kind,
      before: f.before,
      after: f.after,
      parcel_id: f.parcel_id,
      situs: f.situs,
    })
  }
  for (const watch of watches) {
    const spec = specOf(watch)
    if (spec.kind === 'parcels') {
      const ids = new Set(spec.parcels)
      const hit = facts.filter((f) => f.ids.some((id) => ids.has(id)))
      for (const f of hit) report(watch, f)
      await followSuccessors(tx, watch, spec, hit)
    } else if (spec.kind === 'owner') {
      if (!county || !spec.states.includes(county.state)) continue
      const keys = new Set([spec.owner, ...spec.variants].map(ownerKey))
      for (const f of facts) if (f.owners.some((o) => keys.has(ownerKey(o)))) report(watch, f)
    } else {
      await evaluateArea(tx, load, watch, spec, facts, add, report)
    }
  }
  if (events.length === 0) return 0
  const rows = await tx.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO watch_events (watch_id, svc_uuid, kind, before, after, state_fp, county_fp, parcel_id, situs, data_version, at)
       SELECT e.watch_id, e.svc_uuid, e.kind, e.before, e.after, $2, $3, e.parcel_id, e.situs, $4, l.loaded_at
       FROM jsonb_to_recordset($1::jsonb) AS e(watch_id text, svc_uuid text, kind text, before jsonb, after jsonb,
                                                parcel_id text, situs text)
       JOIN change_loads l ON l.id = $5
       ORDER BY e.watch_id
       ON CONFLICT (watch_id, svc_uuid, kind, data_version) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [JSON.stringify(events), load.state_fp, load.county_fp, load.version, load.loadId],
  )
  // Their webhooks and e-mails are sent after the commit, from the outbox written here (delivery-outbox.ts).
  await enqueueDeliveries(tx, load.version, [...new Set(events.map((e) => e.watch_id))])
  return rows[0]?.n ?? 0
}

/**
 * `npm run load -- --delete`: in the delete's transaction, after the change log has listed the
 * county's parcels as removed and they are gone, every watch that covered one is told `removed`.
 */
export async function evaluateDeletedCounty(tx: Queryable, county: { state_fp: string; county_fp: string }) {
  const [load] = await tx.query<{ id: number; version: string }>(
    `SELECT id, version FROM change_loads WHERE state_fp = $1 AND county_fp = $2 AND kind = 'delete'
     ORDER BY id DESC LIMIT 1`,
    [county.state_fp, county.county_fp],
  )
  if (!load) return 0
  return evaluateWatches(tx, { loadId: Number(load.id), version: load.version, ...county, oldTable: null })
}

/**
 * A watched parcel that was split, merged or renumbered is watched on under its new ids: the watch
 * is of the land, and next year's changes come under those.
 */
async function followSuccessors(
  tx: Queryable,
  watch: WatchRow,
  spec: Extract<WatchSpec, { kind: 'parcels' }>,
  hit: readonly Fact[],
): Promise<void> {
  const moves = hit.filter((f) => f.kind === 'split_merged' || f.kind === 'removed')
  if (moves.length === 0) return
  const gone = new Set<string>()
  const added: string[] = []
  for (const f of moves) {
    if (f.kind === 'removed') continue
    for (const id of (f.before?.svc_uuids as string[]) ?? []) gone.add(id)
    added.push(...((f.after?.svc_uuids as string[]) ?? []))
  }
  if (gone.size === 0) return
  const parcels = [...new Set([...spec.parcels.filter((id) => !gone.has(id)), ...added])]
  await tx.query('UPDATE watches SET spec = $2::jsonb WHERE id = $1', [watch.id, JSON.stringify({ ...spec, parcels })])
}

/**
 * An area watch: the load's changes among its parcels (as they were, or as they are now), and the
 * parcels that entered or left the set its area and filters select within this county.
 */
async function evaluateArea(
  tx: Queryable,
  load: CommittingLoad,
  watch: WatchRow,
  spec: Extract<WatchSpec, { kind: 'area' }>,
  facts: readonly Fact[],
  add: (watch: WatchRow, e: Omit<NewEvent, 'watch_id'>) => void,
  report: (watch: WatchRow, f: Fact) => void,
): Promise<void> {
  const old = await tx.query<{ svc_uuid: string }>(
    'SELECT svc_uuid FROM watch_members WHERE watch_id = $1 AND state_fp = $2 AND county_fp = $3',
    [watch.id, load.state_fp, load.county_fp],
  )
  const params: unknown[] = [watch.id, load.state_fp, load.county_fp]
  const members = await tx.query<MemberRow>(
    `SELECT m.svc_uuid, p.parcel_id, p.situs, p.owner
     FROM (${areaMembersSql('$1', spec.filters, params, ' AND p.state_fp = $2 AND p.county_fp = $3')}) m
     JOIN parcels p ON p.svc_uuid = m.svc_uuid`,
    params,
  )
  const before = new Set(old.map((r) => r.svc_uuid))
  const now = new Map(members.map((m) => [m.svc_uuid, m]))
  for (const f of facts) if (f.ids.some((id) => before.has(id) || now.has(id))) report(watch, f)
  for (const m of members) {
    if (before.has(m.svc_uuid)) continue
    add(watch, {
      svc_uuid: m.svc_uuid,
      kind: 'entered_area',
      before: null,
      after: { owner: m.owner },
      parcel_id: m.parcel_id,
      situs: m.situs,
    })
  }
  const left = [...before].filter((id) => !now.has(id))
  if (left.length) {
    // Only parcels still there left the set; one gone from the county is told as removed or split.
    const still = await tx.query<MemberRow>(
      'SELECT svc_uuid, parcel_id, situs, owner FROM parcels WHERE svc_uuid = ANY($1::text[])',
      [left],
    )
    for (const m of still)
      add(watch, {
        svc_uuid: m.svc_uuid,
        kind: 'left_area',
        before: null,
        after: { owner: m.owner },
        parcel_id: m.parcel_id,
        situs: m.situs,
      })
  }
  await tx.query('DELETE FROM watch_members WHERE watch_id = $1 AND state_fp = $2 AND county_fp = $3', [
    watch.id,
    load.state_fp,
    load.county_fp,
  ])
  await tx.query(
    `INSERT INTO watch_members (watch_id, svc_uuid, state_fp, county_fp)
     SELECT $1, unnest($2::text[]), $3, $4`,
    [watch.id, [...now.keys()], load.state_fp, load.county_fp],
  )
}
