/** A short search's results are marked on the map once, when it is done; a long one's page by page after the wait. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import type { SearchResult } from '../../features/search/search-types'
import { pushStoreChange, ResultMarks } from './map-sync'

const row = (id: string) => ({ svc_uuid: id }) as ParcelRecord
const snap = (status: SearchResult['status'], rows: ParcelRecord[]) => ({ status, rows }) as unknown as SearchResult

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup() {
  let t = 0
  const pushes: number[] = []
  const marks = new ResultMarks(
    () => pushes.push(t),
    1000,
    () => t,
  )
  return { marks, pushes, at: (ms: number) => (t = ms) }
}

it('a search done within the wait is marked once, when done; its planning snapshot clears the old marks at once', () => {
  const { marks, pushes, at } = setup()
  const spec = {}
  marks.update(snap('planning', []), spec)
  expect(pushes).toEqual([0])
  at(300)
  marks.update(snap('loading', [row('a')]), spec)
  at(500)
  marks.update(snap('loading', [row('a'), row('b')]), spec)
  expect(pushes).toEqual([0])
  at(600)
  marks.update(snap('done', [row('a'), row('b')]), spec)
  expect(pushes).toEqual([0, 600])
  // The held push was dropped: nothing is marked again after the search is done.
  vi.advanceTimersByTime(2000)
  expect(pushes).toEqual([0, 600])
})

it('a longer search is marked once the wait is over, then at every snapshot', () => {
  const { marks, pushes, at } = setup()
  const spec = {}
  marks.update(snap('planning', []), spec)
  at(400)
  marks.update(snap('loading', [row('a')]), spec)
  at(1000)
  vi.advanceTimersByTime(600)
  expect(pushes).toEqual([0, 1000])
  at(1200)
  marks.update(snap('loading', [row('a'), row('b')]), spec)
  expect(pushes).toEqual([0, 1000, 1200])
})

it('a new search waits again from its own start', () => {
  const { marks, pushes, at } = setup()
  marks.update(snap('loading', [row('a')]), 'first')
  at(1500)
  marks.update(snap('loading', [row('a')]), 'first')
  expect(pushes).toEqual([1500])
  marks.update(snap('loading', [row('b')]), 'second')
  expect(pushes).toEqual([1500])
})

it('a new search holds the map’s resize as long as its first marks wait; other changes do not', () => {
  const holds: number[] = []
  const map = { holdResize: (ms: number) => holds.push(ms), setSelected: () => {} } as never
  const base = { selectedId: null, basemap: 'b', theme: 'plain', tool: 'pan', areas: [], submitted: null } as never
  const spec = { areas: [] }
  pushStoreChange(map, null, { ...(base as object), submitted: spec } as never, base)
  expect(holds).toEqual([1000])
  // The same search again (any other change of the store), or the search cleared: no hold.
  pushStoreChange(
    map,
    null,
    { ...(base as object), submitted: spec, selectedId: 'x' } as never,
    {
      ...(base as object),
      submitted: spec,
    } as never,
  )
  pushStoreChange(map, null, base, { ...(base as object), submitted: spec } as never)
  expect(holds).toEqual([1000])
})
