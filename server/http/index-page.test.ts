import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type CoverageResponse, PAGE_COVERAGE_ID, PageCoverageSchema } from '../../contract/tiles'
import { indexPage } from './index-page'

const PAGE = '<!doctype html><html><head><title>Plat</title></head><body><div id="root"></div></body></html>'

function site(coverage: (() => Promise<CoverageResponse>) | null) {
  const dir = mkdtempSync(join(tmpdir(), 'plat-index-'))
  writeFileSync(join(dir, 'index.html'), PAGE)
  const app = new Hono()
  app.get('*', indexPage(dir, coverage))
  return app
}

const STORY: CoverageResponse = {
  counties: [
    {
      state_fp: '19',
      county_fp: '169',
      state: 'IA',
      // A hostile name must not close the data block.
      county: 'Story</script><script>alert(1)</script>',
      parcels: 20_000,
      bbox: [-93.7, 41.86, -93.23, 42.21],
      loaded_at: '2026-11-01T00:00:00.000Z',
    },
  ],
  version: 'v1',
  tiles: { path: '/tiles/parcels/{z}/{x}/{y}.mvt', min_zoom: 10, max_zoom: 16 },
}

function block(html: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${PAGE_COVERAGE_ID}">([^<]*)</script>`).exec(html)
  return m ? JSON.parse(m[1] as string) : null
}

describe('the app page with the coverage written in', () => {
  it('carries the coverage and the counties’ outlines, for every client route, never cached stale', async () => {
    const app = site(async () => STORY)
    for (const path of ['/', '/index.html', '/some/client/route?x=1']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      const html = await res.text()
      expect(html.match(/<\/script>/g)).toHaveLength(1)
      const data = PageCoverageSchema.parse(block(html))
      expect(data.coverage).toEqual(STORY)
      // Story County's Census outline, named as the map's coverage layer reads it.
      expect(data.outlines?.features).toHaveLength(1)
      expect(data.outlines?.features[0]?.properties).toEqual({
        name: `${STORY.counties[0]?.county}, IA`,
        parcels: 20_000,
      })
      expect(data.outlines?.features[0]?.geometry.type).toMatch(/Polygon$/)
    }
  })

  it('serves the page as it is when the coverage fails or is not wanted', async () => {
    const failing = site(async () => {
      throw new Error('database down')
    })
    expect(block(await (await failing.request('/')).text())).toBeNull()
    const off = site(null)
    expect(await (await off.request('/')).text()).toBe(PAGE)
  })

  it('follows a new data version', async () => {
    let now = STORY
    const app = site(async () => now)
    expect((block(await (await app.request('/')).text()) as { coverage: CoverageResponse }).coverage.version).toBe('v1')
    now = { ...STORY, counties: [], version: 'v2' }
    const data = PageCoverageSchema.parse(block(await (await app.request('/')).text()))
    expect(data.coverage.version).toBe('v2')
    expect(data.outlines?.features).toEqual([])
  })
})
