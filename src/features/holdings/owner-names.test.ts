import { describe, expect, it } from 'vitest'
import { compareOwners, nameParts, nameWords, probeWords, spellingKey } from './owner-names'

describe('nameWords', () => {
  it('joins dotted and spaced legal forms, & becomes AND, punctuation goes', () => {
    expect(nameWords('Miller Farms, L.L.C.')).toEqual(['MILLER', 'FARMS', 'LLC'])
    expect(nameWords('MILLER FARMS L L C')).toEqual(['MILLER', 'FARMS', 'LLC'])
    expect(nameWords('SMITH, JOHN A. & MARY')).toEqual(['SMITH', 'JOHN', 'A', 'AND', 'MARY'])
    expect(nameWords("O'BRIEN JOHN ET AL")).toEqual(['OBRIEN', 'JOHN', 'ETAL'])
    expect(nameWords('  ')).toEqual([])
  })
})

describe('nameParts', () => {
  it('separates the name from legal form, trust words and ET AL', () => {
    expect(nameParts('DALE R PETERSON REVOCABLE TRUST')).toEqual({
      core: ['DALE', 'R', 'PETERSON'],
      entity: [],
      trust: true,
      others: false,
    })
    expect(nameParts('SANDHU BROS FARMS, INC.')).toEqual({
      core: ['SANDHU', 'BROTHER', 'FARM'],
      entity: ['INC'],
      trust: false,
      others: false,
    })
    expect(nameParts('JOHNSON ROBERT L ET AL').others).toBe(true)
  })
})

describe('probeWords', () => {
  it('puts the surname first for person names in either order', () => {
    expect(probeWords('SMITH JOHN A')[0]).toBe('SMITH')
    expect(probeWords('John A Smith')[0]).toBe('SMITH')
    expect(probeWords('SMITH, JOHN A & MARY K')[0]).toBe('SMITH')
    expect(probeWords('JOHNSON, ROBERT L & SUSAN K')[0]).toBe('JOHNSON')
  })
  it('skips legal forms, generic words and initials for companies', () => {
    expect(probeWords('MILLER FARMS, L.L.C.')).toEqual(['MILLER'])
    expect(probeWords('PETERSON FAMILY TRUST')).toEqual(['PETERSON'])
    expect(probeWords('SANDHU BROTHERS FARMS INC')).toEqual(['SANDHU'])
    expect(probeWords('HEARTLAND AG PARTNERS LLC')).toEqual(['HEARTLAND', 'AG'])
  })
  it('falls back to generic words when nothing else names the owner', () => {
    expect(probeWords('FAMILY FARMS LLC')).toEqual(['FAMILY', 'FARM'])
    expect(probeWords('LLC')).toEqual([])
  })
})

describe('compareOwners', () => {
  const rel = (a: string, b: string) => compareOwners(a, b).relation
  const why = (a: string, b: string) => compareOwners(a, b).reasons

  it('treats case and spacing as the same spelling', () => {
    expect(spellingKey(' Miller  farms llc ')).toBe('MILLER FARMS LLC')
    expect(compareOwners('MILLER FARMS LLC', 'Miller Farms LLC')).toEqual({ relation: 'same', reasons: [] })
  })

  it('offers the roll variants of an LLC with their reasons', () => {
    expect(compareOwners('MILLER FARMS LLC', 'MILLER FARMS, L.L.C.')).toEqual({
      relation: 'variant',
      reasons: ['L.L.C. for LLC'],
    })
    expect(why('MILLER FARMS LLC', 'MILLER FARM LLC')).toEqual(['singular/plural (FARM/FARMS)'])
    expect(why('MILLER FARMS LLC', 'MILLER FARMS')).toEqual(['without LLC'])
    expect(why('MILLER FARMS LLC', 'MILLER FARMS INC')).toEqual(['INC for LLC'])
    expect(why('MILLER FARMS LLC', 'MILLER FARMS L L C')).toEqual(['L L C for LLC'])
  })

  it('finds word order, & / AND, ET AL and trusts', () => {
    expect(why('SMITH JOHN A', 'JOHN A SMITH')).toEqual(['word order'])
    expect(why('SMITH JOHN A', 'JOHN A SMITH TRUST')).toEqual(['word order', 'a trust'])
    expect(why('JOHNSON, ROBERT L & SUSAN K', 'ROBERT L & SUSAN K JOHNSON')).toEqual(['word order'])
    expect(why('JOHNSON, ROBERT L & SUSAN K', 'ROBERT L JOHNSON AND SUSAN K JOHNSON')).toEqual([
      'word order',
      '& for AND',
    ])
    expect(why('JOHNSON, ROBERT L & SUSAN K', 'JOHNSON ROBERT L ET AL')).toEqual([
      'fewer names',
      'adds ET AL',
      '& for AND',
    ])
    expect(why('PETERSON, DALE R TRUST', 'DALE R PETERSON TRUST')).toEqual(['word order'])
  })

  it('matches initials to names', () => {
    expect(why('SMITH JOHN A', 'SMITH J A')).toEqual(['initials for names'])
    expect(rel('SMITH JOHN A', 'SMITH JANE A')).toBe('unrelated')
  })

  it('keeps apart owners who only share a surname or a generic word', () => {
    expect(rel('MILLER FARMS LLC', 'MILLER, JOHN A')).toBe('unrelated')
    expect(rel('MILLER FARMS LLC', 'SMILLER FARMS LLC')).toBe('unrelated')
    expect(rel('MILLER FARMS LLC', 'MILLER')).toBe('unrelated')
    expect(rel('PETERSON FAMILY TRUST', 'JOHNSON FAMILY TRUST')).toBe('unrelated')
    expect(rel('SMITH JOHN A', '')).toBe('unrelated')
  })
})
