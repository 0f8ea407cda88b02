import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../state/memory-storage.test-support'
import {
  BACKUP_KEY,
  deleteSearch,
  findByName,
  listSaved,
  MAX_SEARCHES,
  renameSearch,
  STORAGE_FULL,
  STORAGE_KEY,
  type StorageLike,
  saveSearch,
} from './saved-store'

const entry = (id: string, name: string, savedAt = '2026-01-01T00:00:00.000Z') => ({
  id,
  name,
  query: `v=1&${id}`,
  savedAt,
})
const names = (s: StorageLike) => listSaved(s).searches.map((x) => x.name)

describe('saved search store', () => {
  it('saves, lists newest first, renames and deletes', () => {
    const s = memoryStorage()
    expect(saveSearch(s, { name: '  Corn \n near Ames ', query: 'v=1&f=a' }, new Date('2026-01-01')).ok).toBe(true)
    expect(saveSearch(s, { name: 'Kansas', query: 'v=1&f=b', summary: 'KS' }, new Date('2026-02-01')).ok).toBe(true)
    expect(names(s)).toEqual(['Kansas', 'Corn near Ames'])
    expect(listSaved(s).searches[0]).toMatchObject({
      query: 'v=1&f=b',
      summary: 'KS',
      savedAt: '2026-02-01T00:00:00.000Z',
    })
    const corn = findByName(s, 'corn near ames')
    expect(corn?.query).toBe('v=1&f=a')
    expect(renameSearch(s, corn?.id ?? '', 'KANSAS')).toEqual({ ok: false, error: expect.stringMatching(/already/) })
    expect(renameSearch(s, corn?.id ?? '', 'Story corn').ok).toBe(true)
    expect(renameSearch(s, 'no-such-id', 'X')).toEqual({ ok: false, error: expect.stringMatching(/gone/) })
    expect(deleteSearch(s, corn?.id ?? '').ok).toBe(true)
    expect(names(s)).toEqual(['Kansas'])
    expect(JSON.parse(s.items.get(STORAGE_KEY) ?? '')).toMatchObject({ version: 1, searches: [{ name: 'Kansas' }] })
  })

  it('replaces a search saved under the same name and validates input', () => {
    const s = memoryStorage()
    saveSearch(s, { name: 'Kansas', query: 'v=1&f=b' })
    saveSearch(s, { name: 'kansas', query: 'v=1&f=c' })
    expect(listSaved(s).searches.map((x) => x.query)).toEqual(['v=1&f=c'])
    expect(saveSearch(s, { name: '   ', query: 'x' })).toEqual({ ok: false, error: 'Give the search a name.' })
    expect(saveSearch(s, { name: 'a', query: '' }).ok).toBe(false)
    expect(saveSearch(s, { name: 'a', query: 'x'.repeat(8001) }).ok).toBe(false)
    saveSearch(s, { name: 'n'.repeat(300), query: 'v=1' })
    expect(findByName(s, 'n'.repeat(100))?.name).toHaveLength(100)
  })

  it('caps how many searches are kept', () => {
    const s = memoryStorage({
      [STORAGE_KEY]: JSON.stringify({
        version: 1,
        searches: Array.from({ length: MAX_SEARCHES }, (_, i) => entry(`i${i}`, `S${i}`)),
      }),
    })
    expect(saveSearch(s, { name: 'One more', query: 'v=1' })).toEqual({
      ok: false,
      error: expect.stringMatching(/200/),
    })
    // Replacing one by name is still allowed at the cap.
    expect(saveSearch(s, { name: 'S3', query: 'v=1&new' }).ok).toBe(true)
  })

  it('keeps the good entries among bad ones and backs the original up before writing', () => {
    const stored = JSON.stringify({
      version: 1,
      searches: [entry('a', 'Good'), { id: 5, name: null }, entry('a', 'Dup id')],
    })
    const s = memoryStorage({ [STORAGE_KEY]: stored })
    const r = listSaved(s)
    expect(r.searches.map((x) => x.name)).toEqual(['Good'])
    expect(r.problem).toBe('2 saved searches could not be read and were left out.')
    expect(saveSearch(s, { name: 'New', query: 'v=1&m=d' }).ok).toBe(true)
    expect(s.items.get(BACKUP_KEY)).toBe(stored)
    expect(names(s).sort()).toEqual(['Good', 'New'])
    expect(listSaved(s).problem).toBeUndefined()
  })

  it('does not back up storage that was fine', () => {
    const s = memoryStorage()
    saveSearch(s, { name: 'A', query: 'v=1' })
    saveSearch(s, { name: 'B', query: 'v=2' })
    expect(s.items.has(BACKUP_KEY)).toBe(false)
  })

  it.each([
    ['unparsable JSON', '{not json'],
    ['an array', '[]'],
    ['no version', JSON.stringify({ searches: [entry('a', 'A')] })],
    ['searches not a list', JSON.stringify({ version: 1, searches: {} })],
    ['null', 'null'],
  ])('reports %s as unreadable and backs it up before the next save', (_, raw) => {
    const s = memoryStorage({ [STORAGE_KEY]: raw })
    expect(listSaved(s)).toEqual({ searches: [], problem: expect.stringMatching(/could not be read/) })
    expect(saveSearch(s, { name: 'x', query: 'v=1' }).ok).toBe(true)
    expect(s.items.get(BACKUP_KEY)).toBe(raw)
    expect(names(s)).toEqual(['x'])
  })

  it('leaves data from a newer version alone', () => {
    const future = JSON.stringify({ version: 2, searches: [{ id: 'a', title: 'new shape' }] })
    const s = memoryStorage({ [STORAGE_KEY]: future })
    expect(listSaved(s)).toMatchObject({
      readOnly: true,
      problem: expect.stringMatching(/saved by a newer version of Plat/),
    })
    expect(saveSearch(s, { name: 'x', query: 'v=1' }).ok).toBe(false)
    expect(deleteSearch(s, 'a').ok).toBe(false)
    expect(s.items.get(STORAGE_KEY)).toBe(future)
    expect(s.items.has(BACKUP_KEY)).toBe(false)
  })

  it('says storage is full when setItem hits the quota', () => {
    const full: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(saveSearch(full, { name: 'x', query: 'v=1' })).toEqual({ ok: false, error: STORAGE_FULL })
    expect(STORAGE_FULL).toMatch(/^Browser storage is full; delete some saved searches/)
  })

  it('copes with storage that is missing or throws on every call', () => {
    const hostile: StorageLike = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    for (const s of [null, hostile]) {
      expect(listSaved(s)).toMatchObject({
        searches: [],
        readOnly: true,
        problem: expect.stringMatching(/not available/),
      })
      expect(saveSearch(s, { name: 'x', query: 'v=1' })).toEqual({
        ok: false,
        error: expect.stringMatching(/not available/),
      })
      expect(findByName(s, 'x')).toBeUndefined()
    }
  })

  it('never throws on arbitrary stored text', () => {
    const envelope = fc.record({ version: fc.oneof(fc.constant(1), fc.anything()), searches: fc.array(fc.anything()) })
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          envelope.map((e) => JSON.stringify(e) ?? ''),
        ),
        (raw) => {
          const s = memoryStorage({ [STORAGE_KEY]: raw })
          const r = listSaved(s)
          expect(Array.isArray(r.searches)).toBe(true)
          const w = saveSearch(s, { name: 'n', query: 'v=1' })
          expect(typeof w.ok).toBe('boolean')
        },
      ),
    )
  })
})
