import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { packMeta, parcelRow, square } from './field-fixtures.test-support'
import { PackJob } from './pack-job'
import { planPack } from './pack-maker'

afterEach(cleanup)

const coverage = {
  version: 'v7',
  tiles: { path: '/tiles/parcels/{z}/{x}/{y}.mvt', min_zoom: 10, max_zoom: 16 },
  counties: [],
}
const planned = planPack({
  name: 'Story farms',
  kind: 'search',
  outline: square(-93.6, 42, 0.005),
  records: parcelRow(3).map((r) => ({ ...r, buildings: [] })),
  coverage,
  tileUrl: 'http://x/tiles/parcels/{z}/{x}/{y}.mvt?v=v7',
  searchQuery: null,
})
if (!planned.ok) throw new Error(planned.reason)
const plan = planned.plan
const noop = () => {}

it('shows the size before anything is downloaded and downloads with or without buildings', async () => {
  const user = userEvent.setup()
  const onDownload = vi.fn()
  render(
    <PackJob
      job={{ stage: 'plan', plan, updating: null }}
      freeBytes={null}
      onDownload={onDownload}
      onCancel={noop}
      onClose={noop}
      onShowPacks={noop}
    />,
  )
  expect(screen.getByText(/tiles, zoom 10–16, ≈/).textContent).toMatch(new RegExp(`^${plan.tiles.length} tiles`))
  expect(screen.getByText(/3 already loaded/)).toBeTruthy()
  expect(screen.getByTestId('pack-estimate').textContent).toMatch(/^≈ \d+ KB$/)
  await user.click(screen.getByLabelText('Include building footprints'))
  await user.click(screen.getByRole('button', { name: /^Download \(≈/ }))
  expect(onDownload).toHaveBeenCalledWith(false)
})

it('refuses a pack larger than the space left', () => {
  render(
    <PackJob
      job={{ stage: 'plan', plan, updating: null }}
      freeBytes={1000}
      onDownload={noop}
      onCancel={noop}
      onClose={noop}
      onShowPacks={noop}
    />,
  )
  expect(screen.getByRole('alert').textContent).toMatch(/take a smaller area or delete a pack/)
  expect((screen.getByRole('button', { name: /^Download/ }) as HTMLButtonElement).disabled).toBe(true)
})

it('shows progress with Cancel, then what was stored and how long it took', async () => {
  const user = userEvent.setup()
  const onCancel = vi.fn()
  const progress = { done: 12, total: 40, bytes: 300 * 1024, failed: 1 }
  const { rerender } = render(
    <PackJob
      job={{ stage: 'downloading', plan, progress, startedAt: 0 }}
      freeBytes={null}
      onDownload={noop}
      onCancel={onCancel}
      onClose={noop}
      onShowPacks={noop}
    />,
  )
  expect(screen.getByRole('progressbar', { name: 'Pack download' }).getAttribute('aria-valuetext')).toBe(
    '12 of 40 tiles, 300 KB',
  )
  expect(screen.getByText(/1 failed/)).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Cancel download' }))
  expect(onCancel).toHaveBeenCalled()
  const meta = packMeta('p', { name: 'Story farms', records: 3, tiles: 40, tileBytes: 1024 * 1024, recordBytes: 0 })
  rerender(
    <PackJob
      job={{ stage: 'done', meta, seconds: 4.26 }}
      freeBytes={null}
      onDownload={noop}
      onCancel={noop}
      onClose={noop}
      onShowPacks={noop}
    />,
  )
  expect(screen.getByRole('status').textContent).toBe(
    'Story farms is available offline: 3 parcels, 40 tiles, 1.0 MB, in 4.3 s.',
  )
})
