/**
 * adjacent_acreage_sameowner: parcels that touch (or lie within ~0.1 m of each other, which absorbs
 * the slivers of digitised boundaries) and share a normalized owner name form a holding,
 * transitively; every parcel of it gets its total geodesic acres (from `_area`, derive-areas.ts),
 * each footprint counted once (a stack of units held by one owner is one piece of land). Parcels
 * without an owner get null.
 */
import type { Stage } from './stage-table'

/** Touching tolerance in degrees (~0.1 m). */
const TOUCH_TOLERANCE_DEG = 1e-6

export async function deriveAdjacency(stage: Stage): Promise<{ holdings: number }> {
  const t = stage.table
  const pairs = await stage.db.query<{ a: number[] | null; b: number[] | null }>(
    `SELECT array_agg(a.seq) AS a, array_agg(b.seq) AS b
     FROM ${t} a JOIN ${t} b
       ON ST_DWithin(a.geom, b.geom, ${TOUCH_TOLERANCE_DEG}) AND a.seq < b.seq
          -- Not "=": an equality lets the planner hash-join on owner names, which compares every pair of
          -- a common name's parcels (thousands for a city or a frequent name); this way each parcel
          -- probes the spatial index for its few neighbours and then compares names.
          AND a.owner_key IS NOT DISTINCT FROM b.owner_key
     WHERE a.rejected IS NULL AND b.rejected IS NULL AND a.owner_key IS NOT NULL`,
  )
  const as = pairs[0]?.a ?? []
  const bs = pairs[0]?.b ?? []
  // Parcels without a same-owner neighbour get their own acres when the county is written.
  if (as.length === 0) return { holdings: 0 }

  const uf = new UnionFind()
  for (let k = 0; k < as.length; k++) uf.union(as[k]!, bs[k]!)
  const members = [...uf.nodes()]
  const acres = new Map<number, { acres: number; footprint: string }>()
  for (let i = 0; i < members.length; i += 20_000) {
    const rows = await stage.db.query<{ seq: number; acres_calc: number; footprint: string }>(
      `SELECT s.seq, ar.acres AS acres_calc, s.footprint FROM ${t} s JOIN ${t}_area ar ON ar.seq = s.seq
       WHERE s.seq = ANY($1::int[])`,
      [members.slice(i, i + 20_000)],
    )
    for (const r of rows) acres.set(r.seq, { acres: r.acres_calc, footprint: r.footprint })
  }
  const totals = new Map<number, { sum: number; seen: Set<string> }>()
  for (const seq of members) {
    const root = uf.find(seq)
    const a = acres.get(seq)!
    const total = totals.get(root) ?? { sum: 0, seen: new Set<string>() }
    if (!total.seen.has(a.footprint)) {
      total.seen.add(a.footprint)
      total.sum += a.acres
    }
    totals.set(root, total)
  }
  for (let i = 0; i < members.length; i += 20_000) {
    const chunk = members.slice(i, i + 20_000)
    await stage.db.query(`INSERT INTO ${t}_adj (seq, acres) SELECT * FROM unnest($1::int[], $2::float8[])`, [
      chunk,
      chunk.map((s) => totals.get(uf.find(s))!.sum),
    ])
  }
  return { holdings: totals.size }
}

/** Union–find with path halving, over the parcels that have at least one same-owner neighbour. */
class UnionFind {
  private readonly parent = new Map<number, number>()
  find(x: number): number {
    let p = this.parent.get(x)
    if (p === undefined) {
      this.parent.set(x, x)
      return x
    }
    while (p !== x) {
      const gp = this.parent.get(p)!
      this.parent.set(x, gp)
      x = p
      p = this.parent.get(x)!
    }
    return x
  }
  union(a: number, b: number): void {
    const ra = this.find(a)
    const rb = this.find(b)
    if (ra !== rb) this.parent.set(ra, rb)
  }
  nodes(): IterableIterator<number> {
    return this.parent.keys()
  }
}
