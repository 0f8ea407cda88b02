import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mergeSavedFile, savedSearchesFile } from './saved-file'
import {
  BACKUP_KEY,
  deleteSearch,
  findByName,
  listSaved,
  renameSearch,
  STORAGE_KEY,
  type StorageLike,
  saveSearch,
} from './saved-store'

function memory(initial?: string): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>()
  if (initial !== undefined) data.set(STORAGE_KEY, initial)
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) }
}

describe('saved searches', () => {
  it('saves, lists newest first, renames and deletes', () => {
    const s = memory()
    expect(saveSearch(s, { name: '  Corn  near Ames ', query: 'v=1&f=a' }, new Date('2026-01-01')).ok).toBe(true)
    expect(saveSearch(s, { name: 'Kansas', query: 'v=1&f=b' }, new Date('2026-02-01')).ok).toBe(true)
    expect(listSaved(s).searches.map((x) => x.name)).toEqual(['Kansas', 'Corn near Ames'])
    const corn = findByName(s, 'corn near ames')
    expect(corn?.query).toBe('v=1&f=a')
    expect(renameSearch(s, corn?.id ?? '', 'Kansas')).toEqual({ ok: false, error: expect.stringMatching(/already/) })
    expect(renameSearch(s, corn?.id ?? '', 'Story corn').ok).toBe(true)
    expect(deleteSearch(s, corn?.id ?? '').ok).toBe(true)
    expect(listSaved(s).searches.map((x) => x.name)).toEqual(['Kansas'])
    // Saving under an existing name replaces it.
    saveSearch(s, { name: 'kansas', query: 'v=1&f=c' })
    expect(listSaved(s).searches.map((x) => x.query)).toEqual(['v=1&f=c'])
    expect(saveSearch(s, { name: '   ', query: 'x' })).toEqual({ ok: false, error: 'Give the search a name.' })
  })

  it('keeps the good entries of corrupt storage and backs the original up before writing', () => {
    const stored = JSON.stringify({
      version: 1,
      searches: [
        { id: 'a', name: 'Good', query: 'v=1', savedAt: '2026-01-01T00:00:00Z' },
        { id: 5, name: null },
      ],
    })
    const s = memory(stored)
    const r = listSaved(s)
    expect(r.searches.map((x) => x.name)).toEqual(['Good'])
    expect(r.problem).toMatch(/1 saved search/)
    saveSearch(s, { name: 'New', query: 'v=1&m=d' })
    expect(s.data.get(BACKUP_KEY)).toBe(stored)
    expect(
      listSaved(s)
        .searches.map((x) => x.name)
        .sort(),
    ).toEqual(['Good', 'New'])
  })

  it('reports unreadable JSON and leaves a newer version alone', () => {
    expect(listSaved(memory('{not json')).problem).toMatch(/unreadable/)
    const future = JSON.stringify({ version: 9, searches: [] })
    const s = memory(future)
    expect(listSaved(s)).toMatchObject({ readOnly: true, problem: expect.stringMatching(/newer version/) })
    expect(saveSearch(s, { name: 'x', query: 'v=1' }).ok).toBe(false)
    expect(s.data.get(STORAGE_KEY)).toBe(future)
  })

  it('says so when storage is full or missing', () => {
    const full: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(saveSearch(full, { name: 'x', query: 'v=1' })).toEqual({ ok: false, error: expect.stringMatching(/full/) })
    expect(saveSearch(null, { name: 'x', query: 'v=1' }).ok).toBe(false)
    expect(listSaved(null).searches).toEqual([])
  })

  it('exports to a file and imports it back, merging', () => {
    const s = memory()
    saveSearch(s, { name: 'A', query: 'v=1&f=a' })
    saveSearch(s, { name: 'B', query: 'v=1&f=b' })
    const file = savedSearchesFile(listSaved(s).searches)
    const other = memory()
    saveSearch(other, { name: 'A', query: 'v=1&f=different' })
    const merged = mergeSavedFile(listSaved(other).searches, file)
    if ('error' in merged) throw new Error(merged.error)
    expect(merged.searches.map((x) => x.name).sort()).toEqual(['A', 'A (2)', 'B'])
    expect(merged.message).toBe('Imported 2 searches.')
    const again = mergeSavedFile(merged.searches, file)
    expect('error' in again ? again.error : again.message).toMatch(/Imported 0 searches; 2 were already saved/)
    expect(mergeSavedFile([], '{"format":"other"}')).toEqual({ error: expect.stringMatching(/not a Plat/) })
  })

  it('never throws on arbitrary stored text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const r = listSaved(memory(raw))
        expect(Array.isArray(r.searches)).toBe(true)
      }),
    )
  })
})
