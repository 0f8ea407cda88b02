/**
 * Seeded randomness for the demo data. Every random decision is drawn from an `Rng` keyed by what it
 * is about (seed, county, section, site…), never from a shared stream, so a value does not depend on
 * the order things were generated in or on batch boundaries. Math.random and clocks are never used:
 * the same options must give byte-identical output.
 */

/** murmur3's 32-bit finalizer: a bijection on uint32, so distinct inputs never collide. */
function mix32(x: number): number {
  let h = x >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/** Hashes a list of integers (each taken mod 2^32) to one uint32. */
export function hashInts(...keys: number[]): number {
  let h = 0x811c9dc5
  for (const k of keys) h = mix32(h ^ mix32((k | 0) + 0x9e3779b9))
  return h
}

/** A uniform number in [0, 1) from integer keys, for one-off decisions that need no stream. */
export const hashUnit = (...keys: number[]): number => hashInts(...keys) / 4294967296

/** sfc32 (Chris Doty-Humphrey's small fast counting generator): 128-bit state, good statistics. */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  /** Keys go into the state whole (no 32-bit funnel), so streams for distinct keys do not repeat. */
  constructor(...keys: number[]) {
    this.a = hashInts(0x1234, ...keys)
    this.b = hashInts(0x5678, ...keys)
    this.c = hashInts(0x9abc, ...keys)
    this.d = 1
    for (let i = 0; i < 12; i++) this.uint32()
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }

  range(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo)
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** Index drawn with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0
    for (const w of weights) total += w
    let r = this.next() * total
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] as number
      if (r < 0) return i
    }
    return weights.length - 1
  }

  /** Standard normal (Box–Muller); used for log-normal price noise. */
  normal(): number {
    const u = 1 - this.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next())
  }

  /** Geometric count ≥ 1 with mean ≈ 1/p, capped. */
  geometric(p: number, cap: number): number {
    let n = 1
    while (n < cap && !this.chance(p)) n++
    return n
  }
}
