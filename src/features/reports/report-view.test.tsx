/** The report preview: its pages as a person reads them, the paper choice, and Print waiting for the maps. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { compsReport } from './comps-report'
import { holdingReport } from './holding-report'
import { layoutReport } from './layout'
import { PAPERS } from './paper'
import { parcelReport } from './parcel-report'
import { holdingInput, manyParcels, parcelInput } from './report-fixtures.test-support'
import type { MapImageState } from './report-model'
import { ReportView } from './report-view'
import { searchReport } from './search-report'

afterEach(cleanup)

const READY: MapImageState = {
  status: 'ready',
  image: { dataUrl: 'data:image/png;base64,iVBORw0KGgo=', metersPerPoint: 0.8, basemap: 'Offline map', notes: [] },
}

function view(doc = parcelReport(parcelInput()), maps: Record<string, MapImageState> = { parcel: READY }) {
  const props = { onPaper: vi.fn(), onClose: vi.fn(), print: vi.fn() }
  render(<ReportView doc={doc} paper="letter" pages={layoutReport(doc, PAPERS.letter)} maps={maps} {...props} />)
  return props
}

it('a parcel report: one page with the owner as its heading, the facts, the map with scale and the link', () => {
  view()
  const dialog = screen.getByRole('dialog', { name: 'Parcel report' })
  const page = within(dialog).getByRole('region', { name: 'Page 1 of 1' })
  expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('JOHNSON FAMILY FARMS LLC')
  expect(within(page).getByText('0912345678')).toBeTruthy()
  expect(within(page).getByText('79.43')).toBeTruthy()
  expect(within(page).getByText('Mailing address')).toBeTruthy()
  expect(within(page).getByRole('img', { name: 'Map' }).getAttribute('src')).toBe(
    READY.status === 'ready' ? READY.image.dataUrl : '',
  )
  // The scale bar and north arrow are drawn once the map is there.
  expect(within(page).getByText('N')).toBeTruthy()
  expect(within(page).getByText(/^\d+ ft$/)).toBeTruthy()
  expect(within(page).getByRole('table', { name: 'Sales' })).toBeTruthy()
  expect(within(page).getAllByRole('link')[0]?.getAttribute('href')).toMatch(/^https:\/\/plat\.example\/\?p=/)
  expect(within(page).getByText('Page 1 of 1')).toBeTruthy()
})

it('Print and Download wait while the map is drawn; then Print prints', () => {
  cleanup()
  const waiting = view(undefined, { parcel: { status: 'rendering' } })
  expect(screen.getByRole('button', { name: 'Print' })).toHaveProperty('disabled', true)
  expect(screen.getByRole('button', { name: 'Download PDF' })).toHaveProperty('disabled', true)
  expect(screen.getByText('Drawing the map at print resolution…')).toBeTruthy()
  expect(waiting.print).not.toHaveBeenCalled()
  cleanup()
  const done = view()
  fireEvent.click(screen.getByRole('button', { name: 'Print' }))
  expect(done.print).toHaveBeenCalledOnce()
  expect(screen.getByText('1 page, US Letter. Ready to print.')).toBeTruthy()
})

it('the paper can be changed, and Escape closes the report', () => {
  const p = view()
  fireEvent.change(screen.getByLabelText('Paper'), { target: { value: 'a4' } })
  expect(p.onPaper).toHaveBeenCalledWith('a4')
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
  expect(p.onClose).toHaveBeenCalledOnce()
})

it('a 600-row search report: the table header on every page, every row once, pages numbered', () => {
  const records = manyParcels(600)
  const doc = searchReport({
    setup: { mode: 'direct', areas: [], filters: [{ field: 'acres', op: 'gte', value: 10 }] },
    summary: 'Acres ≥ 10',
    records,
    expected: 600,
    // Every fixture parcel is in IA: the state is said once, not given a column.
    columns: ['owner', 'parcel_id', 'state', 'acres'],
    theme: 'plain',
    totals: {
      acres: {
        measured: { acres: 1010, counted: 600, missing: 0 },
        recorded: { acres: 1000, counted: 600, missing: 0 },
      },
      totalValue: 1e6,
      valueCount: 600,
      crops: [{ category: 'Corn', share: 0.67 }],
      otherShare: 0.33,
    },
    order: null,
    link: 'https://plat.example/?f=acres:gte:10&m=d&s=1&v=1',
    printed: 'Printed today',
    server: 'Plat API at plat.example',
    county: null,
  })
  view(doc, { search: READY })
  const pages = screen.getAllByRole('region', { name: /^Page \d+ of \d+$/ })
  expect(pages.length).toBeGreaterThan(8)
  let rows = 0
  pages.forEach((page, i) => {
    expect(page.getAttribute('aria-label')).toBe(`Page ${i + 1} of ${pages.length}`)
    const table = within(page).queryByRole('table')
    if (!table) return
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Owner', 'APN (parcel ID)', 'Acres'])
    rows += within(table).getAllByRole('row').length - 1
  })
  expect(rows).toBe(600)
  expect(screen.getByText('Acres at least 10.', { exact: false })).toBeTruthy()
  expect(screen.getByText('Every parcel listed has State: IA.')).toBeTruthy()
})

it('a holding report: the owner, the names included, a map per state, totals by county and the tables', () => {
  view(holdingReport(holdingInput()), { holdings: READY, 'holdings-IA': READY, 'holdings-KS': { status: 'rendering' } })
  const dialog = screen.getByRole('dialog', { name: 'Holding report' })
  const pages = within(dialog).getAllByRole('region', { name: /^Page \d+ of \d+$/ })
  const first = pages[0]!
  expect(within(first).getByRole('heading', { level: 1 }).textContent).toBe('MILLER FARMS LLC')
  expect(within(first).getByText('2 holdings · 4 parcels · 200.75 measured ac · IA, KS')).toBeTruthy()
  expect(within(first).getByText(/^Names included: MILLER FARMS LLC/)).toBeTruthy()
  expect(within(first).getAllByText('200.75').length).toBeGreaterThan(0)
  // Three map frames: all holdings (page 1), then Iowa and Kansas; one still drawing holds Print back.
  expect(within(dialog).getAllByRole('img', { name: 'Map' })).toHaveLength(2)
  expect(screen.getByRole('button', { name: 'Print' })).toHaveProperty('disabled', true)
  const tables = within(dialog)
    .getAllByRole('table')
    .map((t) => t.getAttribute('aria-label') ?? t.querySelector('caption')?.textContent)
  expect(tables).toEqual(expect.arrayContaining(['By state', 'By county', 'Holdings (2)', 'Parcels (5)']))
  const parcels = within(dialog).getByRole('table', { name: 'Parcels (5)' })
  expect(
    within(parcels)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Holding', 'APN (parcel ID)', 'Owner', 'County', 'Measured ac', 'Assessed value', 'Land use'])
  expect(within(parcels).getByText('(40.00)')).toBeTruthy()
  expect(within(dialog).getAllByRole('link')[0]?.getAttribute('href')).toBe(holdingInput().link)
})

it('a comps report: the indicated value, the words that it is not an appraisal, and the ranked comps', () => {
  const subject = parcelInput().record
  const doc = compsReport({
    subject,
    comps: [
      {
        rank: 1,
        parcelId: '09-01-200-001',
        saleDate: '2025-06-01',
        salePrice: 800_000,
        acres: 80,
        perAcre: 10_000,
        adjusted: 10_200,
        miles: 1.2,
        csr2: 82,
        grade: 'A',
        included: true,
        excludedBecause: null,
      },
      {
        rank: 2,
        parcelId: '09-01-200-002',
        saleDate: '2019-06-01',
        salePrice: 300_000,
        acres: 40,
        perAcre: 7_500,
        adjusted: 9_000,
        miles: 4.8,
        csr2: null,
        grade: 'C',
        included: false,
        excludedBecause: 'too old',
      },
    ],
    indicated: {
      value: 810_000,
      perAcre: 10_200,
      low: 780_000,
      high: 840_000,
      perAcreLow: 9_800,
      perAcreHigh: 10_600,
      n: 1,
    },
    basis: {
      radiusMiles: 5,
      acresBand: 0.5,
      windowStart: '2023-11-26',
      windowEnd: '2026-11-26',
      trend: 'none',
      soil: 'none',
      outsideRadius: 0,
      outsideWindow: 1,
    },
    link: 'https://plat.example/?p=x&v=1',
    printed: 'Printed today',
    server: 'Plat API at plat.example',
    county: null,
  })
  view(doc, { comps: READY })
  const page = screen.getByRole('region', { name: 'Page 1 of 1' })
  expect(within(page).getByText('$810,000')).toBeTruthy()
  expect(within(page).getByText('An estimate from public sales records, not an appraisal.')).toBeTruthy()
  const comps = within(page).getByRole('table', { name: 'Comparable sales (2)' })
  expect(within(comps).getAllByRole('row')).toHaveLength(3)
  expect(within(comps).getByText('no: too old')).toBeTruthy()
})
