import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../state/memory-storage.test-support'
import { FILE_FORMAT, mergeSavedFile, savedFileName, savedSearchesFile } from './saved-file'
import { listSaved, MAX_SEARCHES, replaceAll, type SavedSearch, saveSearch } from './saved-store'

const search = (name: string, query: string, id = name): SavedSearch => ({
  id,
  name,
  query,
  savedAt: '2026-03-01T12:00:00.000Z',
})
const file = (searches: unknown[], extra: object = {}) =>
  JSON.stringify({ format: FILE_FORMAT, version: 1, searches, ...extra })

let n = 0
const ids = () => `id${n++}`

describe('saved searches file', () => {
  it('round-trips: export from one browser, import into another', () => {
    const a = memoryStorage()
    saveSearch(a, { name: 'A', query: 'v=1&f=a', summary: 'Story County' }, new Date('2026-01-01'))
    saveSearch(a, { name: 'B', query: 'v=1&f=b' }, new Date('2026-01-02'))
    const text = savedSearchesFile(listSaved(a).searches)
    expect(JSON.parse(text)).toMatchObject({ format: 'plat-saved-searches', version: 1 })

    const b = memoryStorage()
    const merged = mergeSavedFile(listSaved(b).searches, text, ids)
    if (!merged.ok) throw new Error(merged.error)
    expect(merged.message).toBe('Imported 2 searches.')
    expect(replaceAll(b, merged.searches).ok).toBe(true)
    const strip = ({ id: _, ...rest }: SavedSearch) => rest
    expect(listSaved(b).searches.map(strip)).toEqual(listSaved(a).searches.map(strip))
  })

  it('skips exact duplicates, renames name clashes and counts unreadable entries', () => {
    const current = [search('A', 'q1'), search('B', 'q2'), search('B (2)', 'q9')]
    const text = file([
      search('A', 'q1'), // already saved
      search('a', 'q1', 'x'), // the same, name case aside
      search('B', 'q3'), // new query under a taken name
      search('A', 'q2'), // same query as B but another name: a separate search
      search('C', 'q4'),
      { id: 'bad', name: 'No query' },
      'junk',
      search('   ', 'q5'),
    ])
    const r = mergeSavedFile(current, text, ids)
    if (!r.ok) throw new Error(r.error)
    expect(r).toMatchObject({ added: 3, duplicates: 2, unreadable: 3, overCap: 0 })
    expect(r.message).toBe('Imported 3 searches; 2 were already saved; 3 entries could not be read.')
    expect(r.searches.map((s) => s.name)).toEqual(['A', 'B', 'B (2)', 'B (3)', 'A (2)', 'C'])
    expect(new Set(r.searches.map((s) => s.id)).size).toBe(r.searches.length)
  })

  it('words single counts and keeps renamed names within the length limit', () => {
    const long = 'L'.repeat(100)
    const r = mergeSavedFile(
      [search(long, 'q0', 'a')],
      file([search(long, 'q1', 'b'), search(long, 'q0', 'c'), {}]),
      ids,
    )
    if (!r.ok) throw new Error(r.error)
    expect(r.message).toBe('Imported 1 search; 1 was already saved; 1 entry could not be read.')
    expect(r.searches[1]?.name).toBe(`${'L'.repeat(96)} (2)`)
  })

  it('stops at the cap and says how many were left out', () => {
    const current = Array.from({ length: MAX_SEARCHES - 1 }, (_, i) => search(`S${i}`, `q${i}`))
    const r = mergeSavedFile(current, file([search('X', 'x'), search('Y', 'y'), search('Z', 'z')]), ids)
    if (!r.ok) throw new Error(r.error)
    expect(r.searches).toHaveLength(MAX_SEARCHES)
    expect(r.message).toBe('Imported 1 search; 2 left out: at most 200 searches can be saved.')
  })

  it.each([
    ['not JSON', 'hello', /not JSON/],
    ['another format', JSON.stringify({ format: 'geojson', searches: [] }), /not a Plat/],
    ['a newer version', file([], { version: 3 }), /newer version of Plat/],
    ['no list', JSON.stringify({ format: FILE_FORMAT, version: 1 }), /expected shape/],
    ['null', 'null', /not a Plat/],
  ])('rejects %s', (_, text, error) => {
    expect(mergeSavedFile([], text)).toEqual({ ok: false, error: expect.stringMatching(error) })
  })

  it('names the file by date', () => {
    expect(savedFileName(new Date('2026-04-05T10:00:00Z'))).toBe('plat-saved-searches-2026-04-05.json')
  })
})
