/**
 * What changed among a search's results since the data version a link was made against (issue 23),
 * from the server's change log (GET /changes, contract/changes.ts). Pure: the results' ids and the
 * log in, the notice's numbers and list out.
 *
 * A change belongs to these results when the parcel it is told about is one of them: its own id
 * (sold, new owner, value changed, reshaped, added, merged), or, for a split or a renumbering, one of
 * its successors (the old id is gone, the new ones are in the results). A parcel changed in several
 * loads counts once, as its strongest change (CHANGE_KINDS order). Removed parcels are not among the
 * results; in an area search those whose point lies in the areas are listed apart.
 */
import booleanIntersects from '@turf/boolean-intersects'
import type { Polygon } from 'geojson'
import { boxOf, isEmptyBox } from '../../../contract/bbox'
import { CHANGE_KINDS, type ChangeCounts, type ChangeKind, type ParcelChange } from '../../../contract/changes'
import type { Box } from '../../../contract/tile-math'
import type { DataStamp } from '../../state/data-stamp-slice'

export interface ChangedParcel {
  /** the change as logged (the strongest one, when the parcel changed in several loads) */
  change: ParcelChange
  /** every kind that applies, across loads */
  facets: ChangeKind[]
  /** result ids this change is about: the parcel itself, or a split's successors in the results */
  resultIds: string[]
}

export interface ChangesSummary {
  /** changes among the results, strongest kind first, then by parcel number */
  changed: ChangedParcel[]
  counts: ChangeCounts
  /** removed parcels whose point lies in the search areas (area searches only) */
  removed: ParcelChange[]
  /** when the log was too long to read whole: the numbers are a lower bound */
  truncated: boolean
}

/** The notice's state, kept by the workspace's changes flow. */
export type ChangesState =
  | { status: 'none' }
  | { status: 'loading'; since: DataStamp }
  | { status: 'ready'; since: DataStamp; summary: ChangesSummary; results: number }
  /** the server's log does not reach back to the link's version */
  | { status: 'unknown'; since: DataStamp }
  | { status: 'failed'; since: DataStamp; message: string }

/** What became of a parcel id that is no longer on the server. */
export interface ParcelFate {
  kind: 'split' | 'merged' | 'renumbered' | 'removed'
  /** the parcels that hold its land now */
  successors: string[]
  loadedAt: string
}

const rank = (k: ChangeKind) => CHANGE_KINDS.indexOf(k)

export function summarizeChanges(
  log: readonly ParcelChange[],
  resultIds: ReadonlySet<string>,
  areas: readonly Polygon[] | null,
  truncated = false,
): ChangesSummary {
  const byKey = new Map<string, ChangedParcel>()
  const removed = new Map<string, ParcelChange>()
  for (const c of log) {
    if (c.kind === 'removed') {
      if (areas && c.lon !== null && c.lat !== null && inAreas([c.lon, c.lat], areas)) removed.set(c.svc_uuid, c)
      continue
    }
    const successors = c.kind === 'split' || c.kind === 'renumbered'
    const ids = successors ? c.related.filter((id) => resultIds.has(id)) : resultIds.has(c.svc_uuid) ? [c.svc_uuid] : []
    if (ids.length === 0) continue
    const key = `${successors ? 'old' : 'new'}:${c.svc_uuid}`
    const seen = byKey.get(key)
    const facets = [...new Set([...(seen?.facets ?? []), ...c.facets, c.kind])].sort((a, b) => rank(a) - rank(b))
    const strongest = !seen || rank(c.kind) < rank(seen.change.kind) ? c : seen.change
    byKey.set(key, { change: strongest, facets, resultIds: [...new Set([...(seen?.resultIds ?? []), ...ids])] })
  }
  // A parcel removed in one load and back in a later one is not removed.
  for (const id of resultIds) removed.delete(id)
  const changed = [...byKey.values()].sort(
    (a, b) =>
      rank(a.change.kind) - rank(b.change.kind) || (a.change.parcel_id ?? '').localeCompare(b.change.parcel_id ?? ''),
  )
  const counts: ChangeCounts = {}
  for (const c of changed) counts[c.change.kind] = (counts[c.change.kind] ?? 0) + 1
  return { changed, counts, removed: [...removed.values()], truncated }
}

function inAreas(point: [number, number], areas: readonly Polygon[]): boolean {
  return areas.some((a) => booleanIntersects({ type: 'Point', coordinates: point }, a))
}

/** The box around the areas, for `bbox=` (the log's points are filtered on the server). */
export function areasBbox(areas: readonly Polygon[]): Box | null {
  const box = boxOf(...areas)
  return isEmptyBox(box) ? null : box
}
