import { expect, it } from 'vitest'
import { PAGE_COVERAGE_ID } from '../../contract/tiles'
import { pageCoverage } from './coverage'

const doc = (text: string | null) => ({
  getElementById: (id: string) =>
    id === PAGE_COVERAGE_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
})

const coverage = {
  counties: [],
  version: 'v1',
  tiles: { path: '/tiles/parcels/{z}/{x}/{y}.mvt', min_zoom: 10, max_zoom: 16 },
}

it('reads the coverage the server wrote into the page', () => {
  const outlines = { type: 'FeatureCollection', features: [] }
  expect(pageCoverage(doc(JSON.stringify({ coverage, outlines })))).toEqual({ coverage, outlines })
  expect(pageCoverage(doc(JSON.stringify({ coverage, outlines: null })))?.outlines).toBeNull()
})

it('takes no coverage from a page without it, or with a block it cannot read', () => {
  expect(pageCoverage(doc(null))).toBeNull()
  expect(pageCoverage(doc('{not json'))).toBeNull()
  expect(pageCoverage(doc(JSON.stringify({ coverage: { counties: 'all' }, outlines: null })))).toBeNull()
  expect(pageCoverage(doc(JSON.stringify({ coverage, outlines: { type: 'Feature' } })))).toBeNull()
})
