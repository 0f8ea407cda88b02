import type { Adjacency } from './adjacency'
import { Rng } from './prng'
import { Kind, type SiteTable } from './site-table'

/** What kind of holding an owner was created for; names and owner types are drawn per class. */
export const OwnerClass = { FARM: 0, HOME: 1, BUSINESS: 2, CIVIC: 3, CONDO: 4 } as const
export type OwnerClass = (typeof OwnerClass)[keyof typeof OwnerClass]

export interface Ownership {
  /** Owner id of each site (condo sites: the owner of the first unit; later units get fresh ids). */
  readonly owner: Int32Array
  readonly ownerClass: Uint8Array
  /** First owner id free for condo units beyond the first. */
  readonly condoBase: number
  /**
   * Which of its owner's holdings each site is in (0 = the owner's first): a farm operator's later
   * farms were bought by other deeds, which the roll may spell differently (owner-spellings.ts).
   */
  readonly holding: Int32Array
  /** Farm owners taken over by a multi-county roster owner (owner-roster.ts), set after assignment. */
  roster?: ReadonlyMap<number, { readonly owner: number; readonly holding: number }>
}

const classOf = (kind: number): OwnerClass =>
  kind === Kind.RURAL
    ? OwnerClass.FARM
    : kind === Kind.RESIDENTIAL
      ? OwnerClass.HOME
      : kind === Kind.COMMERCIAL
        ? OwnerClass.BUSINESS
        : kind === Kind.CIVIC
          ? OwnerClass.CIVIC
          : OwnerClass.CONDO

/**
 * Hands out owners the way land is held: starting from sites in random order, each new owner takes
 * a holding of several neighbouring sites of the same kind (a farm of a few fields, a house with the
 * empty lot next door). A few farm operators also hold scattered farms.
 */
export function assignOwners(sites: SiteTable, adj: Adjacency, key: number): Ownership {
  const n = sites.size
  const rng = new Rng(key, 0x0ae1)
  const start = new Int32Array(n + 1)
  for (let k = 0; k < adj.pairs.length; k++) start[adj.pairs[k]! + 1]!++
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!
  const fill = start.slice(0, n)
  const next = new Int32Array(adj.pairs.length)
  for (let k = 0; k < adj.pairs.length; k += 2) {
    const a = adj.pairs[k]!
    const b = adj.pairs[k + 1]!
    next[fill[a]!++] = b
    next[fill[b]!++] = a
  }

  const owner = new Int32Array(n).fill(-1)
  const holding = new Int32Array(n)
  const held = new Int32Array(n + 1)
  const ownerClass = new Uint8Array(n + 1)
  const operators: number[] = []
  let owners = 0
  const queue = new Int32Array(n)
  for (const seed of shuffled(n, rng)) {
    if (owner[seed] !== -1) continue
    const kind = sites.kind[seed]!
    const cls = classOf(kind)
    const size = holdingSize(cls, rng)
    let id: number
    if (cls === OwnerClass.FARM && operators.length > 0 && rng.chance(0.06)) id = rng.pick(operators)
    else {
      id = owners++
      ownerClass[id] = cls
      if (cls === OwnerClass.FARM && operators.length < 24 && rng.chance(0.02)) operators.push(id)
    }
    const nth = held[id]!++
    // Breadth-first over neighbours of the same kind, so a holding is one contiguous piece.
    let head = 0
    let tail = 0
    queue[tail++] = seed
    owner[seed] = id
    holding[seed] = nth
    let taken = 1
    while (head < tail && taken < size) {
      const s = queue[head++]!
      for (let k = start[s]!; k < start[s + 1]! && taken < size; k++) {
        const t = next[k]!
        if (owner[t] !== -1 || sites.kind[t] !== kind) continue
        owner[t] = id
        holding[t] = nth
        queue[tail++] = t
        taken++
      }
    }
  }
  return { owner, ownerClass, condoBase: owners, holding }
}

function holdingSize(cls: OwnerClass, rng: Rng): number {
  switch (cls) {
    case OwnerClass.FARM:
      return rng.geometric(0.35, 12)
    case OwnerClass.HOME:
      return rng.chance(0.9) ? 1 : rng.int(2, 3)
    case OwnerClass.BUSINESS:
      return rng.int(1, 3)
    default:
      return 1
  }
}

/** A deterministic permutation of 0..n-1 (Fisher–Yates). */
function shuffled(n: number, rng: Rng): Int32Array {
  const a = new Int32Array(n)
  for (let i = 0; i < n; i++) a[i] = i
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1))
    const t = a[i]!
    a[i] = a[j]!
    a[j] = t
  }
  return a
}
