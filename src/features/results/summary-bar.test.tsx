/** The summary above the results: how many parcels, total acres, assessed value and crop mix, and what they rest on. */
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { SummaryBar } from './summary-bar'

afterEach(cleanup)

const rec = (acres: number | null, value: number | null, crop: string | null): ParcelRecord =>
  ({ svc_uuid: `${acres}-${value}-${crop}`, acres, parcel_value: value, cdl_majority_category: crop }) as ParcelRecord

/** Each statistic as "label: value", read off the screen. */
const stats = () =>
  Array.from(screen.getByRole('region', { name: 'Results summary' }).querySelectorAll('.res-stat')).map(
    (s) =>
      `${s.querySelector('.res-stat-label')?.textContent}: ${s.querySelector('.res-stat-value')?.textContent ?? ''}`,
  )

it('shows nothing before a search', () => {
  const { container } = render(<SummaryBar status="idle" rows={[]} rowCount={0} />)
  expect(container.innerHTML).toBe('')
})

it('everything loaded: the count, the totals, and the crop mix as an image with a text label', () => {
  const rows = [rec(80, 640_000, 'Corn'), rec(40.25, 410_000, 'Corn'), rec(0.5, null, 'Soybeans')]
  render(<SummaryBar status="done" rows={rows} rowCount={3} recordsExpected={3} />)
  expect(stats().slice(0, 4)).toEqual([
    'Parcels: 3',
    // Only recorded acres in these rows: the measured total is a dash, not a zero nor the other kind.
    'Measured acres: –',
    'Recorded acres: 120.8',
    'Assessed value: $1.1M',
  ])
  // The total value says how many parcels it rests on.
  expect(screen.getByText('$1.1M').getAttribute('title')).toBe('2 parcels with a value')
  expect(screen.getByRole('img', { name: 'Crop mix: Corn 67%, Soybeans 33%' })).toBeTruthy()
})

it('a partial load says the totals cover the loaded parcels only, and of how many', () => {
  const rows = [rec(10, 1000, null), undefined, rec(20, 2000, null), undefined]
  render(<SummaryBar status="loading" rows={rows} rowCount={4} recordsExpected={1250} />)
  expect(stats()).toEqual([
    'Parcels: 2 of 1,250',
    'Measured acres (of 2 loaded): –',
    'Recorded acres (of 2 loaded): 30',
    'Assessed value (of 2 loaded): $3.0K',
  ])
  // No crop categories loaded: no crop mix.
  expect(screen.queryByRole('img')).toBeNull()
})

it('no acreage or value in the data: a dash, not a misleading zero', () => {
  render(<SummaryBar status="done" rows={[rec(null, null, null)]} rowCount={1} />)
  expect(stats()).toEqual(['Parcels: 1', 'Measured acres: –', 'Recorded acres: –', 'Assessed value: –'])
})

it('both acreages named, each footprint once, and what each total leaves out', () => {
  const rows = [
    { svc_uuid: 'a', svc_stack_uuid: 's1', acres_calc: 40.26, acres: 40 },
    // A stacked unit on the same footprint: counted once.
    { svc_uuid: 'b', svc_stack_uuid: 's1', acres_calc: 40.26, acres: 40 },
    { svc_uuid: 'c', svc_stack_uuid: 's2', acres_calc: 79.9, acres: null },
    { svc_uuid: 'd', svc_stack_uuid: 's3', acres_calc: null, acres: '12.5' },
  ] as ParcelRecord[]
  render(<SummaryBar status="done" rows={rows} rowCount={4} />)
  expect(stats().slice(1, 3)).toEqual([
    'Measured acres: 120.2 (1 parcel without)',
    'Recorded acres: 52.5 (1 parcel without)',
  ])
})

it('past four crop types the rest are summed up as “other”', () => {
  const crops = ['Corn', 'Corn', 'Corn', 'Soybeans', 'Soybeans', 'Oats', 'Alfalfa', 'Barley', 'Rice']
  render(<SummaryBar status="done" rows={crops.map((c, i) => rec(i + 1, null, c))} rowCount={crops.length} />)
  const mix = screen.getByRole('img', { name: /^Crop mix:/ })
  expect(mix.getAttribute('aria-label')).toBe('Crop mix: Corn 33%, Soybeans 22%, Alfalfa 11%, Barley 11%, other 22%')
  expect(
    within(mix)
      .getAllByTitle(/%$/)
      .map((s) => s.getAttribute('title')),
  ).toEqual(['Corn: 33%', 'Soybeans: 22%', 'Alfalfa: 11%', 'Barley: 11%', 'Other: 22%'])
})
