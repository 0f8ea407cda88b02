import { describe, expect, it } from 'vitest'
import type { CoverageResponse } from '../../../contract/tiles'
import { NotInPackError } from '../../features/field/offline-sources'
import { harness, until } from '../../features/search/search-harness.test-support'
import type { DrawEvents, MapPort } from '../../ports/workspace-ports'
import { createAppStore } from '../../state/store'
import { restoreFromUrl } from './url-sync'
import { Workspace } from './workspace'

function fakeMap(calls: string[]): MapPort {
  return {
    handlers: {},
    setParcels: () => {},
    setBuildings: () => {},
    setLookupParcels: () => {},
    setComps: () => {},
    setSelected: (id) => calls.push(`selected:${id}`),
    setBasemap: () => {},
    setTheme: (t) => calls.push(`theme:${t}`),
    setTiles: (t) => calls.push(`tiles:${t?.url ?? 'none'}`),
    setCoverage: (c) => calls.push(`coverage:${c.length}`),
    fitBounds: (_b, z) => calls.push(`fitBounds:${z}`),
    setClickMode: (m) => calls.push(`click:${m}`),
    fitTo: (_g, z) => calls.push(`fit:${z}`) > 0,
    fitToRecords: () => calls.push('fitRecords'),
    flyTo: () => calls.push('fly'),
    bounds: () => [-93.6, 42.0, -93.5, 42.1],
    destroy: () => {},
  }
}

const COVERAGE: CoverageResponse = {
  counties: [
    {
      state_fp: '19',
      county_fp: '169',
      state: 'IA',
      county: 'Story',
      parcels: 500,
      bbox: [-93.7, 41.86, -93.23, 42.21],
      loaded_at: '2026-11-01T00:00:00Z',
    },
  ],
  version: 'v1',
  tiles: { path: '/tiles/parcels/{z}/{x}/{y}.mvt', min_zoom: 10, max_zoom: 16 },
}

/** A drawing layer that does nothing (these tests drive the workspace, not the drawing). */
const idleDraw = () => ({
  setTool: () => {},
  syncAreas: () => {},
  cancel: () => {},
  setMeasureKind: () => {},
  setSketch: () => {},
  destroy: () => {},
})

async function setup(
  options: Parameters<typeof harness>[1] = {},
  coverage: CoverageResponse | null = COVERAGE,
  /** When given, the map is created only once it resolves (a press before the map exists). */
  mapReady?: Promise<void>,
) {
  const calls: string[] = []
  const fetched: string[] = []
  const store = createAppStore()
  const h = harness(500, options)
  const map = fakeMap(calls)
  const draw: { events: DrawEvents | null } = { events: null }
  const ws = new Workspace({
    store,
    search: h.session,
    lookupPoint: async () => [],
    fetchParcel: async (id) => {
      fetched.push(id)
      if (id === 'unpacked') throw new NotInPackError()
      return id === 'gone' ? null : { svc_uuid: id, owner: 'TILE OWNER' }
    },
    loadCoverage: async () => coverage,
    apiUrl: (path) => `http://plat.test${path}`,
    maps: {
      createMap: async () => {
        await mapReady
        return {
          map,
          createDraw: async (events) => {
            draw.events = events
            return idleDraw()
          },
        }
      },
    },
  })
  ws.mountMap({} as HTMLElement)
  await new Promise((r) => setTimeout(r, 0))
  return { calls, store, h, ws, map, draw, fetched }
}

