/**
 * What one load changed, parcel by parcel, in the terms watches report (contract/watches): read from
 * the load's change log rows and, for land use and acreage, which the log does not compare, from the
 * old and new parcels side by side while the load's transaction still holds the old ones.
 */
import type { WatchEventKind } from '../../contract/watches/watch-schemas'
import type { Queryable } from '../db/database'

export interface Fact {
  svc_uuid: string
  kind: WatchEventKind
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  parcel_id: string | null
  situs: string | null
  /** every id a parcel watch may know this parcel by (old and new ids of a split or merge) */
  ids: string[]
  /** the owner before and after, for owner watches */
  owners: (string | null)[]
  /** value_changed: the change as a share of the old value */
  share?: number
}

type Snapshot = {
  owner?: string | null
  sale_date?: string | null
  sale_price?: number | null
  parcel_value?: number | null
}

interface ChangeRow extends Record<string, unknown> {
  svc_uuid: string
  kind: string
  facets: string[]
  related: string[]
  parcel_id: string | null
  situs: string | null
  before: Snapshot | string | null
  after: Snapshot | string | null
}

interface SideRow extends Record<string, unknown> {
  svc_uuid: string
  old_owner: string | null
  new_owner: string | null
  parcel_id: string | null
  situs: string | null
  old_class: string | null
  new_class: string | null
  old_acres: number
  new_acres: number
}

const json = (v: Snapshot | string | null): Snapshot | null => (typeof v === 'string' ? (JSON.parse(v) as Snapshot) : v)
const acres = (a: number) => Math.round(a * 1000) / 1000
const ACRE_M2 = 4046.8564224

export async function loadFacts(
  tx: Queryable,
  load: { loadId: number; stateFp: string; countyFp: string; oldTable: string | null },
): Promise<Fact[]> {
  const changes = await tx.query<ChangeRow>(
    'SELECT svc_uuid, kind, facets, related, parcel_id, situs, before, after FROM parcel_changes WHERE load_id = $1 ORDER BY id',
    [load.loadId],
  )
  // Same ids on both sides whose land-use class or boundary differ (the log compares neither class nor acres).
  const sides = load.oldTable
    ? await tx.query<SideRow>(
        `SELECT o.svc_uuid, o.owner AS old_owner, n.owner AS new_owner, n.parcel_id, n.situs,
                o.land_use_class AS old_class, n.land_use_class AS new_class,
                ST_Area(o.geom::geography) / ${ACRE_M2} AS old_acres, ST_Area(n.geom::geography) / ${ACRE_M2} AS new_acres
         FROM ${load.oldTable} o JOIN parcels n ON n.svc_uuid = o.svc_uuid
         WHERE n.state_fp = $1 AND n.county_fp = $2
           AND (o.land_use_class IS DISTINCT FROM n.land_use_class OR NOT ST_OrderingEquals(o.geom, n.geom))`,
        [load.stateFp, load.countyFp],
      )
    : []
  const side = new Map(sides.map((s) => [s.svc_uuid, s]))
  const facts: Fact[] = []
  for (const c of changes) {
    const before = json(c.before)
    const after = json(c.after)
    const base = {
      svc_uuid: c.svc_uuid,
      parcel_id: c.parcel_id,
      situs: c.situs,
      ids: [c.svc_uuid],
      owners: [before?.owner ?? null, after?.owner ?? null],
    }
    if (c.facets.includes('new_owner'))
      facts.push({
        ...base,
        kind: 'owner_changed',
        before: { owner: before?.owner ?? null },
        after: { owner: after?.owner ?? null },
      })
    if (c.facets.includes('sold'))
      facts.push({
        ...base,
        kind: 'sold',
        before: { sale_date: before?.sale_date ?? null, sale_price: before?.sale_price ?? null },
        after: { sale_date: after?.sale_date ?? null, sale_price: after?.sale_price ?? null },
      })
    if (c.facets.includes('value_changed')) {
      const b = before?.parcel_value ?? null
      const a = after?.parcel_value ?? null
      const share = b === null || a === null || b === 0 ? Number.POSITIVE_INFINITY : Math.abs(a - b) / Math.abs(b)
      facts.push({ ...base, kind: 'value_changed', before: { parcel_value: b }, after: { parcel_value: a }, share })
    }
    const s = side.get(c.svc_uuid)
    if (c.facets.includes('reshaped') && s)
      facts.push({
        ...base,
        kind: 'acreage_changed',
        before: { acres: acres(s.old_acres) },
        after: { acres: acres(s.new_acres) },
      })
    if (c.kind === 'split' || c.kind === 'renumbered' || c.kind === 'merged') {
      const olds = c.kind === 'merged' ? c.related : [c.svc_uuid]
      const news = c.kind === 'merged' ? [c.svc_uuid] : c.related
      facts.push({
        ...base,
        ids: [c.svc_uuid, ...c.related],
        kind: 'split_merged',
        before: { change: c.kind, svc_uuids: olds },
        after: { change: c.kind, svc_uuids: news },
      })
    }
    if (c.kind === 'removed')
      facts.push({ ...base, kind: 'removed', before: before ? { ...before } : null, after: null })
  }
  for (const s of sides) {
    if (s.old_class === s.new_class) continue
    facts.push({
      svc_uuid: s.svc_uuid,
      kind: 'land_use_changed',
      before: { land_use_class: s.old_class },
      after: { land_use_class: s.new_class },
      parcel_id: s.parcel_id,
      situs: s.situs,
      ids: [s.svc_uuid],
      owners: [s.old_owner, s.new_owner],
    })
  }
  return facts
}
