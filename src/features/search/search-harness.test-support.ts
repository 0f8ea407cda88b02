/** Test support (imported only by *.test.ts): a session over a FakeServer with instant, recorded sleeps. */
import type { FilterItem } from '../../../contract/schemas'
import type { LoadPolicy, SearchSpec } from '../../state/search-spec'
import { FakeServer, makeRecords } from './fake-server.test-support'
import { SearchSession, type SessionOptions } from './search-session'

/** A small square in Story County, IA: the area of areaSpec, and of the panel tests (SQUARE_AREA). */
export const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-93.5, 42.0],
      [-93.4, 42.0],
      [-93.4, 42.1],
      [-93.5, 42.1],
      [-93.5, 42.0],
    ],
  ],
}

export function areaSpec(filters: FilterItem[] = [], extra: Partial<SearchSpec> = {}): SearchSpec {
  return {
    mode: 'area',
    areas: [{ id: 'a', kind: 'rectangle', geometry: SQUARE }],
    filters,
    order: null,
    includeBuildings: false,
    ...extra,
  }
}

export function directSpec(filters: FilterItem[], order: SearchSpec['order'] = null): SearchSpec {
  return { mode: 'direct', areas: [], filters, order, includeBuildings: false }
}

export interface Harness {
  server: FakeServer
  session: SearchSession
  sleeps: number[]
  run(spec: SearchSpec, policy?: LoadPolicy): Promise<ReturnType<SearchSession['getSnapshot']>>
}

export function harness(n: number, options: Partial<SessionOptions> = {}, seed = 1): Harness {
  const server = new FakeServer(makeRecords(n, seed))
  const sleeps: number[] = []
  const sources = server.sources()
  const session = new SearchSession(sources, {
    confirmThreshold: () => Number.POSITIVE_INFINITY,
    concurrency: 4,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 0.5,
    publishMs: 0,
    ...options,
  })
  return {
    server,
    session,
    sleeps,
    async run(spec, policy = 'all') {
      session.start(spec, policy)
      await session.settled()
      return session.getSnapshot()
    },
  }
}

/** Lets pending promise callbacks run (fake server calls resolve in microtasks). */
export async function flush(times = 20): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0))
}

export async function until(cond: () => boolean, tries = 500): Promise<void> {
  for (let i = 0; i < tries && !cond(); i++) await new Promise((r) => setTimeout(r, 0))
  if (!cond()) throw new Error('condition not reached')
}
