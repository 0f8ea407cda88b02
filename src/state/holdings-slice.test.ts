import { describe, expect, it } from 'vitest'
import { MAX_ASSEMBLAGE_PARCELS } from './holdings-slice'
import { createAppStore } from './store'

describe('holdings slice', () => {
  it('adds and removes assemblage parcels, drops an empty assemblage, caps its size', () => {
    const store = createAppStore()
    const s = () => store.getState()
    expect(s().toggleAssemblageParcel('a')).toBe(true)
    expect(s().assemblage).toEqual({ name: 'Assemblage', ids: ['a'] })
    s().renameAssemblage('  North\u0000 80  ')
    s().addAssemblageParcels(['b', 'a', 'c'])
    expect(s().assemblage).toEqual({ name: 'North 80', ids: ['a', 'b', 'c'] })
    s().toggleAssemblageParcel('b')
    expect(s().assemblage?.ids).toEqual(['a', 'c'])
    s().toggleAssemblageParcel('a')
    s().toggleAssemblageParcel('c')
    expect(s().assemblage).toBeNull()
    s().addAssemblageParcels(Array.from({ length: MAX_ASSEMBLAGE_PARCELS + 3 }, (_, i) => `p${i}`))
    expect(s().assemblage?.ids).toHaveLength(MAX_ASSEMBLAGE_PARCELS)
    expect(s().toggleAssemblageParcel('one-more')).toBe(false)
  })

  it('closing the panel ends picking', () => {
    const store = createAppStore()
    store.getState().openHoldings('assemblage')
    store.getState().setPicking(true)
    store.getState().openHoldings(null)
    expect(store.getState().picking).toBe(false)
    expect(store.getState().holdingsTab).toBeNull()
  })
})
