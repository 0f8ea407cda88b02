import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { change } from './changes.test-support'
import { ChangesNotice } from './changes-notice'
import { type ChangesState, summarizeChanges } from './changes-summary'
import { ParcelFateNote } from './parcel-fate'

afterEach(cleanup)

const since = { version: 'v0', date: '2025-03-03' }
const results = new Set(['a', 'b', 'c', 'x1', 'x2', ...Array.from({ length: 223 }, (_, i) => `r${i}`)])
const log = [
  change('sold', 'a', {
    facets: ['sold', 'new_owner'],
    before: { owner: 'OLD FARMS', sale_date: '2010-01-01', sale_price: 100000 },
    after: { owner: 'NEW FARMS LLC', sale_date: '2025-02-14', sale_price: 450000 },
    situs: '10 MAIN ST',
  }),
  change('sold', 'b', { after: { sale_date: '2025-01-20', sale_price: 1 } }),
  change('new_owner', 'c', { before: { owner: 'JONES' }, after: { owner: 'SMITH' }, facets: ['new_owner'] }),
  change('split', 'x', { related: ['x1', 'x2'], parcel_id: 'P07' }),
]
const ready: ChangesState = {
  status: 'ready',
  since,
  summary: summarizeChanges(log, results, null),
  results: results.size,
}

it('says how many of the results changed since the link’s day, by kind, and lists them on demand', async () => {
  const onOpen = vi.fn()
  const onDismiss = vi.fn()
  render(<ChangesNotice state={ready} onOpen={onOpen} onDismiss={onDismiss} labelOf={(i) => i.toUpperCase()} />)
  expect(screen.getByRole('status').textContent).toBe(
    '4 of these 228 parcels changed since Mar 3, 2025: 1 split, 2 sold, 1 new owner.',
  )
  const list = screen.getByRole('list', { hidden: true })
  expect(list.hidden).toBe(true)
  await userEvent.click(screen.getByRole('button', { name: 'Show changes' }))
  expect(list.hidden).toBe(false)
  const items = within(list).getAllByRole('listitem')
  expect(items.map((li) => li.textContent)).toEqual([
    'SplitP07split into 2 parcels:X1X2',
    'SoldA · 10 MAIN STsold Feb 14, 2025 for $450,000 · owner OLD FARMS → NEW FARMS LLC',
    'SoldBsold Jan 20, 2025 for $1',
    'New ownerCowner JONES → SMITH',
  ])
  // A split parcel's successors open; the others open themselves.
  await userEvent.click(within(items[0]!).getByRole('button', { name: 'X2' }))
  expect(onOpen).toHaveBeenLastCalledWith('x2')
  await userEvent.click(within(items[1]!).getByRole('button', { name: 'A · 10 MAIN ST' }))
  expect(onOpen).toHaveBeenLastCalledWith('a')
  await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
  expect(onDismiss).toHaveBeenCalledOnce()
})

it('says so when nothing changed among the results, and lists parcels removed from the areas', async () => {
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [-94, 41],
        [-93, 41],
        [-93, 43],
        [-94, 43],
        [-94, 41],
      ],
    ],
  }
  const none = summarizeChanges([change('removed', 'gone', { parcel_id: 'P20' })], new Set(['a']), [square])
  render(
    <ChangesNotice
      state={{ status: 'ready', since, summary: none, results: 1 }}
      onOpen={vi.fn()}
      onDismiss={vi.fn()}
      labelOf={(i) => i}
    />,
  )
  expect(screen.getByRole('status').textContent).toBe(
    'This parcel did not change since Mar 3, 2025. 1 parcel in these areas was removed.',
  )
  await userEvent.click(screen.getByRole('button', { name: 'Show changes' }))
  expect(screen.getByRole('listitem').textContent).toBe('RemovedP20no longer on the server')
})

it('is quiet while reading, when the log does not reach back, and on failure; absent when nothing is known', () => {
  const props = { onOpen: vi.fn(), onDismiss: vi.fn(), labelOf: (i: string) => i }
  const { rerender, container } = render(<ChangesNotice state={{ status: 'loading', since }} {...props} />)
  expect(screen.getByRole('status').textContent).toBe('Checking what changed since Mar 3, 2025…')
  rerender(<ChangesNotice state={{ status: 'unknown', since }} {...props} />)
  expect(screen.getByRole('status').textContent).toMatch(/change log does not reach back/)
  rerender(<ChangesNotice state={{ status: 'failed', since, message: 'Network error.' }} {...props} />)
  expect(screen.getByRole('status').textContent).toMatch(/could not be read: Network error\./)
  rerender(<ChangesNotice state={{ status: 'none' }} {...props} />)
  expect(container.textContent).toBe('')
})

it('a split parcel’s old id offers its successors', async () => {
  const onOpen = vi.fn()
  render(
    <ParcelFateNote
      fate={{ kind: 'split', successors: ['y1', 'y2'], loadedAt: '2025-03-10T12:00:00Z' }}
      onOpen={onOpen}
      labelOf={(i) => `P-${i}`}
    />,
  )
  expect(screen.getByRole('status').textContent).toBe('This parcel was split on Mar 10, 2025 into 2 parcels:')
  await userEvent.click(screen.getByRole('button', { name: 'Open P-y2' }))
  expect(onOpen).toHaveBeenCalledWith('y2')
})
