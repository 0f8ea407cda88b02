/** A workspace context for the words flow's tests: a real store, Story County covered, a map view in it. */
import type { Polygon } from 'geojson'
import { vi } from 'vitest'
import type { CoverageCounty } from '../../../contract/tiles'
import type { FeatureContext } from '../../ports/feature-context'
import type { Bounds, MapPort } from '../../ports/workspace-ports'
import { createAppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import type { WordsDeps } from './words-flow'
import { WordsFlow } from './words-flow'

const STORY: CoverageCounty = {
  state_fp: '19',
  county_fp: '169',
  state: 'IA',
  county: 'Story',
  parcels: 1000,
  bbox: [-93.7, 41.86, -93.23, 42.21],
  loaded_at: '2025-01-01T00:00:00Z',
}

const VIEW: Bounds = [-93.64, 42.0, -93.6, 42.03]

export function wordsWorld(locate: WordsDeps['locate'] = () => Promise.reject(new Error('no position in tests'))) {
  const store = createAppStore()
  const added: { polygons: readonly Polygon[]; label?: string }[] = []
  const ctx = {
    store,
    counties: () => [STORY],
    map: () => ({ bounds: () => VIEW }) as unknown as MapPort,
    addAreas: vi.fn((polygons: readonly Polygon[], _source: string, label?: string) => {
      added.push({ polygons, label })
      return polygons.length
    }),
    coverageState: new ValueStore({ status: 'loading' }),
  } as unknown as FeatureContext
  return { store, ctx, added, flow: new WordsFlow(ctx, { locate }) }
}