describe('workspace intents', () => {
  it('searchMapView adds the visible rectangle as an area and runs the search', async () => {
    const { store, h, ws } = await setup()
    ws.searches.mapView()
    expect(store.getState().areas).toHaveLength(1)
    expect(store.getState().submitted?.areas).toHaveLength(1)
    await h.session.settled()
    expect(h.session.getSnapshot().status).toBe('done')
  })

  it('searchMapView pressed before the map exists searches the view once the map is there', async () => {
    // A CI run caught the press doing nothing at all: the map was still being created.
    let ready = () => {}
    const { store, h } = await setup({}, COVERAGE, new Promise<void>((r) => (ready = r))).then(async (t) => {
      t.ws.searches.mapView()
      expect(t.store.getState().areas).toHaveLength(0)
      ready()
      await new Promise((r) => setTimeout(r, 0))
      return t
    })
    expect(store.getState().areas).toHaveLength(1)
    expect(store.getState().submitted?.areas).toHaveLength(1)
    await h.session.settled()
    expect(h.session.getSnapshot().status).toBe('done')
  })

  it('openParcelById selects, opens details and frames the parcel; a map click does not move the camera', async () => {
    const { store, h, ws, calls } = await setup()
    ws.searches.mapView()
    await h.session.settled()
    const first = h.session.getSnapshot().rows[0]!
    ws.parcels.openById(first.svc_uuid)
    expect(store.getState()).toMatchObject({ selectedId: first.svc_uuid, detailsOpen: true })
    calls.length = 0
    ws.parcels.openById(first.svc_uuid, { zoom: false })
    expect(calls.filter((c) => c.startsWith('fit'))).toEqual([])
  })

  it('sorting a complete filters-only result is local; a partial one asks first', async () => {
    const { store, h, ws } = await setup()
    store.getState().setMode('direct')
    store.getState().setFilters([{ field: 'state', op: 'eq', value: 'IA' }])
    ws.searches.submit()
    await h.session.settled()
    const spent = h.server.queries.length
    expect(ws.searches.sortBy({ field: 'acres', direction: 'desc' })).toEqual({ kind: 'local' })
    await h.session.settled()
    expect(h.server.queries.length).toBe(spent)
    expect(store.getState().order).toEqual({ field: 'acres', direction: 'desc' })
  })

  it('a partial filters-only result asks before sorting; once confirmed, the sorted run does not ask again', async () => {
    const { store, h, ws } = await setup({ confirmThreshold: () => 2 })
    store.getState().setMode('direct')
    store.getState().setFilters([{ field: 'state', op: 'eq', value: 'IA' }])
    ws.searches.submit()
    await until(() => h.session.getSnapshot().status === 'asking')
    h.session.cancel() // "Cancel" on the cost question: only the first page is loaded
    expect(h.session.getSnapshot().complete).toBe(false)
    const order = { field: 'acres', direction: 'desc' } as const
    expect(ws.searches.sortBy(order)).toMatchObject({ kind: 'ask' })
    expect(store.getState().ui).toMatchObject({ kind: 'sort', order })
    const spent = h.server.queries.length
    ws.searches.applySort(order, { costAccepted: true })
    await h.session.settled()
    const r = h.session.getSnapshot()
    expect(r.status).toBe('done')
    expect(r.complete).toBe(true)
    expect(h.server.queries.length).toBeGreaterThan(spent)
    expect(h.server.queries.slice(spent).every((q) => q.order?.direction === 'desc')).toBe(true)
  })

  it('picking a map tool closes the phone controls sheet so the map can be drawn on; Pan leaves it open', async () => {
    const { store, ws } = await setup()
    store.getState().setSearchSheetOpen(true)
    ws.draw.pickTool('pan')
    expect(store.getState().searchSheetOpen).toBe(true)
    ws.draw.pickTool('rectangle')
    expect(store.getState()).toMatchObject({ tool: 'rectangle', searchSheetOpen: false })
  })

  it('frameAreas fits the map to the areas; escape closes details', async () => {
    const { store, ws, calls } = await setup()
    ws.searches.mapView()
    calls.length = 0
    ws.draw.frameAreas()
    expect(calls).toEqual(['fit:15'])
    store.getState().select('x', true)
    ws.escape()
    expect(store.getState().detailsOpen).toBe(false)
  })

  it('a finished shape returns the map to Pan unless the tool is kept; a refused one does not', async () => {
    const { store, ws, draw } = await setup()
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [-93.6, 42.0],
          [-93.59, 42.0],
          [-93.59, 42.01],
          [-93.6, 42.0],
        ],
      ],
    }
    ws.draw.pickTool('rectangle')
    draw.events?.onRejected('too small')
    await new Promise((r) => setTimeout(r, 5))
    expect(store.getState().tool).toBe('rectangle')
    draw.events?.onArea({ id: 'a', kind: 'rectangle', geometry: square })
    await new Promise((r) => setTimeout(r, 5))
    expect(store.getState().tool).toBe('pan')
    store.getState().setToolLocked(true)
    ws.draw.pickTool('polygon')
    draw.events?.onArea({ id: 'b', kind: 'polygon', geometry: square })
    await new Promise((r) => setTimeout(r, 5))
    expect(store.getState().tool).toBe('polygon')
  })

  it('pushes coverage to the map: county shading and the tile source at the API server', async () => {
    const { calls, ws } = await setup()
    expect(calls).toContain('coverage:1')
    // With the data version, so the browser may keep each tile until the data changes.
    expect(calls).toContain('tiles:http://plat.test/tiles/parcels/{z}/{x}/{y}.mvt?v=v1')
    expect(ws.coverage.counties()).toHaveLength(1)
    calls.length = 0
    ws.jumpTo(COVERAGE.counties[0]!)
    expect(calls).toEqual(['fitBounds:10'])
    const none = await setup({}, null)
    expect(none.ws.coverage.state.get()).toEqual({ status: 'none' })
    expect(none.calls).toContain('tiles:none')
  })

  it('a click on a result opens it; on any other parcel fetches it by id and opens it', async () => {
    const { store, h, ws, fetched } = await setup()
    ws.searches.mapView()
    await h.session.settled()
    const first = h.session.getSnapshot().rows[0]!
    ws.parcels.click(first.svc_uuid)
    expect(fetched).toEqual([])
    expect(store.getState().selectedId).toBe(first.svc_uuid)
    ws.parcels.click('tile-parcel')
    expect(store.getState()).toMatchObject({ selectedId: 'tile-parcel', detailsOpen: true })
    expect(ws.parcels.pick.get()).toEqual({ id: 'tile-parcel', status: 'loading' })
    await new Promise((r) => setTimeout(r, 0))
    expect(fetched).toEqual(['tile-parcel'])
    expect(ws.parcels.recordById('tile-parcel')?.owner).toBe('TILE OWNER')
    expect(ws.parcels.pick.get()).toBeNull()
    ws.parcels.click('gone')
    await new Promise((r) => setTimeout(r, 0))
    expect(ws.parcels.pick.get()).toEqual({
      id: 'gone',
      status: 'failed',
      message: 'This parcel is no longer on the server.',
    })
    // Offline, a parcel outside the pack's records exists all the same (issue 37).
    ws.parcels.click('unpacked', { acres: 1.5, landUse: 'Residential' })
    await new Promise((r) => setTimeout(r, 0))
    expect(ws.parcels.pick.get()).toMatchObject({
      id: 'unpacked',
      status: 'failed',
      message: /^From the map: 1\.5 ac, Residential\. Offline: .*not in your pack/,
    })
    ws.parcels.click(null)
    expect(store.getState().selectedId).toBeNull()
  })

  it('a theme change reaches the map', async () => {
    const { store, calls } = await setup()
    store.getState().setTheme('acres')
    expect(calls).toContain('theme:acres')
  })
})

