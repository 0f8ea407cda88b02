import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { packMeta } from './field-fixtures.test-support'
import { PacksPanel, type PacksPanelProps } from './packs-panel'

afterEach(cleanup)

function props(over: Partial<PacksPanelProps> = {}): PacksPanelProps {
  return {
    packs: [],
    storage: { usage: 50 * 1024 * 1024, quota: 2 * 1024 ** 3, persisted: true },
    available: true,
    busy: false,
    onGoTo: vi.fn(),
    onOpenSearch: vi.fn(),
    onUpdate: vi.fn(),
    onDelete: vi.fn(),
    onExport: vi.fn(async () => {}),
    onTakeView: vi.fn(),
    ...over,
  }
}

it('lists each pack with its size, data date and status, and the storage used', () => {
  const packs = [
    packMeta('a', {
      name: 'Story farms',
      records: 1234,
      tiles: 310,
      tileBytes: 3 * 1024 * 1024,
      recordBytes: 1024 * 1024,
      dataDate: '2026-03-01T00:00:00Z',
      searchQuery: '?s=1',
    }),
    packMeta('b', { name: 'Map view', status: 'partial', missingTiles: 4 }),
  ]
  render(<PacksPanel {...props({ packs })} />)
  const list = screen.getByRole('list', { name: 'Offline packs' })
  const story = within(list).getByRole('listitem', { name: 'Story farms' })
  expect(story.textContent).toContain('1,234 parcels · 310 tiles · 4.0 MB')
  expect(story.textContent).toContain('Data of 3/1/2026')
  expect(within(list).getByRole('listitem', { name: 'Map view' }).textContent).toContain(
    '4 tiles missing: Update to finish',
  )
  expect(screen.getByText(/Packs: 4\.0 MB\. This site uses 50\.0 MB of 2\.00 GB/)).toBeTruthy()
  expect(screen.getByText(/Kept under storage pressure/)).toBeTruthy()
  expect(screen.getByRole('meter', { name: 'Storage used by this site' })).toBeTruthy()
})

it('shows, updates, deletes, reopens and exports a pack; takes the map view', async () => {
  const user = userEvent.setup()
  const p = props({ packs: [packMeta('a', { name: 'Story farms', searchQuery: '?s=1' })] })
  render(<PacksPanel {...p} />)
  await user.click(screen.getByRole('button', { name: 'Show on map' }))
  await user.click(screen.getByRole('button', { name: 'Open its search' }))
  await user.click(screen.getByRole('button', { name: 'Update' }))
  await user.click(screen.getByRole('button', { name: 'Delete' }))
  await user.selectOptions(screen.getByLabelText('Export as'), 'pmtiles')
  await user.click(screen.getByRole('button', { name: 'Export' }))
  await user.click(screen.getByRole('button', { name: 'Take this map view offline' }))
  expect(p.onGoTo).toHaveBeenCalledWith('a')
  expect(p.onOpenSearch).toHaveBeenCalledWith('a')
  expect(p.onUpdate).toHaveBeenCalledWith('a')
  expect(p.onDelete).toHaveBeenCalledWith('a')
  expect(p.onExport).toHaveBeenCalledWith('a', 'pmtiles')
  expect(p.onTakeView).toHaveBeenCalled()
})

it('says why an export failed', async () => {
  const user = userEvent.setup()
  const p = props({ packs: [packMeta('a')], onExport: async () => Promise.reject(new Error('disk full')) })
  render(<PacksPanel {...p} />)
  await user.click(screen.getByRole('button', { name: 'Export' }))
  expect((await screen.findByRole('status')).textContent).toBe('Export failed: disk full')
})

it('explains what to do with no packs, and when the browser cannot store any', () => {
  render(<PacksPanel {...props()} />)
  expect(screen.getByText(/No offline packs yet/)).toBeTruthy()
  cleanup()
  render(<PacksPanel {...props({ available: false })} />)
  expect(screen.getByText(/cannot store offline packs/)).toBeTruthy()
})
