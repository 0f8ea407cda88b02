import { describe, expect, it, vi } from 'vitest'
import type { PaperId } from './paper'
import { parcelReport } from './parcel-report'
import { ReportDesk, type ReportMapRequest } from './report-desk'
import { parcelInput } from './report-fixtures.test-support'
import type { LaidText, MapImage } from './report-model'

const IMAGE: MapImage = {
  dataUrl: 'data:image/png;base64,',
  metersPerPoint: 1.2,
  basemap: 'Offline map (our data only)',
  notes: [],
}

function desk(
  render: (req: ReportMapRequest) => Promise<MapImage> = async () => IMAGE,
  loadFonts?: () => Promise<unknown>,
) {
  let paper: PaperId = 'letter'
  const asked: ReportMapRequest[] = []
  const d = new ReportDesk({
    renderMap: (req) => {
      asked.push(req)
      return render(req)
    },
    paper: { get: () => paper, set: (p) => (paper = p) },
    loadFonts,
  })
  return { d, asked, paper: () => paper }
}

const spec = {
  id: 'parcel',
  content: { subject: null, neighbours: true },
  frame: [-93.6, 42, -93.59, 42.01] as [number, number, number, number],
  padding: 0.2,
  maxZoom: 18,
  theme: 'plain' as const,
  basemap: 'offline',
}

const settle = () => new Promise((r) => setTimeout(r, 50))
const captions = (d: ReportDesk) =>
  d.state.get()?.pages.flatMap((p) => p.items.filter((i): i is LaidText => i.t === 'text').map((i) => i.text)) ?? []

describe('the report desk', () => {
  it('lays the report out, draws its map at the printed frame’s size, then names the basemap drawn', async () => {
    const { d, asked } = desk()
    d.open(parcelReport(parcelInput()), [spec])
    await vi.waitFor(() => expect(d.state.get()?.maps.parcel?.status).toBe('ready'), { timeout: 5000 })
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ id: 'parcel', widthPt: 540, heightPt: 240, basemap: 'offline' })
    const s = d.state.get()
    expect(s?.maps.parcel?.status).toBe('ready')
    expect(d.ready()).toBe(true)
    expect(captions(d)).toContain('Basemap: Offline map (our data only).')
  })

  it('a new paper lays the pages out again and redraws the map for the new frame', async () => {
    const { d, asked, paper } = desk()
    d.open(parcelReport(parcelInput()), [spec])
    await vi.waitFor(() => expect(d.ready()).toBe(true), { timeout: 5000 })
    d.setPaper('a4')
    await vi.waitFor(() => expect(asked).toHaveLength(2), { timeout: 5000 })
    expect(paper()).toBe('a4')
    expect(d.state.get()?.pages[0]?.width).toBeCloseTo(595.28)
    expect(asked.map((a) => Math.round(a.widthPt))).toEqual([540, 523])
  })

  it('a map that cannot be drawn says why; closing forgets the report', async () => {
    const { d } = desk(() => Promise.reject(new Error('WebGL is not available')))
    d.open(parcelReport(parcelInput()), [spec])
    expect(d.ready()).toBe(false)
    await vi.waitFor(() => expect(d.state.get()?.maps.parcel).toBeDefined(), { timeout: 5000 })
    await settle()
    expect(d.state.get()?.maps.parcel).toEqual({ status: 'failed', message: 'WebGL is not available' })
    expect(d.ready()).toBe(true)
    d.close()
    expect(d.state.get()).toBeNull()
  })

  it('a slow map of a closed report lands nowhere', async () => {
    let finish: (i: MapImage) => void = () => {}
    const { d } = desk(() => new Promise((r) => (finish = r)))
    d.open(parcelReport(parcelInput()), [spec])
    await vi.waitFor(() => expect(d.state.get()).not.toBeNull(), { timeout: 5000 })
    d.close()
    finish(IMAGE)
    await settle()
    expect(d.state.get()).toBeNull()
  })

  it('a report whose font does not load says so in words, offers Try again, and opens once the font comes', async () => {
    let fontThere = false
    const { d } = desk(undefined, async () => {
      if (!fontThere) throw new TypeError('Failed to fetch')
    })
    d.open(parcelReport(parcelInput()), [spec])
    await vi.waitFor(() => expect(d.failure.get()).not.toBeNull(), { timeout: 5000 })
    expect(d.failure.get()).toBe(
      'The report could not be opened: its font did not load from the server. Check the connection and try again.',
    )
    expect(d.state.get()).toBeNull()
    fontThere = true
    d.retry()
    await vi.waitFor(() => expect(d.state.get()).not.toBeNull(), { timeout: 5000 })
    expect(d.failure.get()).toBeNull()
  })

  it('offline, the font failure says the font is not saved on this device yet; Close forgets it', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    try {
      const { d } = desk(undefined, () => Promise.reject(new TypeError('Failed to fetch')))
      d.open(parcelReport(parcelInput()), [spec])
      await vi.waitFor(() => expect(d.failure.get()).toMatch(/you are offline, and the report font is not saved/), {
        timeout: 5000,
      })
      d.close()
      expect(d.failure.get()).toBeNull()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
