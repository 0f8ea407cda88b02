import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import type { HoldingsOverlay } from '../../ports/workspace-ports'
import { createAppStore } from '../../state/store'
import { FakeParcels, parcel, square } from './holdings-fixtures.test-support'
import { HoldingsFlows } from './holdings-flows'

const COUNTIES: CoverageCounty[] = [
  {
    state: 'IA',
    state_fp: '19',
    county_fp: '169',
    county: 'Story',
    parcels: 9,
    bbox: [-94, 41, -93, 43],
    loaded_at: '',
  },
  {
    state: 'KS',
    state_fp: '20',
    county_fp: '055',
    county: 'Finney',
    parcels: 9,
    bbox: [-101, 37, -100, 39],
    loaded_at: '',
  },
]
const BOX = 'PO BOX 412, AMES, IA 50010'

function world(): ParcelRecord[] {
  return [
    parcel({ owner: 'MILLER FARMS LLC', mail_addr: BOX, geom: square(-93.5, 42), acres_calc: 40, parcel_id: 'A-1' }),
    parcel({ owner: 'MILLER FARMS LLC', mail_addr: BOX, geom: square(-93.49, 42), acres_calc: 39, parcel_id: 'A-2' }),
    parcel({
      owner: 'MILLER FARMS, L.L.C.',
      mail_addr: BOX,
      geom: square(-93.48, 42),
      acres_calc: 38,
      parcel_id: 'A-3',
    }),
    parcel({
      owner: 'MILLER FARM LLC',
      mail_addr: BOX,
      geom: square(-100.5, 38),
      acres_calc: 80,
      state: 'KS',
      county: 'Finney',
      county_fp: '055',
    }),
    parcel({ owner: 'PRAIRIE ACRES LLC', mail_addr: BOX, geom: square(-93.3, 42.2), acres_calc: 10 }),
    parcel({ owner: 'MILLER, JOHN', mail_addr: '9 ELM', geom: square(-93.2, 42.3), acres_calc: 5 }),
  ]
}

