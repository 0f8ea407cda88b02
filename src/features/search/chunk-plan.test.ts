import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chunkSizeFor, laterOffsets, pagesFor, REACHABLE, splitEvenly, splitOverflow } from './chunk-plan'

describe('chunk arithmetic', () => {
  it('splitEvenly covers the range exactly with the fewest pieces ≤ maxSize', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 7, max: 60_000 }), (n, max) => {
        const parts = splitEvenly(0, n, max)
        let at = 0
        let ok = parts.length === Math.ceil(n / max)
        for (const p of parts) {
          ok &&= p.start === at && p.end - p.start <= max && p.end > p.start
          at = p.end
        }
        return ok && at === n
      }),
    )
  })

  it('pages: at least one call, never past the offset cap', () => {
    expect(pagesFor(0)).toBe(1)
    expect(pagesFor(100)).toBe(1)
    expect(pagesFor(101)).toBe(2)
    expect(pagesFor(50_000)).toBe(REACHABLE / 100)
    expect(laterOffsets(250)).toEqual([100, 200])
    expect(laterOffsets(50_000).at(-1)).toBe(10_000)
  })

  it('chunk size: 100 when everything matches, the largest when nothing does, ~9,000 matches otherwise', () => {
    expect(chunkSizeFor(1, 50_000)).toBe(100)
    expect(chunkSizeFor(0, 50_000)).toBe(50_000)
    expect(chunkSizeFor(0.5, 50_000)).toBe(18_000)
    expect(chunkSizeFor(0.01, 50_000)).toBe(50_000)
  })

  it('an overflowing chunk is re-cut into pieces that each fit under the cap', () => {
    const pieces = splitOverflow({ start: 0, end: 50_000 }, 30_000, 50_000)
    expect(pieces.length).toBe(4)
    expect(pieces.every((p) => (p.end - p.start) * 0.6 < REACHABLE)).toBe(true)
  })
})
