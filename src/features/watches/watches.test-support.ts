/** Builders for the watches' tests: watches, events, and a fake API and clock behind a flow. */
import type { Watch, WatchEvent } from '../../../contract/watches/watch-schemas'
import { memoryStorage } from '../../state/memory-storage.test-support'
import type { SeenStorage } from './seen-marks'
import type { WatchesApi, WatchesDeps } from './watches-flow'

export function aWatch(id: string, over: Partial<Watch> = {}): Watch {
  return {
    id,
    name: `Watch ${id}`,
    kind: 'parcels',
    paused: false,
    value_share: 0.1,
    created_at: '2026-01-01T00:00:00.000Z',
    feed_url: `http://api.test/watches/feed/${id.padEnd(32, 'x')}`,
    parcels: [`p-${id}`],
    ...over,
  }
}

export function anEvent(id: number, over: Partial<WatchEvent> = {}): WatchEvent {
  return {
    id,
    svc_uuid: 'p-1',
    kind: 'owner_changed',
    before: { owner: 'SMITH JOHN' },
    after: { owner: 'DOE FARMS LLC' },
    county: '19169',
    parcel_id: '08-123',
    situs: '12 MAIN ST',
    data_version: 'v2',
    at: '2026-03-02T10:00:00.000Z',
    ...over,
  }
}

/** A server holding `watches` and each watch's `events`, counting the calls made. */
export function fakeServer(watches: Watch[] | null, events: Record<string, WatchEvent[]> = {}) {
  const calls: string[] = []
  const api: WatchesApi = {
    list: async () => {
      calls.push('GET /watches')
      return watches && [...watches]
    },
    create: async (body) => {
      calls.push('POST /watches')
      const w = aWatch(`w${(watches?.length ?? 0) + 1}`, {
        name: body.name,
        ...('parcels' in body ? { parcels: body.parcels } : {}),
      })
      watches?.push(w)
      return w
    },
    update: async (id, patch) => {
      calls.push(`PATCH ${id}`)
      const i = watches?.findIndex((w) => w.id === id) ?? -1
      if (!watches || i < 0) throw new Error(`No watch "${id}" for this key.`)
      watches[i] = { ...watches[i]!, ...patch }
      return watches[i]!
    },
    remove: async (id) => {
      calls.push(`DELETE ${id}`)
      if (!watches?.some((w) => w.id === id)) throw new Error(`No watch "${id}" for this key.`)
      watches.splice(
        watches.findIndex((w) => w.id === id),
        1,
      )
    },
    events: async (id, q) => {
      calls.push(`GET /watches/${id}/events?since=${q.since}`)
      return { events: (events[id] ?? []).filter((e) => e.id > q.since), next: null }
    },
  }
  return { api, calls, events }
}

/** Deps over a fake API: a hand-turned clock, the poll's timer and the focus listener to fire. */
export function fakeDeps(api: WatchesApi, storage: SeenStorage | null = memoryStorage()) {
  let now = 0
  const tick: (() => void)[] = []
  const focus: (() => void)[] = []
  const deps: WatchesDeps = {
    api,
    mayKeepWatches: async () => true,
    storage,
    who: async () => 'plat.watches.seen.test',
    now: () => now,
    every: (_ms, fn) => {
      tick.push(fn)
      return () => tick.splice(tick.indexOf(fn), 1)
    },
    onFocus: (fn) => {
      focus.push(fn)
      return () => focus.splice(focus.indexOf(fn), 1)
    },
  }
  return {
    deps,
    advance: (ms: number) => {
      now += ms
    },
    tick: () => {
      for (const fn of [...tick]) fn()
    },
    focus: () => {
      for (const fn of [...focus]) fn()
    },
    timers: () => tick.length + focus.length,
  }
}
