import { expect, it } from 'vitest'
import { memoryStorage } from '../../state/memory-storage.test-support'
import { anEvent, aWatch, fakeDeps, fakeServer } from './watches.test-support'
import { WatchesFlow } from './watches-flow'

const settle = () => new Promise((r) => setTimeout(r, 0))

it('reads the watches and their events, newest first, and counts the unseen', async () => {
  const server = fakeServer([aWatch('a'), aWatch('b')], {
    a: [anEvent(1, { at: '2026-03-01T00:00:00Z' }), anEvent(2, { at: '2026-03-03T00:00:00Z' })],
    b: [anEvent(1, { at: '2026-03-02T00:00:00Z', kind: 'sold' })],
  })
  const flow = new WatchesFlow(fakeDeps(server.api).deps)
  flow.start()
  await settle()
  const s = flow.state.get()
  expect(s.status).toBe('ready')
  if (s.status !== 'ready') return
  expect(s.events.map((e) => `${e.watchId}${e.id}`)).toEqual(['a2', 'b1', 'a1'])
  expect(s.unseen).toBe(3)
  expect(server.calls).toEqual(['GET /watches', 'GET /watches/a/events?since=0', 'GET /watches/b/events?since=0'])
})

it('opening the inbox marks what it lists seen, in storage, for the next page too', async () => {
  const storage = memoryStorage()
  const server = fakeServer([aWatch('a')], { a: [anEvent(1), anEvent(2)] })
  const flow = new WatchesFlow(fakeDeps(server.api, storage).deps)
  flow.start()
  await settle()
  flow.openInbox()
  await settle()
  expect(flow.state.get()).toMatchObject({ unseen: 0 })
  // While the inbox is open, what was new when it opened still says so.
  const open = flow.state.get()
  expect(open.status === 'ready' && open.events.map((e) => e.unseen)).toEqual([true, true])
  flow.closeInbox()
  flow.markSeen()
  const closed = flow.state.get()
  expect(closed.status === 'ready' && closed.events.map((e) => e.unseen)).toEqual([false, false])
  expect(JSON.parse(storage.items.get('plat.watches.seen.test')!)).toEqual({ a: 2 })

  server.events.a!.push(anEvent(3))
  const again = new WatchesFlow(fakeDeps(server.api, storage).deps)
  again.start()
  await settle()
  const s = again.state.get()
  expect(s.status === 'ready' && s.events.map((e) => [e.id, e.unseen])).toEqual([
    [3, true],
    [2, false],
    [1, false],
  ])
})

it('polls slowly: on its timer and on focus, asking only for events after the last it has', async () => {
  const server = fakeServer([aWatch('a'), aWatch('p', { paused: true })], { a: [anEvent(1)] })
  const clock = fakeDeps(server.api)
  const flow = new WatchesFlow(clock.deps)
  flow.start()
  await settle()
  server.calls.length = 0
  // A focus right after a poll asks nothing.
  clock.advance(5_000)
  clock.focus()
  await settle()
  expect(server.calls).toEqual([])
  server.events.a!.push(anEvent(2))
  clock.advance(60_000)
  clock.focus()
  await settle()
  // The paused watch hears no reload: it is not asked again.
  expect(server.calls).toEqual(['GET /watches', 'GET /watches/a/events?since=1'])
  expect(flow.state.get()).toMatchObject({ unseen: 2 })
  server.calls.length = 0
  clock.tick()
  await settle()
  expect(server.calls).toEqual(['GET /watches', 'GET /watches/a/events?since=2'])
})

it('a server without watches (proxy mode) is "absent": buttons hide and the poll stops, no retry', async () => {
  const server = fakeServer(null)
  const clock = fakeDeps(server.api)
  const flow = new WatchesFlow(clock.deps)
  flow.start()
  await settle()
  expect(flow.state.get()).toEqual({ status: 'absent' })
  expect(flow.offered()).toBe(false)
  expect(clock.timers()).toBe(0)
  await flow.refresh()
  expect(server.calls).toEqual(['GET /watches'])
})

