import type { Map as MapLibreMap } from 'maplibre-gl'
import { describe, expect, it } from 'vitest'
import { tileFeatureId } from '../../../contract/tiles'
import { TileStates } from './tile-states'

/** Records feature-state writes the way a person would read them: "id flag on/off". */
function fakeMap() {
  const writes: string[] = []
  const map = {
    setFeatureState: (t: { id: number }, s: Record<string, boolean>) =>
      writes.push(...Object.keys(s).map((k) => `${t.id} ${k} on`)),
    removeFeatureState: (t: { id: number }, k: string) => writes.push(`${t.id} ${k} off`),
  }
  return { map: map as unknown as MapLibreMap, writes }
}

const A = '1a1b2c3d-4e5f-4a6b-8c7d-000000000001'
const B = '2a1b2c3d-4e5f-4a6b-8c7d-000000000002'
const C = 'ffffffff-4e5f-4a6b-8c7d-000000000003'
const id = tileFeatureId

describe('TileStates', () => {
  it('writes only the difference between one result set and the next', () => {
    const { map, writes } = fakeMap()
    const states = new TileStates(map)
    states.attach()
    states.setMatched([A, B])
    expect(writes.splice(0)).toEqual([`${id(A)} matched on`, `${id(B)} matched on`])
    // A page more of the same search: A and B are already marked; only C is new.
    states.setMatched([A, B, C])
    expect(writes.splice(0)).toEqual([`${id(C)} matched on`])
    // A new search without A: A's state is removed, not set to false.
    states.setMatched([B, C])
    expect(writes.splice(0)).toEqual([`${id(A)} matched off`])
    expect(states.isMatched(id(B))).toBe(true)
    expect(states.isMatched(id(A))).toBe(false)
  })

  it('keeps state while the tile source is away and writes it again when it comes back', () => {
    const { map, writes } = fakeMap()
    const states = new TileStates(map)
    states.setMatched([A])
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
