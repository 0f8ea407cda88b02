import { describe, expect, it } from 'vitest'
import { notInPackMessage } from './not-in-pack'

describe('notInPackMessage', () => {
  it('names the owner and APN the tile carries, then what the pack lacks', () => {
    expect(
      notInPackMessage({ acres: 40.25, landUse: 'Agriculture', owner: 'SMITH FARMS LLC', parcelId: '12-34-567' }),
    ).toBe(
      'From the map: owner SMITH FARMS LLC, APN 12-34-567, 40.25 ac, Agriculture. Offline: the rest of this parcel’s record is not in your pack (a pack keeps its search’s results). Its value and the rest of its record show when you are back online.',
    )
  })

  it('says which of owner and APN is missing when the tile has one', () => {
    expect(notInPackMessage({ acres: null, landUse: null, owner: 'A', parcelId: null })).toMatch(
      /^From the map: owner A\. .* Its parcel number, value and the rest of its record show when you are back online\.$/,
    )
  })

  it('a tile without owners (an older server) still gives acres and land use, and says the owner is online', () => {
    expect(notInPackMessage({ acres: 1.5, landUse: 'Residential' })).toBe(
      'From the map: 1.5 ac, Residential. Offline: this parcel’s record is not in your pack (a pack keeps its search’s results). Its owner, parcel number and value show when you are back online.',
    )
  })

  it('below the owner zoom it says to zoom in', () => {
    expect(notInPackMessage({ acres: 3, landUse: null, owner: null, parcelId: null, ownerCloser: true })).toMatch(
      /Zoom in for its owner and parcel number; its value shows when you are back online\.$/,
    )
  })

  it('with nothing from a tile, only what is missing; never that the parcel is gone', () => {
    const message = notInPackMessage(undefined)
    expect(message).toMatch(/^Offline: this parcel’s record is not in your pack/)
    expect(message).not.toMatch(/no longer|gone/)
  })
})
