/** The map's own panels: the basemap selector, "Jump to" a covered county, and the theme legend. */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import type { ThemeId } from '../../format/themes'
import { BasemapSwitcher } from './basemap/basemap-switcher'
import { ThemeLegend } from './basemap/theme-legend'
import { CoverageJump } from './overlays/coverage-jump'

afterEach(cleanup)

const county = (state: string, county_fp: string, name: string, parcels: number): CoverageCounty => ({
  state,
  state_fp: state === 'IA' ? '19' : '20',
  county_fp,
  county: name,
  parcels,
  bbox: [-94, 41, -93, 42],
  loaded_at: '2026-11-01T00:00:00Z',
})

it('the basemap selector shows what is displayed and marks basemaps that could not load', async () => {
  const user = userEvent.setup()
  const picked: string[] = []
  render(<BasemapSwitcher displayed="offline" unavailable={['streets']} onChange={(id) => picked.push(id)} />)
  const select = screen.getByRole('combobox', { name: 'Basemap' }) as HTMLSelectElement
  // The person wanted streets, but offline it fell back: the selector says what is on screen.
  expect(select.value).toBe('offline')
  const labels = Array.from(select.options).map((o) => o.textContent)
  expect(labels).toEqual(['Streets (OpenStreetMap) (unavailable)', 'Satellite (Esri)', 'Offline map (our data only)'])
  await user.selectOptions(select, 'satellite')
  expect(picked).toEqual(['satellite'])
})

it('"Jump to" lists the covered counties by state and name with their parcel counts, and jumps', async () => {
  const user = userEvent.setup()
  const jumps: string[] = []
  const counties = [county('KS', '055', 'Finney', 12000), county('IA', '169', 'Story', 8000)]
  render(<CoverageJump counties={counties} onJump={(c) => jumps.push(c.county)} />)
  const select = screen.getByRole('combobox', { name: 'Jump to a county with parcel data' }) as HTMLSelectElement
  expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
    'Jump to…',
    'Story County, IA — 8,000 parcels',
    'Finney County, KS — 12,000 parcels',
  ])
  await user.selectOptions(select, 'Finney County, KS — 12,000 parcels')
  expect(jumps).toEqual(['Finney'])
  // It is a menu of actions, not a setting: it goes back to its prompt.
  expect(select.value).toBe('')
})

it('"Jump to" is not shown when the server says nothing about coverage', () => {
  const { container } = render(<CoverageJump counties={[]} onJump={() => {}} />)
  expect(container.innerHTML).toBe('')
})

const rec = (acres: number | null, crop: number | null): ParcelRecord =>
  ({ svc_uuid: `u${acres}-${crop}`, acres, cdl_majority_value: crop }) as unknown as ParcelRecord

function Legend({ rows }: { rows: (ParcelRecord | undefined)[] }) {
  const [theme, setTheme] = useState<ThemeId>('plain')
  return <ThemeLegend theme={theme} onTheme={setTheme} rows={rows} />
}

it('the legend shows the chosen theme’s classes with how many loaded results fall in each', async () => {
  const user = userEvent.setup()
  const rows = [rec(0.5, 1), rec(3, 1), rec(3.5, 5), rec(200, 1), rec(null, null), undefined]
  render(<Legend rows={rows} />)
  const picker = screen.getByRole('combobox', { name: 'Colour results by' })
  // One colour: nothing to explain.
  expect(screen.queryByRole('list')).toBeNull()

  await user.selectOptions(picker, 'Acres')
  const acres = screen.getByRole('list', { name: 'Legend: Acres' })
  const items = within(acres)
    .getAllByRole('listitem')
    .map((li) => li.textContent)
  // Every class of a range theme shows (the scale reads the same from search to search).
  expect(items).toEqual([
    'under 11',
    '1 – 52',
    '5 – 200',
    '20 – 400',
    '40 – 800',
    '80 – 1600',
    '160 and more1',
    'No value1',
  ])
  // The legend says how results too small to outline are drawn when zoomed out.
  expect(screen.getByText(/each result is also a dot in its colour/)).toBeTruthy()

  await user.selectOptions(picker, 'Crop / land cover')
  const crops = within(screen.getByRole('list', { name: 'Legend: Crop / land cover' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)
  // Only the crops present, commonest first.
  expect(crops).toEqual(['Corn3', 'Soybeans1', 'No value1'])
})

it('a theme without results shows its scale and asks for a search', async () => {
  const user = userEvent.setup()
  render(<Legend rows={[]} />)
  await user.selectOptions(screen.getByRole('combobox', { name: 'Colour results by' }), 'Sale year')
  expect(screen.getByText('Search to colour the results.')).toBeTruthy()
  expect(screen.getByRole('list', { name: 'Legend: Sale year' }).textContent).toContain('2020 and later')
})