it('a failed read says so in words and keeps polling at its pace', async () => {
  const server = fakeServer([aWatch('a')])
  let fail = true
  const list = server.api.list
  server.api.list = (signal) => (fail ? Promise.reject(new Error('Could not reach the parcel server.')) : list(signal))
  const clock = fakeDeps(server.api)
  const flow = new WatchesFlow(clock.deps)
  flow.start()
  await settle()
  expect(flow.state.get()).toEqual({ status: 'failed', message: 'Could not reach the parcel server.' })
  fail = false
  clock.tick()
  await settle()
  expect(flow.state.get().status).toBe('ready')
})

it('proposes, names and creates a watch; the parcel is then watched', async () => {
  const server = fakeServer([])
  const flow = new WatchesFlow(fakeDeps(server.api).deps)
  flow.start()
  await settle()
  flow.propose({ name: 'Parcel 12 MAIN ST', parcels: ['p-9'] }, 'this parcel (12 MAIN ST)')
  expect(flow.draft.get()).toMatchObject({ status: 'editing', what: 'this parcel (12 MAIN ST)' })
  server.api.create = async (body) => aWatch('w1', { name: body.name, parcels: ['p-9'] })
  await flow.create('  Home farm ')
  expect(flow.draft.get()).toBeNull()
  expect(flow.parcelWatch('p-9')?.name).toBe('Home farm')
  expect(flow.parcelWatch('p-1')).toBeUndefined()
})

it('a refused watch keeps the dialog open with the server’s words', async () => {
  const server = fakeServer([])
  server.api.create = () => Promise.reject(new Error('This key already keeps 200 watches.'))
  const flow = new WatchesFlow(fakeDeps(server.api).deps)
  flow.propose({ name: 'x', parcels: ['p-1'] }, 'this parcel')
  await flow.create('x')
  expect(flow.draft.get()).toMatchObject({ status: 'editing', error: 'This key already keeps 200 watches.' })
})

it('renames, pauses and deletes; a failure is worded, not thrown', async () => {
  const server = fakeServer([aWatch('a'), aWatch('b')], { b: [anEvent(1)] })
  const flow = new WatchesFlow(fakeDeps(server.api).deps)
  flow.start()
  await settle()
  await flow.rename('a', 'Home farm')
  await flow.setPaused('a', true)
  await flow.remove('b')
  const s = flow.state.get()
  expect(s.status === 'ready' && s.watches).toEqual([expect.objectContaining({ name: 'Home farm', paused: true })])
  expect(s.status === 'ready' && s.events).toEqual([])
  await flow.remove('zz')
  expect(flow.problem.get()).toBe('The watch could not be deleted: No watch "zz" for this key.')
})

it('finds an owner watch whatever the spelling, and an area watch by its polygons and filters', async () => {
  const area = { type: 'FeatureCollection' as const, features: [{ type: 'Feature', geometry: { coordinates: [[1]] } }] }
  const server = fakeServer([
    aWatch('o', { kind: 'owner', owner: 'Miller Farms, LLC', parcels: undefined }),
    aWatch('g', { kind: 'area', area: { ...area, extra: 1 }, filters: [], parcels: undefined }),
  ])
  const flow = new WatchesFlow(fakeDeps(server.api).deps)
  flow.start()
  await settle()
  expect(flow.ownerWatch('MILLER FARMS LLC')?.id).toBe('o')
  expect(flow.ownerWatch('MILLER FARM')).toBeUndefined()
  expect(flow.areaWatch({ area, filters: [] })?.id).toBe('g')
  expect(flow.areaWatch({ area, filters: [{ field: 'acres', op: 'gt', value: 5 }] })).toBeUndefined()
})

it('a server that says nothing of its coverage is not even asked', async () => {
  const server = fakeServer([aWatch('a')])
  const clock = fakeDeps(server.api)
  const flow = new WatchesFlow({ ...clock.deps, mayKeepWatches: async () => false })
  flow.start()
  await settle()
  expect(flow.state.get()).toEqual({ status: 'absent' })
  expect(server.calls).toEqual([])
})
