import { describe, expect, it } from 'vitest'
import { decodeDataStamp, encodeDataStamp } from './data-version-codec'
import { base } from './share-fixtures.test-support'
import { decodeShareState, encodeShareState } from './url-codec'

describe('the data version in a link', () => {
  it('encodes version and day, and reads them back', () => {
    expect(encodeDataStamp({ version: '3f9a1c0d2e4b5a69', date: '2025-03-01' })).toBe('3f9a1c0d2e4b5a69.20250301')
    expect(decodeDataStamp('3f9a1c0d2e4b5a69.20250301')).toEqual({ version: '3f9a1c0d2e4b5a69', date: '2025-03-01' })
    expect(decodeDataStamp('empty.20250301')).toEqual({ version: 'empty', date: '2025-03-01' })
  })

  it('refuses what is not a version and a day', () => {
    for (const bad of [
      '',
      'abc',
      'abc.2025031',
      'abc.20250230',
      'a b.20250301',
      'abc.2025-03-01',
      `${'a'.repeat(65)}.20250301`,
    ])
      expect(decodeDataStamp(bad), bad).toBeNull()
    expect(encodeDataStamp({ version: 'has space', date: '2025-03-01' })).toBeNull()
    expect(encodeDataStamp({ version: 'abc', date: '1 March' })).toBeNull()
  })

  it('goes in a link of a search that had been run, before the format version, and survives the round trip', () => {
    const dataStamp = { version: 'abcdef0123456789', date: '2024-11-05' }
    const link = encodeShareState({ ...base, searched: true, dataStamp })
    expect(link).toMatch(/&dv=abcdef0123456789\.20241105&v=1$/)
    expect(decodeShareState(link)).toEqual({
      state: expect.objectContaining({ searched: true, dataStamp }),
      problems: [],
      searchLost: false,
    })
    // Not run: no results to compare, so no version.
    expect(encodeShareState({ ...base, dataStamp })).not.toContain('dv=')
  })

  it('a garbled one is named and the rest of the link kept; a cut one is noticed', () => {
    const garbled = decodeShareState('s=1&dv=nope&v=1')
    expect(garbled.state.searched).toBe(true)
    expect(garbled.state.dataStamp).toBeUndefined()
    expect(garbled.problems).toEqual([expect.stringContaining('date of the link’s data')])
    const cut = decodeShareState('s=1&dv=abcdef01234')
    expect(cut.state.dataStamp).toBeUndefined()
    expect(cut.problems).toEqual([expect.stringContaining('the date of the link’s data was left out')])
  })
})
