/** The results' Export menu: what will be exported, each format saved as a file, progress, and the mailing list (Escape and a press outside: ui/popover-menu.test.tsx). */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { catchDownloads, type SavedFile } from '../../ui/download.test-support'
import { ExportMenu } from './export-menu'

let saved: SavedFile[]
beforeEach(() => {
  saved = catchDownloads()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const record = (i: number, extra: Partial<ParcelRecord> = {}): ParcelRecord =>
  ({
    svc_uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    owner: `OWNER ${i}`,
    acres: 10 + i,
    county: 'Story',
    state: 'IA',
    ...extra,
  }) as ParcelRecord

function setup(records: (ParcelRecord | undefined)[], columns = ['owner', 'acres']) {
  const user = userEvent.setup()
  render(<ExportMenu records={records} visibleColumns={columns} searchSummary="Story County, IA" />)
  const toggle = screen.getByRole('button', { name: 'Export' })
  return { user, toggle }
}

const today = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

it('nothing loaded: Export is disabled', () => {
  const { toggle } = setup([undefined, undefined])
  expect((toggle as HTMLButtonElement).disabled).toBe(true)
})

it('opens a list of formats with focus on the first, saying how many records go and which are left out', async () => {
  const { user, toggle } = setup([record(1), undefined, record(2)])
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  await user.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement
  expect(menu.hidden).toBe(false)
  expect(
    within(menu)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['CSV — visible columns', 'CSV — all fields', 'GeoJSON', 'KML', 'Owner mailing list…'])
  expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'CSV — visible columns' }))
  const list = within(menu).getByRole('list')
  expect(document.getElementById(list.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    '2 loaded records will be exported (1 not loaded yet are left out).',
  )
})

it('“CSV — visible columns” saves the loaded records with the table’s columns and says where', async () => {
  const { user, toggle } = setup([record(1), undefined, record(2, { owner: 'SMITH, JOHN "JACK"' })])
  await user.click(toggle)
  await user.click(screen.getByRole('button', { name: 'CSV — visible columns' }))
  await waitFor(() => expect(saved).toHaveLength(1))
  const file = saved[0] as SavedFile
  expect(file.name).toBe(`plat-story-county-ia-${today()}.csv`)
  const text = (await file.blob.text()).replace(/^\uFEFF/, '')
  expect(text.split(/\r?\n/).filter(Boolean)).toEqual(['owner,acres', 'OWNER 1,11', '"SMITH, JOHN ""JACK""",12'])
  await waitFor(() => expect(screen.getByText(`Saved 2 records as ${file.name}.`)).toBeTruthy())
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(toggle)
})

it('GeoJSON saves a FeatureCollection of the loaded records', async () => {
  const geom = {
    type: 'Polygon',
    coordinates: [
      [
        [-93.6, 42],
        [-93.59, 42],
        [-93.59, 42.01],
        [-93.6, 42],
      ],
    ],
  }
  const { user, toggle } = setup([record(1, { geom } as Partial<ParcelRecord>), record(2)])
  await user.click(toggle)
  await user.click(screen.getByRole('button', { name: 'GeoJSON' }))
  await waitFor(() => expect(saved).toHaveLength(1))
  expect(saved[0]?.name).toBe(`plat-story-county-ia-${today()}.geojson`)
  const fc = JSON.parse(await (saved[0] as SavedFile).blob.text())
  expect(fc.type).toBe('FeatureCollection')
  expect(fc.features).toHaveLength(2)
  expect(fc.features[0].geometry).toEqual(geom)
  expect(fc.features[0].properties.owner).toBe('OWNER 1')
})

it('a long export shows progress and can be cancelled; nothing is saved', async () => {
  const many = Array.from({ length: 6000 }, (_, i) => record(i))
  const { user, toggle } = setup(many)
  await user.click(toggle)
  await user.click(screen.getByRole('button', { name: 'CSV — all fields' }))
  const cancel = await screen.findByRole('button', { name: 'Cancel export' })
  expect((toggle as HTMLButtonElement).disabled).toBe(true) // one export at a time
  expect(document.querySelector('.exp-live')?.textContent).toMatch(/^Exporting CSV — all fields: [\d,]+ \/ [\d,]+…$/)
  fireEvent.click(cancel)
  await waitFor(() => expect(screen.getByText('CSV — all fields export cancelled.')).toBeTruthy())
  expect(saved).toEqual([])
  expect((toggle as HTMLButtonElement).disabled).toBe(false)
})

it('“Owner mailing list…” opens its dialog; closing it returns focus to Export', async () => {
  const { user, toggle } = setup([record(1), record(2)])
  await user.click(toggle)
  await user.click(screen.getByRole('button', { name: 'Owner mailing list…' }))
  const dialog = screen.getByRole('dialog', { name: 'Owner mailing list' })
  expect(within(dialog).getByText(/2 owners from 2 loaded parcels\./)).toBeTruthy()
  await user.click(within(dialog).getByRole('button', { name: 'Close' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(toggle)
})
