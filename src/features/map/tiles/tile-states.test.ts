import type { Map as MapLibreMap } from 'maplibre-gl'
import { describe, expect, it } from 'vitest'
import { tileFeatureId } from '../../../../contract/tiles'
import { TileStates } from './tile-states'

/** Records feature-state writes the way a person would read them: "id flag on/off". */
function fakeMap() {
  const writes: string[] = []
  const map = {
    setFeatureState: (t: { id: number }, s: Record<string, boolean>) =>
      writes.push(...Object.keys(s).map((k) => `${t.id} ${k} on`)),
    removeFeatureState: (t: { id?: number }, k?: string) =>
      writes.push(t.id === undefined ? 'all off' : `${t.id} ${k} off`),
  }
  return { map: map as unknown as MapLibreMap, writes }
}

const A = '1a1b2c3d-4e5f-4a6b-8c7d-000000000001'
const B = '2a1b2c3d-4e5f-4a6b-8c7d-000000000002'
const C = 'ffffffff-4e5f-4a6b-8c7d-000000000003'
const id = tileFeatureId

describe('TileStates', () => {
  it('writes only the parcels marked or unmarked, each once', () => {
    const { map, writes } = fakeMap()
    const states = new TileStates(map)
    states.attach()
    states.mark([A, B])
    expect(writes.splice(0)).toEqual([`${id(A)} matched on`, `${id(B)} matched on`])
    // A page more of the same search: A is already marked; only C is new.
    states.mark([A, C])
    expect(writes.splice(0)).toEqual([`${id(C)} matched on`])
    // A result gone: its state is removed, not set to false.
    states.unmark([A, A])
    expect(writes.splice(0)).toEqual([`${id(A)} matched off`])
    expect(states.isMatched(id(B))).toBe(true)
    expect(states.isMatched(id(A))).toBe(false)
  })

  it('a new search clears every mark in one call and keeps the selection', () => {
    const { map, writes } = fakeMap()
    const states = new TileStates(map)
    states.attach()
    states.mark([A, B, C])
    states.setSelected(B)
    writes.splice(0)
    states.clearMatched()
    expect(writes.splice(0)).toEqual(['all off', `${id(B)} selected on`])
    expect(states.isMatched(id(A))).toBe(false)
    states.clearMatched()
    expect(writes).toEqual([])
  })

  it('keeps state while the tile source is away and writes it again when it comes back', () => {
    const { map, writes } = fakeMap()
    const states = new TileStates(map)
    states.mark([A])
    states.setSelected(B)
    expect(writes).toEqual([])
    states.attach()
    expect(writes.splice(0)).toEqual([`${id(A)} matched on`, `${id(B)} selected on`])
    states.setSelected(C)
    expect(writes.splice(0)).toEqual([`${id(B)} selected off`, `${id(C)} selected on`])
  })

  it('hover moves from parcel to parcel and is dropped with the source', () => {
    const { map, writes } = fakeMap()
    const states = new TileStates(map)
    states.attach()
    states.setHover(1)
    states.setHover(2)
    states.setHover(2)
    expect(writes.splice(0)).toEqual(['1 hover on', '1 hover off', '2 hover on'])
    states.detach()
    states.setHover(3)
    expect(writes).toEqual([])
  })
})