async function setup(records = world()) {
  const server = new FakeParcels(records)
  const store = createAppStore()
  const overlays: (HoldingsOverlay | null)[] = []
  const framed: unknown[] = []
  const flows = new HoldingsFlows({
    store,
    sources: server.sources(),
    counties: () => COUNTIES,
    confirmThreshold: () => 50,
    reportError: () => {},
    frame: (g) => framed.push(g),
    known: () => undefined,
  })
  flows.attach({ setOverlay: (o) => overlays.push(o), destroy: () => {} })
  return { server, store, flows, overlays, framed }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('owner flow', () => {
  it('plans, runs in the fewest calls, includes only the name, merges holdings and shows them', async () => {
    const { server, flows, overlays, framed } = await setup()
    flows.owner.ask('MILLER FARMS LLC', [BOX])
    expect(flows.owner.state.get()).toMatchObject({
      status: 'ready',
      states: ['IA', 'KS'],
      question: { word: 'MILLER' },
    })
    expect(server.queries).toHaveLength(0)
    await flows.owner.run()
    const s = flows.owner.state.get()
    if (s.status !== 'done') throw new Error(s.status)
    // 5 parcels contain MILLER → 1 call; 5 at the box → 1 call.
    expect(server.queries).toHaveLength(2)
    expect(s.calls).toBe(2)
    expect(s.included).toEqual(['MILLER FARMS LLC'])
    await settle()
    const m = flows.merged.get()
    if (m.status !== 'ready') throw new Error(m.status)
    expect(m.holdings.map((h) => [h.parcelCount, h.acres])).toEqual([[2, 79]])
    expect(flows.table.get()?.records).toHaveLength(2)
    expect(overlays.at(-1)?.holdings).toHaveLength(1)
    expect(framed.length).toBeGreaterThan(0)
    // The user adds the L.L.C. spelling (adjacent) and the KS one (elsewhere).
    flows.owner.setIncluded('MILLER FARMS, L.L.C.', true)
    flows.owner.setIncluded('MILLER FARM LLC', true)
    await settle()
    const again = flows.merged.get()
    if (again.status !== 'ready') throw new Error(again.status)
    expect(again.holdings.map((h) => [h.parcelCount, h.acres, h.counties])).toEqual([
      [3, 117, ['Story, IA']],
      [1, 80, ['Finney, KS']],
    ])
    expect(flows.subjectOf('H1')).toMatchObject({ acres: 117, label: 'Holding 1' })
    expect(server.queries).toHaveLength(2)
    // What the holding report takes: the names chosen, those offered and left out, holdings, parcels.
    const p = flows.portfolio()
    expect(p?.owner).toBe('MILLER FARMS LLC')
    expect(p?.included.map((g) => g.name)).toEqual(['MILLER FARMS LLC', 'MILLER FARM LLC', 'MILLER FARMS, L.L.C.'])
    expect(p?.leftOut.map((g) => g.name)).toEqual(['PRAIRIE ACRES LLC'])
    expect(p?.holdings.map((h) => h.id)).toEqual(['H1', 'H2'])
    expect(p?.records).toHaveLength(4)
  })

  it('without coverage it says a portfolio cannot be planned', async () => {
    const server = new FakeParcels(world())
    const flows = new HoldingsFlows({
      store: createAppStore(),
      sources: server.sources(),
      counties: () => [],
      confirmThreshold: () => 50,
      reportError: () => {},
      frame: () => {},
      known: () => undefined,
    })
    flows.owner.ask('MILLER FARMS LLC')
    await flows.owner.run()
    expect(flows.owner.state.get()).toMatchObject({ status: 'failed', message: expect.stringMatching(/coverage/) })
    expect(flows.portfolio()).toBeNull()
  })
})

describe('assemblage', () => {
  it('picks parcels by map click while picking, fetches them once, and merges their outline', async () => {
    const { server, store, flows, overlays } = await setup()
    const [a, b] = world()
    expect(flows.click(a!.svc_uuid)).toBe(false)
    store.getState().setPicking(true)
    const ids = server.records.slice(0, 2).map((r) => r.svc_uuid)
    expect(flows.click(ids[0]!)).toBe(true)
    expect(flows.click(ids[1]!)).toBe(true)
    await settle()
    await settle()
    const s = flows.assemblage.state.get()
    if (s.status !== 'ready') throw new Error(s.status)
    expect(s.records).toHaveLength(2)
    expect(s.summary?.acres).toBe(79)
    expect(s.summary?.geometry.type).toBe('Polygon')
    expect(overlays.at(-1)?.assemblage?.parcels).toHaveLength(2)
    // One call per parcel picked (the card's own request), none again.
    expect(server.queries).toHaveLength(2)
    flows.click(ids[0]!)
    await settle()
    expect(store.getState().assemblage?.ids).toEqual([ids[1]])
    expect(server.queries).toHaveLength(2)
    expect(b).toBeDefined()
  })

  it('loads a shared link’s parcels in ⌈k/100⌉ calls and names the ones gone', async () => {
    const { server, store, flows } = await setup()
    const ids = server.records.map((r) => r.svc_uuid)
    store.getState().setAssemblage({ name: 'Shared', ids: [...ids, '00000000-0000-4000-8000-ffffffffffff'] })
    await settle()
    await settle()
    const s = flows.assemblage.state.get()
    if (s.status !== 'ready') throw new Error(s.status)
    expect(server.queries).toHaveLength(1)
    expect(s.records).toHaveLength(6)
    expect(s.missing).toEqual(['00000000-0000-4000-8000-ffffffffffff'])
  })
})

describe('list flow', () => {
  it('reads, plans, runs and reports, then shows the parcels in the table', async () => {
    const { server, flows } = await setup()
    flows.list.load('APN,County\nA-1,Story\nA-2,story county\nZZ,Story\nA-3,Polk\n', 'my.csv')
    const ready = flows.list.state.get()
    if (ready.status !== 'ready') throw new Error(ready.status)
    expect(ready.setup.calls).toBe(1)
    await flows.list.run()
    const done = flows.list.state.get()
    if (done.status !== 'done') throw new Error(done.status)
    expect(server.queries).toHaveLength(1)
    expect(done.result.answers.map((a) => a.reason)).toEqual([null, null, 'unknown number', 'outside coverage'])
    expect(flows.table.get()).toMatchObject({ source: 'list', title: 'List: my.csv' })
    expect(flows.list.answers(true)?.rows).toHaveLength(2)
  })
})
