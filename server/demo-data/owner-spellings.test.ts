import { describe, expect, it } from 'vitest'
import type { OwnerName } from './owner-names'
import { spellingOn, variantsOf } from './owner-spellings'

const named = (name: string, type: OwnerName['type']): OwnerName => ({
  name,
  type,
  owner2: null,
  lastName: null,
  firstName: null,
})

describe('variantsOf', () => {
  it('writes a couple in the orders, joiners and shortenings rolls use', () => {
    expect(variantsOf(named('JOHNSON, ROBERT L & SUSAN K', 'INDIVIDUAL'))).toEqual([
      'ROBERT L & SUSAN K JOHNSON',
      'ROBERT L JOHNSON AND SUSAN K JOHNSON',
      'JOHNSON ROBERT L & SUSAN K',
      'JOHNSON, ROBERT L AND SUSAN K',
      'JOHNSON, ROBERT L ET AL',
      'JOHNSON, R L & SUSAN K',
      'JOHNSON, ROBERT L & SUSAN K JTWROS',
      'JOHNSON FAMILY TRUST',
    ])
  })

  it('spells trusts, LLCs and corporations the other ways clerks do', () => {
    expect(variantsOf(named('PETERSON FAMILY TRUST', 'TRUST'))).toContain('THE PETERSON FAMILY TRUST')
    expect(variantsOf(named('PETERSON, DALE R REVOCABLE TRUST', 'TRUST'))).toContain('DALE R PETERSON REVOCABLE TRUST')
    expect(variantsOf(named('MILLER FARMS LLC', 'LLC'))).toEqual([
      'MILLER FARMS, L.L.C.',
      'MILLER FARMS L L C',
      'MILLER FARMS, LLC',
      'MILLER FARM LLC',
    ])
    expect(variantsOf(named('SANDHU BROS INC', 'CORPORATION'))).toContain('SANDHU BROTHERS INC')
    expect(variantsOf(named('STATE OF IOWA', 'GOVERNMENT'))).toEqual([])
  })
})

describe('spellingOn', () => {
  it('keeps the first holding’s name, and respells later ones from its own hash (the same every time)', () => {
    const o = named('JOHNSON, ROBERT L & SUSAN K', 'INDIVIDUAL')
    expect(spellingOn(o, 12345, 0)).toBe(o.name)
    const later = Array.from({ length: 40 }, (_, h) => spellingOn(o, 777, h + 1))
    expect(later).toEqual(Array.from({ length: 40 }, (_, h) => spellingOn(o, 777, h + 1)))
    expect(later.filter((n) => n !== o.name).length).toBeGreaterThan(15)
    for (const n of later) expect([o.name, ...variantsOf(o)]).toContain(n)
  })
})
