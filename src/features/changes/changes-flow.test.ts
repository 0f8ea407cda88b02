import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import type { ChangesResponse, ParcelChange } from '../../../contract/changes'
import type { CoverageResponse } from '../../../contract/tiles'
import { ApiError } from '../../api/api-error'
import type { ChangesQuery } from '../../api/changes'
import type { CoverageState } from '../../state/coverage-state'
import { createAppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import { ChangesFlow, type SearchRun } from './changes-flow'
import { parcelSetKey } from './search-key'

const area: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-93.7, 42.0],
      [-93.6, 42.0],
      [-93.6, 42.1],
      [-93.7, 42.1],
      [-93.7, 42.0],
    ],
  ],
}

const coverage = (version: string, extensions = ['land_use_class', 'changes']): CoverageState => ({
  status: 'ready',
  coverage: { counties: [], version, tiles: null, extensions } satisfies CoverageResponse,
})

const change = (kind: ParcelChange['kind'], svc_uuid: string, related: string[] = []): ParcelChange => ({
  id: 1,
  svc_uuid,
  kind,
  facets: [kind],
  related,
  state_fp: '19',
  county_fp: '169',
  version: 'v2',
  loaded_at: '2025-03-10T00:00:00.000Z',
  parcel_id: null,
  situs: null,
  lon: -93.65,
  lat: 42.05,
  before: null,
  after: null,
})

function setup(answer: (q: ChangesQuery) => ChangesResponse | null | Error, cov = coverage('v2')) {
  const store = createAppStore()
  const rows = [{ svc_uuid: 'a' }, { svc_uuid: 'b' }, { svc_uuid: 'y1' }]
  let snapshot = { status: 'idle', rows: [], rowCount: 0 } as unknown as SearchRun
  const listeners = new Set<() => void>()
  const search = {
    getSnapshot: () => snapshot,
    subscribe: (l: () => void) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  }
  const done = () => {
    snapshot = { ...snapshot, status: 'done', rows, rowCount: rows.length } as SearchRun
    for (const l of listeners) l()
  }
  const asked: ChangesQuery[] = []
  const coverageStore = new ValueStore<CoverageState>(cov)
  const flow = new ChangesFlow({
    store,
    search,
    coverage: coverageStore,
    today: () => '2025-06-01',
    load: async (q) => {
      asked.push(q)
      const a = answer(q)
      if (a instanceof Error) throw a
      return a
    },
  })
  const submitArea = () => {
    store.getState().replaceAreas([{ id: 'a1', kind: 'polygon', geometry: area }])
    store.getState().submit()
  }
  return { store, flow, done, asked, submitArea, coverageStore }
}

const settle = () => new Promise((r) => setTimeout(r, 0))
const response = (changes: ParcelChange[]): ChangesResponse => ({
  since: 'v1',
  version: 'v2',
  loads: [],
  changes,
  next: null,
})

describe('ChangesFlow', () => {
  it('stamps a search run now with the version now and asks nothing', async () => {
    const t = setup(() => response([]))
    t.submitArea()
    t.done()
    await settle()
    expect(t.store.getState().dataStamp?.stamp).toEqual({ version: 'v2', date: '2025-06-01' })
    expect(t.asked).toEqual([])
    expect(t.flow.state.get()).toEqual({ status: 'none' })
  })

  it('a link from older data asks the log over the areas’ box and sums up what changed among its results', async () => {
    const t = setup(() =>
      response([change('sold', 'a'), change('split', 'x', ['y1', 'y2']), change('sold', 'elsewhere')]),
    )
    t.submitArea()
    const spec = t.store.getState().submitted!
    t.store.getState().setDataStamp({ version: 'v1', date: '2025-03-03' }, parcelSetKey(spec))
    t.done()
    await settle()
    expect(t.asked).toEqual([{ since: 'v1', bbox: [-93.7, 42, -93.6, 42.1], limit: 5000, after: 0 }])
    const st = t.flow.state.get()
    expect(st.status).toBe('ready')
    if (st.status !== 'ready') return
    expect(st.results).toBe(3)
    expect(st.summary.counts).toEqual({ sold: 1, split: 1 })
    // The old id of the split parcel: its successors, without another question.
    expect(await t.flow.fateOf('x', new AbortController().signal)).toEqual({
      kind: 'split',
      successors: ['y1', 'y2'],
      loadedAt: '2025-03-10T00:00:00.000Z',
    })
    expect(t.asked).toHaveLength(1)
    // Dismiss: the search is about the data now; the notice goes and the link no longer carries v1.
    t.flow.dismiss()
    await settle()
    expect(t.store.getState().dataStamp?.stamp).toEqual({ version: 'v2', date: '2025-06-01' })
    expect(t.flow.state.get()).toEqual({ status: 'none' })
  })

  it('a version the log does not know, and a server without the log', async () => {
    const t = setup(() => new ApiError({ status: 400, kind: 'invalid', detail: 'Unknown data version' }))
    t.submitArea()
    t.store.getState().setDataStamp({ version: 'v0', date: '2024-01-01' }, parcelSetKey(t.store.getState().submitted!))
    t.done()
    await settle()
    expect(t.flow.state.get()).toEqual({ status: 'unknown', since: { version: 'v0', date: '2024-01-01' } })

    const other = setup(() => response([]), coverage('v2', []))
    other.submitArea()
    other.store
      .getState()
      .setDataStamp({ version: 'v0', date: '2024-01-01' }, parcelSetKey(other.store.getState().submitted!))
    other.done()
    await settle()
    expect(other.asked).toEqual([])
    expect(other.flow.state.get()).toEqual({ status: 'none' })
  })

  it('a parcel id no search brings is looked up by id', async () => {
    const t = setup((q) => (q.id === 'old' ? response([change('merged', 'new', ['old', 'other'])]) : response([])))
    t.submitArea()
    t.store.getState().setDataStamp({ version: 'v1', date: '2025-03-03' }, parcelSetKey(t.store.getState().submitted!))
    expect(await t.flow.fateOf('old', new AbortController().signal)).toMatchObject({
      kind: 'merged',
      successors: ['new'],
    })
    expect(t.asked.at(-1)).toEqual({ since: 'v1', id: 'old' })
  })
})
