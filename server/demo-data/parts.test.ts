import { describe, expect, it } from 'vitest'
import { findAdjacency, Side } from './adjacency'
import { apportion } from './apportion'
import { parcelsPerCounty } from './counties'
import { PROFILES } from './county-profiles'
import { SECTION } from './frame'
import { aliquot, ordinal, plssAt } from './legal'
import { Rng } from './prng'
import { splitSection } from './section-split'
import { Kind, SiteTable } from './site-table'

describe('apportion', () => {
  it('hits the total exactly within bounds', () => {
    const rng = new Rng(1)
    for (let t = 0; t < 200; t++) {
      const n = rng.int(1, 30)
      const weights = Array.from({ length: n }, () => rng.next() * 5)
      const total = rng.int(n * 2, n * 9)
      const parts = apportion(total, weights, 2, 9)
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total)
      expect(parts.every((p) => p >= 2 && p <= 9)).toBe(true)
    }
  })

  it('refuses totals that cannot fit', () => {
    expect(() => apportion(100, [1, 1], 0, 10)).toThrow()
  })
})

describe('parcelsPerCounty', () => {
  it('sums to the total for any count', () => {
    for (const n of [0, 1, 3, 999, 100_000, 2_000_001]) expect(parcelsPerCounty(n).reduce((a, b) => a + b, 0)).toBe(n)
  })
})

describe('PLSS', () => {
  const story = PROFILES['19169']!
  it('numbers sections boustrophedon from the north-east corner of a township', () => {
    const at = (col: number, rowFromSouth: number) =>
      plssAt(story, col * SECTION + 5, rowFromSouth * SECTION + 5).section
    expect(at(5, 5)).toBe(1)
    expect(at(0, 5)).toBe(6)
    expect(at(0, 4)).toBe(7)
    expect(at(5, 4)).toBe(12)
    expect(at(0, 0)).toBe(31)
    expect(at(5, 0)).toBe(36)
    expect(plssAt(story, 5, 5)).toMatchObject({ township: '82N', range: '24W' })
    expect(plssAt(story, 6 * SECTION + 5, 6 * SECTION + 5)).toMatchObject({ township: '83N', range: '23W' })
  })

  it('writes aliquot parts finest first', () => {
    expect(aliquot(0, 0, 1024, 1024)).toBe('ALL')
    expect(aliquot(512, 0, 1024, 1024)).toBe('E 1/2')
    expect(aliquot(512, 512, 1024, 1024)).toBe('NE 1/4')
    expect(aliquot(512, 512, 768, 768)).toBe('SW 1/4 NE 1/4')
    expect(aliquot(512, 512, 768, 1024)).toBe('W 1/2 NE 1/4')
    expect(aliquot(0, 128, 256, 256)).toBe('N 1/2 SW 1/4 SW 1/4')
    expect(aliquot(0, 128, 128, 256)).toBe('NW 1/4 SW 1/4 SW 1/4')
    expect(aliquot(2048 + 512, 0, 2048 + 1024, 512)).toBe('SE 1/4')
  })

  it('spells ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103, 111].map(ordinal)).toEqual([
      '1ST',
      '2ND',
      '3RD',
      '4TH',
      '11TH',
      '12TH',
      '13TH',
      '21ST',
      '22ND',
      '103RD',
      '111TH',
    ])
  })
})

describe('splitSection', () => {
  it('makes exactly the requested number of PLSS-aligned parcels on the usable cells', () => {
    const rng = new Rng(9)
    for (let t = 0; t < 300; t++) {
      const mask = t % 3 === 0 ? 0xffff : rng.int(1, 0xffff)
      const count = rng.int(1, 120)
      const sites = new SiteTable(200)
      splitSection(sites, 0, 0, mask, count, 0, new Rng(t))
      let area = 0
      for (let i = 0; i < sites.size; i++) {
        const w = sites.x1[i]! - sites.x0[i]!
        const h = sites.y1[i]! - sites.y0[i]!
        // Every piece is a halving of the section: power-of-two sides at matching offsets.
        expect(Math.log2(w) % 1).toBe(0)
        expect(Math.log2(h) % 1).toBe(0)
        expect(sites.x0[i]! % w).toBe(0)
        expect(sites.y0[i]! % h).toBe(0)
        const cell = (Math.floor(sites.y0[i]! / 256) * 4 + Math.floor(sites.x0[i]! / 256)) | 0
        expect(mask & (1 << cell)).not.toBe(0)
        area += w * h
      }
      const usable = mask.toString(2).split('1').length - 1
      // Fewer parcels than usable pieces may leave cells empty; otherwise all usable land is used.
      if (sites.size === count && count >= 16) expect(area).toBe(usable * 256 * 256)
      expect(sites.size).toBeLessThanOrEqual(count)
      if (mask === 0xffff) expect(sites.size).toBe(count)
    }
  })
})

describe('findAdjacency', () => {
  it('pairs rectangles that share an edge and lists corners falling inside sides', () => {
    const sites = new SiteTable(4)
    sites.add(0, 0, 10, 10, Kind.RURAL, -1, 0) // 0: big west square
    sites.add(10, 0, 20, 5, Kind.RURAL, -1, 0) // 1: east, lower half
    sites.add(10, 5, 20, 10, Kind.RURAL, -1, 0) // 2: east, upper half
    sites.add(0, 12, 10, 20, Kind.RURAL, -1, 0) // 3: across a gap (street) from 0
    const adj = findAdjacency(sites)
    const pairs = new Set<string>()
    for (let k = 0; k < adj.pairs.length; k += 2) pairs.add([adj.pairs[k], adj.pairs[k + 1]].sort().join('-'))
    expect([...pairs].sort()).toEqual(['0-1', '0-2', '1-2'])
    const corners = (site: number) => [...adj.corners.subarray(adj.cornerStart[site], adj.cornerStart[site + 1])]
    expect(corners(0)).toEqual([Side.EAST * 2 ** 28 + 5, Side.EAST * 2 ** 28 + 5])
    expect(corners(3)).toEqual([])
  })
})

describe('randomness', () => {
  it('repeats for the same keys and differs for others', () => {
    const a = new Rng(1, 2, 3)
    const b = new Rng(1, 2, 3)
    const c = new Rng(1, 2, 4)
    const xs = Array.from({ length: 5 }, () => a.uint32())
    expect(Array.from({ length: 5 }, () => b.uint32())).toEqual(xs)
    expect(Array.from({ length: 5 }, () => c.uint32())).not.toEqual(xs)
  })
})
