import { describe, expect, it } from 'vitest'
import { segmentMeetsBox } from './ring-geometry'

describe('segmentMeetsBox', () => {
  const box = [0, 0, 10, 10] as const
  const meets = (ax: number, ay: number, bx: number, by: number) => segmentMeetsBox(ax, ay, bx, by, ...box)

  it('finds segments inside, crossing and touching the closed box', () => {
    expect(meets(2, 2, 3, 3)).toBe(true) // wholly inside
    expect(meets(-5, 5, 15, 5)).toBe(true) // crosses both sides, no end inside
    expect(meets(-5, -5, 0, 0)).toBe(true) // ends on a corner
    expect(meets(10, -5, 10, 15)).toBe(true) // runs along the east edge
  })

  it('rejects segments that pass by', () => {
    expect(meets(-5, 11, 15, 11)).toBe(false) // above
    expect(meets(11, -1, 20, 20)).toBe(false) // east of it
    expect(meets(-3, 8, 3, 14)).toBe(false) // cuts the corner's outside: x + 11 = y passes (0, 11)
  })
})