describe('opening a link', () => {
  it('a link that lost its view (cut short) frames the areas it restored', async () => {
    const calls: string[] = []
    const store = createAppStore()
    store.getState().replaceAreas([
      {
        id: 'a',
        kind: 'polygon',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-93.6, 42],
              [-93.5, 42],
              [-93.5, 42.1],
              [-93.6, 42],
            ],
          ],
        },
      },
    ])
    const ws = new Workspace({
      store,
      search: harness(10).session,
      lookupPoint: async () => [],
      fetchParcel: async () => null,
      loadCoverage: async () => null,
      apiUrl: (path) => `http://plat.test${path}`,
      initialView: null,
      maps: {
        createMap: async () => ({
          map: fakeMap(calls),
          createDraw: async () => idleDraw(),
        }),
      },
    })
    ws.mountMap({} as HTMLElement)
    await until(() => calls.includes('fit:15'))
    ws.dispose()
  })
})

describe('comparable sales (issue 20)', () => {
  it('comps for a parcel open it; another parcel or closed details close the comps; Escape closes them first', async () => {
    const { store, ws } = await setup()
    ws.comps.forSubject({ kind: 'parcel', id: 'p1' })
    expect(store.getState()).toMatchObject({ selectedId: 'p1', detailsOpen: true })
    expect(store.getState().comps).toMatchObject({ subject: { kind: 'parcel', id: 'p1' }, choices: null })
    // Valued as of the latest sale found unless a date is set (issue 38).
    expect(store.getState().comps!.asOf).toBeNull()
    store.getState().setCompsOverride('c9', 'pin')
    expect(store.getState().comps!.overrides).toEqual({ c9: 'pin' })
    store.getState().select('p2', true)
    expect(store.getState().comps).toBeNull()
    ws.comps.forSubject({ kind: 'parcel', id: 'p2' })
    store.getState().closeDetails()
    expect(store.getState().comps).toBeNull()
    ws.comps.forSubject({ kind: 'parcel', id: 'p2' })
    ws.escape()
    expect(store.getState().comps).toBeNull()
    expect(store.getState().detailsOpen).toBe(true)
  })

  it('comps for a drawn area: a site with the area’s acres, centre and id; a parcel opened later closes them', async () => {
    const { store, ws } = await setup()
    ws.searches.mapView()
    const area = store.getState().areas[0]!
    store.getState().select('p1', true)
    ws.comps.forArea(area.id)
    const comps = store.getState().comps!
    expect(comps.subject).toMatchObject({ kind: 'site', areaId: area.id, label: 'Polygon 1' })
    expect(comps.subject.kind === 'site' && comps.subject.acres).toBeGreaterThan(0)
    expect(store.getState().selectedId).toBeNull()
    store.getState().select('p3', true)
    expect(store.getState().comps).toBeNull()
  })

  it('a link whose search lost a filter is set up but not run; a whole one runs', () => {
    const held = createAppStore()
    const r = restoreFromUrl(held, '?f=nosuch:eq:s1~acres:gt:5~state:eq:sIA&s=1&c=-93.5,42,10&v=1')
    expect(r.held).toBe(true)
    expect(r.problems).toHaveLength(1)
    expect(held.getState().filters).toHaveLength(2)
    expect(held.getState().submitted).toBeNull()
    const whole = createAppStore()
    const w = restoreFromUrl(whole, '?f=acres:gt:5~state:eq:sIA&s=1&c=-93.5,42,10&v=1')
    expect(w.held).toBe(false)
    expect(whole.getState().submitted).not.toBeNull()
  })

  it('a link with comps restores them and opens their parcel; a garbled comps part is reported and the rest kept', () => {
    const store = createAppStore()
    const id = '012dc70f-abe8-5d09-af93-5f033862e78b'
    const { problems } = restoreFromUrl(
      store,
      `?f=state:eq:sIA&cs=1~p${id}~2.5,7,30,x,514235~20261101~aaaa-1&c=-93.5,42,10&v=1`,
    )
    expect(problems).toEqual([])
    expect(store.getState()).toMatchObject({ selectedId: id, detailsOpen: true })
    expect(store.getState().comps).toEqual({
      subject: { kind: 'parcel', id },
      choices: {
        radiusMiles: 2.5,
        years: 7,
        acresBand: 0.3,
        priceBand: null,
        weights: { distance: 5, size: 1, landUse: 4, crop: 2, soil: 3, recency: 5 },
      },
      overrides: { 'aaaa-1': 'pin' },
      asOf: '2026-11-01',
    })
    const garbled = createAppStore()
    const r = restoreFromUrl(garbled, '?f=state:eq:sIA&cs=1~q!!&c=-93.5,42,10&v=1')
    expect(garbled.getState().comps).toBeNull()
    expect(garbled.getState().filters).toEqual([{ field: 'state', op: 'eq', value: 'IA' }])
    expect(r.problems).toHaveLength(1)
  })
})
