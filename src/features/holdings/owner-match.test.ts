import { describe, expect, it } from 'vitest'
import { matchOwner } from './owner-match'

const COUPLE = 'JOHNSON, ROBERT L & SUSAN K'
const away = { sharedAddress: false }
const home = { sharedAddress: true }
const tier = (a: string, b: string, ctx = away) => matchOwner(a, b, ctx).tier

describe('matchOwner: the same owner only on strong evidence', () => {
  it('the same spelling is the owner itself', () => {
    expect(matchOwner(COUPLE, ' johnson, robert l  & susan k', away)).toEqual({ tier: 'exact', evidence: [] })
  })

  it('the same name once punctuation, &/AND, L.L.C. and FARM/FARMS are set aside', () => {
    expect(matchOwner('MILLER FARMS LLC', 'MILLER FARMS, L.L.C.', away)).toEqual({
      tier: 'strong',
      evidence: ['same name, other spelling', 'L.L.C. for LLC'],
    })
    expect(matchOwner('MILLER FARMS LLC', 'MILLER FARM LLC', away).evidence).toEqual([
      'same name, other spelling',
      'singular/plural (FARM/FARMS)',
    ])
    expect(matchOwner('SANDHU BROTHERS FARMS INC', 'SANDHU BROS FARMS, INC.', away).tier).toBe('strong')
    expect(matchOwner('SMITH JOHN A', 'SMITH JOHN A ETAL', away).evidence).toEqual([
      'same name, other spelling',
      'adds ET AL',
    ])
  })

  it('the couple in the other order, with AND (the issue’s example)', () => {
    expect(matchOwner(COUPLE, 'ROBERT L JOHNSON AND SUSAN K JOHNSON', away)).toEqual({
      tier: 'strong',
      evidence: ['same names, other order', '& for AND'],
    })
    expect(matchOwner(COUPLE, 'ROBERT L & SUSAN K JOHNSON', away).evidence).toEqual(['same names, other order'])
    expect(matchOwner('PETERSON, DALE R TRUST', 'DALE R PETERSON REVOCABLE TRUST', away).tier).toBe('strong')
  })

  it('initials for names only while two whole words still agree', () => {
    expect(matchOwner(COUPLE, 'JOHNSON, R L & SUSAN K', away)).toEqual({
      tier: 'strong',
      evidence: ['same names, initials for some'],
    })
    expect(tier('SMITH JOHN A', 'SMITH J A')).toBe('possible')
  })

  it('more or fewer people in the name is not the same owner without the address', () => {
    expect(tier('JOHNSON ROBERT L ET AL', COUPLE)).toBe('possible')
    expect(tier('SMITH, BRIAN L', 'SMITH, BRIAN L & SANDRA B')).toBe('possible')
    // The middle initial L is not LISA: only a whole name or the same initial keeps a name.
    expect(tier('SMITH, BRIAN L', 'SMITH, BRIAN P & LISA O')).not.toBe('strong')
  })

  it('JOHNSON, LISA R is not the couple: possibly related at most, and not at their address either', () => {
    expect(matchOwner(COUPLE, 'JOHNSON, LISA R', away)).toEqual({
      tier: 'possible',
      evidence: ['similar name only', 'fewer names', 'initials for names', '& for AND'],
    })
    expect(matchOwner(COUPLE, 'JOHNSON, LISA R', home)).toEqual({
      tier: 'address',
      evidence: ['same mailing address, another name'],
    })
    expect(tier(COUPLE, 'JOHNSON, KULWANT S')).toBe('possible')
    expect(tier(COUPLE, 'JOHNSON, KEVIN S')).not.toBe('strong')
    expect(tier(COUPLE, 'JOHNSON, SUSAN R')).not.toBe('strong')
    expect(tier(COUPLE, 'JOHNSON, KAREN R REVOCABLE TRUST')).not.toBe('strong')
  })

  it('a name written short is the owner at its mailing address, only possibly related elsewhere', () => {
    expect(matchOwner(COUPLE, 'JOHNSON ROBERT L ET AL', home)).toEqual({
      tier: 'strong',
      evidence: ['same mailing address', 'fewer names', 'adds ET AL', '& for AND'],
    })
    expect(tier(COUPLE, 'JOHNSON ROBERT L ET AL')).toBe('possible')
  })

  it('another legal form is never strong without a shared address (MILLER FARMS INC)', () => {
    expect(matchOwner('MILLER FARMS LLC', 'MILLER FARMS INC', away)).toEqual({
      tier: 'possible',
      evidence: ['similar name only', 'INC for LLC'],
    })
    expect(tier('MILLER FARMS LLC', 'MILLER FARMS')).toBe('possible')
    expect(tier('SMITH JOHN A', 'JOHN A SMITH TRUST')).toBe('possible')
    expect(matchOwner('MILLER FARMS LLC', 'MILLER FARMS INC', home).evidence).toEqual([
      'same mailing address',
      'INC for LLC',
    ])
    expect(matchOwner('PETERSON, DALE R TRUST', 'PETERSON FAMILY TRUST', home)).toEqual({
      tier: 'strong',
      evidence: ['same mailing address', 'shares PETERSON'],
    })
  })

  it('another company at the same box is listed by address, not as the owner', () => {
    expect(tier('MILLER FARMS LLC', 'PRAIRIE ACRES LLC', home)).toBe('address')
    expect(tier('MILLER FARMS LLC', 'MILLER, JOHN A')).toBe('none')
    expect(tier('PETERSON FAMILY TRUST', 'JOHNSON FAMILY TRUST', home)).toBe('address')
  })
})
