import { describe, expect, it } from 'vitest'
import { panToUncover } from './uncovered-padding'

const size = { width: 1000, height: 800 }
const none = { top: 0, right: 0, bottom: 0, left: 0 }

describe('panToUncover', () => {
  it('leaves a point that is well inside the uncovered part', () => {
    expect(panToUncover([500, 400], size, none)).toBeNull()
    expect(panToUncover([600, 400], size, { ...none, right: 300 })).toBeNull()
  })

  it('brings a point under a side panel to the middle of what is left', () => {
    // Panel over the right 300 px: uncovered x is 0–700, its middle 350; a point at 900 pans by 550.
    expect(panToUncover([900, 400], size, { ...none, right: 300 })).toEqual([550, 0])
    // Within the 40 px margin of the panel's edge counts as covered too.
    expect(panToUncover([680, 400], size, { ...none, right: 300 })).toEqual([330, 0])
  })

  it('brings a point under a bottom sheet up, and a point off the shrunk map back in', () => {
    // Sheet over the bottom 500 px of an 800 px map: uncovered y is 0–300, middle 150.
    expect(panToUncover([500, 700], size, { ...none, bottom: 500 })).toEqual([0, 550])
    expect(panToUncover([1200, 400], size, none)).toEqual([700, 0])
    expect(panToUncover([-30, 10], size, none)).toEqual([-530, -390])
  })
})
