import { describe, expect, it } from 'vitest'
import { demoCountySources } from './generate'
import { ROSTER } from './owner-roster'

interface Row {
  owner: string
  mail: string
  state: string
  fips: string
}
const collect = (parcels: number, seed: number): Row[] =>
  demoCountySources({ seed, parcels }).flatMap((s) =>
    [...s.batches()].flat().map((r) => ({
      owner: String(r.attrs.owner),
      mail: String(r.attrs.mail_addr),
      state: s.county.state,
      fips: s.county.state_fp + s.county.county_fp,
    })),
  )

// The e2e dataset's size and seed, and the default's seed on a smaller set: the variants must be there in both.
describe.each([
  [20_000, 1],
  [6_000, 1],
])('roster owners in %i parcels (seed %i)', (parcels, seed) => {
  const rows = collect(parcels, seed)
  const named = (name: string) => rows.filter((r) => r.owner === name)

  it('spells one owner differently across counties and deeds, in more than one state', () => {
    for (const name of ['MILLER FARMS LLC', 'MILLER FARMS, L.L.C.', 'MILLER FARM LLC', 'MILLER FARMS L L C'])
      expect(named(name).length, name).toBeGreaterThan(0)
    const states = new Set(rows.filter((r) => r.mail === 'PO BOX 412, AMES, IA 50010').map((r) => r.state))
    expect([...states].sort()).toEqual(['CA', 'IA', 'KS'])
  })

  it('writes couples and trusts in both name orders', () => {
    for (const name of [
      'JOHNSON, ROBERT L & SUSAN K',
      'ROBERT L & SUSAN K JOHNSON',
      'PETERSON, DALE R TRUST',
      'DALE R PETERSON TRUST',
    ])
      expect(named(name).length, name).toBeGreaterThan(0)
  })

  it('sends every spelling of an owner to its one mailing address, shared with a second company', () => {
    for (const r of ROSTER) {
      const spellings = new Set(Object.values(r.spellings).flat())
      const mail = `${r.mailing.line1}, ${r.mailing.city}, ${r.mailing.state} ${r.mailing.zip}`
      const theirs = rows.filter((x) => x.mail === mail)
      expect(theirs.length).toBeGreaterThan(0)
      // Every roster spelling at that address is one of the owners sharing it; no stray owner gets it.
      const sharing = ROSTER.filter((o) => o.mailing === r.mailing).flatMap((o) => Object.values(o.spellings).flat())
      expect(theirs.every((x) => sharing.includes(x.owner))).toBe(true)
      expect(theirs.some((x) => spellings.has(x.owner))).toBe(true)
    }
    const atAmesBox = new Set(rows.filter((x) => x.mail === 'PO BOX 412, AMES, IA 50010').map((x) => x.owner))
    expect(atAmesBox.has('PRAIRIE ACRES LLC')).toBe(true)
    expect(atAmesBox.size).toBeGreaterThanOrEqual(4)
  })
})

it('is deterministic', () => {
  const a = collect(3000, 5).filter((r) => r.mail === 'PO BOX 412, AMES, IA 50010')
  const b = collect(3000, 5).filter((r) => r.mail === 'PO BOX 412, AMES, IA 50010')
  expect(a).toEqual(b)
  expect(a.length).toBeGreaterThan(0)
})
