/**
 * What changed on a reload (issue 23): our server's extension `GET /changes?since=<version>` (docs/api.md
 * "What changed on reload"). Every load writes, in the transaction that replaces the county, one
 * entry per changed parcel; `since` is the data version `/coverage` reported when a search ran.
 * Other servers answer 404: the app then says nothing about changes.
 */
import { z } from 'zod'

/**
 * One parcel's change in one load, by precedence: a parcel that is split and sold is "split", one
 * sold to a new owner is "sold" (`facets` lists every change that applies).
 * - added / removed: a parcel id new to the county, or gone, that no overlap explains;
 * - split: an old parcel whose land now lies in two or more parcels (`related`: the successors,
 *   keyed by the old id); merged: a new parcel holding most of two or more old ones (`related`: the
 *   predecessors, keyed by the new id); renumbered: the same land under a new id (`related`: the new
 *   id, keyed by the old one);
 * - sold: a new sale date or price; new_owner: another owner name (case, punctuation, spacing and a
 *   trailing ET AL ignored); value_changed: another `parcel_value`; reshaped: the same id with a
 *   boundary that moved by more than 1 % of its area.
 */
export const CHANGE_KINDS = [
  'split',
  'merged',
  'renumbered',
  'added',
  'removed',
  'sold',
  'new_owner',
  'value_changed',
  'reshaped',
] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]

export const CHANGE_LABELS: Record<ChangeKind, { one: string; many: string }> = {
  split: { one: 'split', many: 'split' },
  merged: { one: 'merged', many: 'merged' },
  renumbered: { one: 'renumbered', many: 'renumbered' },
  added: { one: 'new parcel', many: 'new parcels' },
  removed: { one: 'removed', many: 'removed' },
  sold: { one: 'sold', many: 'sold' },
  new_owner: { one: 'new owner', many: 'new owners' },
  value_changed: { one: 'value changed', many: 'values changed' },
  reshaped: { one: 'boundary changed', many: 'boundaries changed' },
}

export type ChangeCounts = Partial<Record<ChangeKind, number>>

/** "2 sold, 1 new owner, 1 split", in precedence order, kinds with no parcel left out. */
export function changeCountsText(counts: ChangeCounts): string {
  return CHANGE_KINDS.filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => {
      const n = counts[k] ?? 0
      return `${n.toLocaleString('en-US')} ${n === 1 ? CHANGE_LABELS[k].one : CHANGE_LABELS[k].many}`
    })
    .join(', ')
}

/** The values a change compares, before and after (absent ones are null). */
const SnapshotSchema = z.object({
  owner: z.string().nullable().optional(),
  sale_date: z.string().nullable().optional(),
  sale_price: z.number().nullable().optional(),
  parcel_value: z.number().nullable().optional(),
})
export type ChangeSnapshot = z.infer<typeof SnapshotSchema>

const ChangeSchema = z.object({
  /** the change's position in the log: `after=` pages on from it */
  id: z.int(),
  svc_uuid: z.string(),
  kind: z.enum(CHANGE_KINDS),
  facets: z.array(z.enum(CHANGE_KINDS)),
  /** successors (split, renumbered) or predecessors (merged) */
  related: z.array(z.string()),
  state_fp: z.string(),
  county_fp: z.string(),
  /** the data version the change came with, and when */
  version: z.string(),
  loaded_at: z.string(),
  parcel_id: z.string().nullable(),
  situs: z.string().nullable(),
  /** a point of the parcel (its box's centre; the old parcel's for removed, split and renumbered) */
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  before: SnapshotSchema.nullable(),
  after: SnapshotSchema.nullable(),
})
export type ParcelChange = z.infer<typeof ChangeSchema>

const LoadSchema = z.object({
  state_fp: z.string(),
  county_fp: z.string(),
  state: z.string(),
  county: z.string(),
  /** a county loaded for the first time, loaded again, or deleted */
  kind: z.enum(['first', 'reload', 'delete']),
  previous_version: z.string(),
  version: z.string(),
  loaded_at: z.string(),
  source: z.string(),
  parcels: z.int(),
  counts: z.record(z.string(), z.int()),
})
export type ChangeLoad = z.infer<typeof LoadSchema>

export const ChangesResponseSchema = z.object({
  since: z.string(),
  /** the data version now */
  version: z.string(),
  /** the loads after `since` (oldest first), within the state/county asked for */
  loads: z.array(LoadSchema),
  /** the changed parcels of those loads, oldest first, at most `limit` of them */
  changes: z.array(ChangeSchema),
  /** pass as `after=` for the next page; null on the last page */
  next: z.int().nullable(),
})
export type ChangesResponse = z.infer<typeof ChangesResponseSchema>

/** A data version as `/coverage` writes it (a digest, or "empty"): what `since` may be. */
export const DATA_VERSION_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
/** Changes per page: default and most. */
export const CHANGES_PAGE = { default: 1000, max: 5000 } as const
