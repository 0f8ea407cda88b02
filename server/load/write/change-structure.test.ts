import { describe, expect, it } from 'vitest'
import { classifyStructure, type Overlap, type Side } from './change-structure'

const only = (id: string, area: number): Side => ({ id, area, both: false })
const both = (id: string, area: number): Side => ({ id, area, both: true })
const ov = (o: string, n: string, area: number): Overlap => ({ old: o, new: n, area })

describe('classifyStructure', () => {
  it('an old parcel cut in two under new ids is one split with both successors', () => {
    const out = classifyStructure(
      [only('X', 100)],
      [only('B', 60), only('A', 40)],
      [ov('X', 'A', 40), ov('X', 'B', 60)],
    )
    expect(out).toEqual([{ kind: 'split', id: 'X', related: ['A', 'B'], side: 'old' }])
  })

  it('a split that keeps the old id for the remainder', () => {
    const out = classifyStructure(
      [both('X', 100)],
      [both('X', 70), only('Y', 30)],
      [ov('X', 'X', 70), ov('X', 'Y', 30)],
    )
    expect(out).toEqual([{ kind: 'split', id: 'X', related: ['X', 'Y'], side: 'old' }])
  })

  it('two old parcels joined under a new id are one merge', () => {
    const out = classifyStructure([only('P', 50), only('Q', 30)], [only('N', 80)], [ov('P', 'N', 50), ov('Q', 'N', 30)])
    expect(out).toEqual([{ kind: 'merged', id: 'N', related: ['P', 'Q'], side: 'new' }])
  })

  it('a merge into a parcel that keeps its id', () => {
    const out = classifyStructure([both('P', 50), only('Q', 30)], [both('P', 80)], [ov('P', 'P', 50), ov('Q', 'P', 30)])
    expect(out).toEqual([{ kind: 'merged', id: 'P', related: ['P', 'Q'], side: 'new' }])
  })

  it('the same land under a new number is renumbered, not removed and added', () => {
    const out = classifyStructure([only('OLD', 100)], [only('NEW', 100.2)], [ov('OLD', 'NEW', 99.9)])
    expect(out).toEqual([{ kind: 'renumbered', id: 'OLD', related: ['NEW'], side: 'old' }])
  })

  it('ids gone or new with no overlap are removed and added', () => {
    const out = classifyStructure([only('R1', 10), only('R2', 10)], [only('A1', 10)], [])
    expect(out).toEqual([
      { kind: 'removed', id: 'R1', related: [], side: 'old' },
      { kind: 'removed', id: 'R2', related: [], side: 'old' },
      { kind: 'added', id: 'A1', related: [], side: 'new' },
    ])
  })

  it('slivers along shared edges make no successors', () => {
    // A removed parcel touching two new neighbours by thin strips (under half of either).
    const out = classifyStructure(
      [only('GONE', 100)],
      [only('N1', 100), only('N2', 100)],
      [ov('GONE', 'N1', 2), ov('GONE', 'N2', 3)],
    )
    expect(out.map((c) => c.kind)).toEqual(['removed', 'added', 'added'])
  })

  it('a boundary moved by noise is no change; a lot-line adjustment reshapes both lots', () => {
    expect(classifyStructure([both('X', 100)], [both('X', 100.001)], [ov('X', 'X', 99.995)])).toEqual([])
    const out = classifyStructure(
      [both('L', 100), both('M', 100)],
      [both('L', 90), both('M', 110)],
      [ov('L', 'L', 90), ov('L', 'M', 10), ov('M', 'M', 100)],
    )
    expect(out).toEqual([
      { kind: 'reshaped', id: 'L', related: [], side: 'new' },
      { kind: 'reshaped', id: 'M', related: [], side: 'new' },
    ])
  })

  it('a re-plat of two lots into three reports each split once and no leftovers', () => {
    // Old A and B (100 each) become C, D, E: C and D come from A, E from B and a strip of A.
    const out = classifyStructure(
      [only('A', 100), only('B', 100)],
      [only('C', 45), only('D', 45), only('E', 110)],
      [ov('A', 'C', 45), ov('A', 'D', 45), ov('A', 'E', 10), ov('B', 'E', 100)],
    )
    expect(out).toEqual([
      { kind: 'split', id: 'A', related: ['C', 'D'], side: 'old' },
      { kind: 'renumbered', id: 'B', related: ['E'], side: 'old' },
    ])
  })
})
