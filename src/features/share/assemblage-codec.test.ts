import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeAssemblage, encodeAssemblage } from './assemblage-codec'
import { decodeShareState, encodeShareState } from './url-codec'

const A = '2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab'
const B = 'ffffffff-0000-5000-8000-00000000000f'

describe('assemblage codec', () => {
  it('writes a UUID in 24 characters and reads it back, with its name', () => {
    const text = encodeAssemblage({ name: 'North 240 — Miller', ids: [A, B, 'county-123_x'] })
    const [name, ids] = text.split('*')
    expect(name).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(ids?.split('.').map((p) => p.length)).toEqual([24, 24, 13])
    expect(decodeAssemblage(text)).toEqual({
      assemblage: { name: 'North 240 — Miller', ids: [A, B, 'county-123_x'] },
      problems: [],
    })
  })

  it('round-trips any UUIDs and names', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 40 }),
        fc.string({ maxLength: 60 }),
        (ids, name) => {
          const clean = name
            .replace(/\p{Cc}+/gu, ' ')
            .replace(/\s+/g, ' ')
            .trim()
          const r = decodeAssemblage(encodeAssemblage({ name: clean, ids }))
          expect(r.assemblage?.ids).toEqual(ids.map((i) => i.toLowerCase()))
          expect(r.assemblage?.name).toBe(clean || 'Assemblage')
        },
      ),
    )
  })

  it('leaves out a garbled parcel, says so, and keeps the rest', () => {
    const text = encodeAssemblage({ name: '', ids: [A, B] })
    const parts = text.split('.')
    // One character changed in the first id: its check character no longer matches.
    const p0 = parts[0] as string
    const garbled = `${p0.slice(0, 5)}${p0[5] === 'A' ? 'B' : 'A'}${p0.slice(6)}.${parts[1]}`
    const r = decodeAssemblage(garbled)
    expect(r.assemblage).toEqual({ name: 'Assemblage', ids: [B] })
    expect(r.problems).toEqual([
      '1 parcel of the shared assemblage could not be read (the link may be garbled) and was left out.',
    ])
    expect(decodeAssemblage('u!!!.zzz').assemblage).toBeNull()
  })

  it('rides in the share link beside the search, and a cut link drops only its last parcel', () => {
    const base = decodeShareState('c=-93.6,42,12&v=1').state
    const state = {
      ...base,
      mode: 'area' as const,
      areas: [],
      filters: [],
      order: null,
      includeBuildings: false,
      searched: false,
      selectedId: null,
      visibleColumns: ['owner'],
      theme: 'plain' as const,
      view: { center: [-93.6, 42] as [number, number], zoom: 12 },
    }
    const query = encodeShareState({ ...state, assemblage: { name: 'Home farm', ids: [A, B] } })
    expect(query).toMatch(/&g=[^&]+&v=1$/)
    expect(decodeShareState(query).state.assemblage).toEqual({ name: 'Home farm', ids: [A, B] })
    const cut = query.replace(/&v=1$/, '').slice(0, -3)
    const r = decodeShareState(cut)
    expect(r.state.assemblage).toEqual({ name: 'Home farm', ids: [A] })
    expect(r.problems[0]).toMatch(/cut short.*parcel 2 of the assemblage was left out/)
    expect(encodeShareState({ ...state, assemblage: null })).not.toMatch(/g=/)
  })
})
