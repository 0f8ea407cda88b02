/**
 * How a reloaded county's parcels relate to the old ones where ids or boundaries changed (issue 23):
 * split, merged, renumbered, added, removed or reshaped, decided from the areas of overlap PostGIS
 * measured between the old and new boundaries (compare-county.ts). Pure, unit-tested on hand-made
 * overlaps.
 *
 * A new parcel "came from" an old one when at least half of the new one's area lies in it; an old
 * parcel "went into" a new one when at least half of the old one's area lies in it. Slivers along
 * shared edges (re-digitised lines) never reach half, so neighbours are not mistaken for successors.
 * - split: an old parcel that two or more new parcels came from (its id may live on in one of them);
 * - merged: a new parcel that two or more old parcels went into;
 * - renumbered: an old id gone and a new id added for what is the same land both ways;
 * - removed / added: an id gone or new that no overlap explains;
 * - reshaped: an id on both sides whose old and new boundaries share less than 99 % of the larger.
 */

export interface Side {
  id: string
  /** any unit, the same on both sides (square degrees is fine: only ratios are used) */
  area: number
  /** the id is on both sides (its boundary moved); otherwise it is only on this side */
  both: boolean
}

export interface Overlap {
  old: string
  new: string
  area: number
}

export type StructureKind = 'split' | 'merged' | 'renumbered' | 'added' | 'removed' | 'reshaped'

export interface StructureChange {
  kind: StructureKind
  id: string
  /** successors (split, renumbered) or predecessors (merged) */
  related: string[]
  /** which boundary the change is told from: the old one for split, renumbered and removed */
  side: 'old' | 'new'
}

/** Share of a parcel's area that makes it a piece of (or a part of) another. */
const MOSTLY = 0.5
/** A boundary moved when old and new share less than this share of the larger. */
const SAME_SHAPE = 0.99

export function classifyStructure(olds: readonly Side[], news: readonly Side[], overlaps: readonly Overlap[]) {
  const oldArea = new Map(olds.map((s) => [s.id, s.area]))
  const newArea = new Map(news.map((s) => [s.id, s.area]))
  const pieces = new Map<string, string[]>()
  const parents = new Map<string, string[]>()
  const shared = new Map<string, number>()
  for (const o of overlaps) {
    const a = oldArea.get(o.old)
    const b = newArea.get(o.new)
    if (a === undefined || b === undefined) continue
    if (o.old === o.new) shared.set(o.old, o.area)
    if (o.area >= MOSTLY * b) pieces.set(o.old, [...(pieces.get(o.old) ?? []), o.new])
    if (o.area >= MOSTLY * a) parents.set(o.new, [...(parents.get(o.new) ?? []), o.old])
  }
  const out: StructureChange[] = []
  const usedOld = new Set<string>()
  const usedNew = new Set<string>()
  for (const s of olds) {
    const p = pieces.get(s.id) ?? []
    if (p.length < 2) continue
    out.push({ kind: 'split', id: s.id, related: [...p].sort(), side: 'old' })
    usedOld.add(s.id)
    for (const n of p) usedNew.add(n)
  }
  for (const s of news) {
    const p = parents.get(s.id) ?? []
    if (p.length < 2) continue
    out.push({ kind: 'merged', id: s.id, related: [...p].sort(), side: 'new' })
    usedNew.add(s.id)
    for (const o of p) usedOld.add(o)
  }
  for (const s of olds) {
    if (s.both || usedOld.has(s.id)) continue
    const [n, ...more] = pieces.get(s.id) ?? []
    const back = n === undefined ? [] : (parents.get(n) ?? [])
    const fresh = n !== undefined && !usedNew.has(n) && news.some((x) => x.id === n && !x.both)
    if (fresh && more.length === 0 && back.length === 1 && back[0] === s.id) {
      out.push({ kind: 'renumbered', id: s.id, related: [n], side: 'old' })
      usedOld.add(s.id)
      usedNew.add(n)
    } else {
      out.push({ kind: 'removed', id: s.id, related: [], side: 'old' })
    }
  }
  for (const s of news) {
    if (usedNew.has(s.id)) continue
    if (!s.both) out.push({ kind: 'added', id: s.id, related: [], side: 'new' })
    else if (!usedOld.has(s.id)) {
      const larger = Math.max(s.area, oldArea.get(s.id) ?? 0)
      if ((shared.get(s.id) ?? 0) < SAME_SHAPE * larger)
        out.push({ kind: 'reshaped', id: s.id, related: [], side: 'new' })
    }
  }
  return out
}
