/** The report preview: its pages as a person reads them, the paper choice, and Print waiting for the maps. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { layoutReport } from './layout'
import { PAPERS } from './paper'
import { parcelReport } from './parcel-report'
import { manyParcels, parcelInput } from './report-fixtures.test-support'
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
    columns: ['owner', 'parcel_id', 'acres'],
    theme: 'plain',
    totals: {
      totalAcres: 1000,
      acresCount: 600,
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
})
