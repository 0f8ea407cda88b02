import type { FeatureCollection } from 'geojson'
import { describe, expect, it } from 'vitest'
import type { CoverageResponse } from '../../../contract/tiles'
import { ApiError } from '../../api/api-error'
import type { MapPort } from '../../ports/workspace-ports'
import { CoverageFlow } from './coverage-flow'

const coverage = (version: string): CoverageResponse => ({
  counties: [
    {
      state_fp: '19',
      county_fp: '169',
      state: 'IA',
      county: 'Story',
      parcels: 500,
      bbox: [-93.7, 41.86, -93.23, 42.21],
      loaded_at: '2026-11-01T00:00:00.000Z',
    },
  ],
  version,
  tiles: { path: '/tiles/parcels/{z}/{x}/{y}.mvt', min_zoom: 10, max_zoom: 16 },
})
const outlines: FeatureCollection = { type: 'FeatureCollection', features: [] }

function mapRecorder() {
  const seen: { counties: number; outlines: FeatureCollection | null; tiles: string | null }[] = []
  let last = { counties: 0, outlines: null as FeatureCollection | null }
  const map = {
    setCoverage: (c: readonly unknown[], o?: FeatureCollection | null) => {
      last = { counties: c.length, outlines: o ?? null }
    },
    setTiles: (t: { url: string } | null) => seen.push({ ...last, tiles: t?.url ?? null }),
  } as unknown as MapPort
  return { map, seen }
}

describe('CoverageFlow with the coverage written into the page', () => {
  it('is ready before any call, hands the map the page’s outlines, and keeps them for the same version', async () => {
    const calls: string[] = []
    const flow = new CoverageFlow(
      async () => {
        calls.push('GET /coverage')
        return coverage('v1')
      },
      (p) => `http://x${p}`,
      { coverage: coverage('v1'), outlines },
    )
    expect(flow.state.get().status).toBe('ready')
    expect(flow.counties()).toHaveLength(1)
    const { map, seen } = mapRecorder()
    flow.pushTo(map)
    expect(seen.at(-1)).toEqual({ counties: 1, outlines, tiles: 'http://x/tiles/parcels/{z}/{x}/{y}.mvt?v=v1' })
    const before = flow.state.get()
    await flow.refresh()
    expect(calls).toEqual(['GET /coverage'])
    // The key's answer is the page's data: nothing on screen changes.
    expect(flow.state.get()).toBe(before)
  })

  it('a new version from GET /coverage replaces it; the map then finds the outlines itself', async () => {
    const flow = new CoverageFlow(
      async () => coverage('v2'),
      (p) => p,
      { coverage: coverage('v1'), outlines },
    )
    await flow.refresh()
    const { map, seen } = mapRecorder()
    flow.pushTo(map)
    expect(seen.at(-1)?.outlines).toBeNull()
    expect(seen.at(-1)?.tiles).toContain('?v=v2')
  })

  it('keeps the page’s coverage when the check fails (no key yet), but not a confirmed one', async () => {
    let fail = true
    const load = async () => {
      if (fail) throw new ApiError({ kind: 'auth', status: 401, detail: 'Missing API key.' }, 'Missing API key.')
      return coverage('v1')
    }
    const flow = new CoverageFlow(load, (p) => p, { coverage: coverage('v1'), outlines: null })
    await flow.refresh()
    expect(flow.state.get().status).toBe('ready')
    fail = false
    await flow.refresh()
    fail = true
    await flow.refresh()
    expect(flow.state.get()).toEqual({ status: 'failed', message: 'Missing API key.' })
  })

  it('without a page block it starts loading, as before', () => {
    const flow = new CoverageFlow(
      async () => null,
      (p) => p,
    )
    expect(flow.state.get()).toEqual({ status: 'loading' })
  })
})
