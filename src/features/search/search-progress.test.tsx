/** What a running search shows: progress, the cost question, and the banners for stopped and failed runs. */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/api-error'
import { SearchProgressView } from './search-progress'
import type { SearchResult } from './search-types'

afterEach(cleanup)

function result(over: Partial<SearchResult> = {}): SearchResult {
  return {
    status: 'loading',
    rowCount: 0,
    rows: [],
    requestRows: () => {},
    progress: { callsDone: 0, callsPlanned: 0, recordsLoaded: 0 },
    estimate: null,
    error: null,
    offsetCapped: false,
    complete: false,
    confirm: vi.fn(),
    resume: vi.fn(),
    cancel: vi.fn(),
    calls: { area: 0, query: 0 },
    localFilter: null,
    ...over,
  }
}

it('shows nothing before the first search', () => {
  const { container } = render(<SearchProgressView result={result({ status: 'idle' })} />)
  expect(container.innerHTML).toBe('')
})

it('while loading: a labelled progress bar in pages, records of the expected total, calls spent and cached, and Cancel', async () => {
  const user = userEvent.setup()
  const r = result({
    status: 'loading',
    progress: { callsDone: 3, callsPlanned: 12, recordsLoaded: 2500, recordsExpected: 11230, callsCached: 1 },
    calls: { area: 1, query: 2 },
  })
  render(<SearchProgressView result={r} />)
  const bar = screen.getByRole('progressbar', { name: 'Searching' })
  expect(bar.getAttribute('aria-valuenow')).toBe('3')
  expect(bar.getAttribute('aria-valuemax')).toBe('12')
  expect(bar.getAttribute('aria-valuetext')).toBe('3 / 12 pages · 2,500 records of ~11,230')
  expect(screen.getByText('3 / 12 pages · 2,500 records of ~11,230')).toBeTruthy()
  expect(screen.getByText('API calls: 3 calls · 1 answer from cache')).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(r.cancel).toHaveBeenCalledTimes(1)
})

it('done: says Done in the singular where it is one, offers no Cancel, and never shows more pages done than planned', () => {
  render(
    <SearchProgressView
      result={result({
        status: 'done',
        progress: { callsDone: 1, callsPlanned: 0, recordsLoaded: 1, recordsExpected: 1 },
        calls: { area: 0, query: 1 },
      })}
    />,
  )
  const bar = screen.getByRole('progressbar', { name: 'Done' })
  expect(bar.getAttribute('aria-valuetext')).toBe('1 / 1 pages · 1 record')
  expect(screen.getByText('API calls: 1 call')).toBeTruthy()
  expect(screen.queryByRole('button')).toBeNull()
})

it('a costly search asks first: the question takes focus on Continue, and Escape or Cancel says no', async () => {
  const user = userEvent.setup()
  const r = result({ status: 'asking', estimate: { calls: 120, records: 11_800 } })
  render(
    <>
      <button type="button">Search</button>
      <SearchProgressView result={r} />
    </>,
  )
  const dialog = screen.getByRole('alertdialog', { name: 'This search is large' })
  expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
  expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    "Loading about 11,800 records needs about 120 more API calls. Calls count against the key's monthly allowance.",
  )
  // No progress bar while the person decides.
  expect(screen.queryByRole('progressbar')).toBeNull()
  const continueButton = screen.getByRole('button', { name: 'Continue' })
  await waitFor(() => expect(document.activeElement).toBe(continueButton))
  await user.keyboard('{Escape}')
  expect(r.cancel).toHaveBeenCalledTimes(1)
  expect(r.confirm).not.toHaveBeenCalled()
  await user.keyboard('{Enter}')
  expect(r.confirm).toHaveBeenCalledTimes(1)
  await user.tab()
  await user.keyboard('{Enter}')
  expect(r.cancel).toHaveBeenCalledTimes(2)
})

it('out of allowance (429): the reason is an alert with Resume, and the loaded records stay counted', async () => {
  const user = userEvent.setup()
  const r = result({
    status: 'stopped',
    error: new ApiError({ status: 429, kind: 'quota', detail: 'monthly limit reached' }),
    progress: { callsDone: 5, callsPlanned: 9, recordsLoaded: 4000 },
    calls: { area: 1, query: 5 },
  })
  render(<SearchProgressView result={r} />)
  expect(screen.getByRole('alert').textContent).toContain(
    'The monthly request allowance of this API key is exhausted (monthly limit reached).',
  )
  expect(screen.getByRole('progressbar', { name: 'Stopped' }).getAttribute('aria-valuetext')).toBe(
    '5 / 9 pages · 4,000 records',
  )
  await user.click(screen.getByRole('button', { name: 'Resume' }))
  expect(r.resume).toHaveBeenCalledTimes(1)
  expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
})

it('cancelled by the person: a status line with the count and Resume', async () => {
  const user = userEvent.setup()
  const r = result({ status: 'stopped', progress: { callsDone: 2, callsPlanned: 9, recordsLoaded: 1 } })
  render(<SearchProgressView result={r} />)
  expect(screen.getByRole('status').textContent).toContain('Stopped with 1 record loaded.')
  expect(screen.queryByRole('alert')).toBeNull()
  await user.click(screen.getByRole('button', { name: 'Resume' }))
  expect(r.resume).toHaveBeenCalledTimes(1)
})

it('failed: the reason as an alert; Try again only where trying again can help', async () => {
  const user = userEvent.setup()
  const r = result({
    status: 'failed',
    error: new ApiError({ status: 503, kind: 'server', detail: 'database unavailable' }),
  })
  const { rerender } = render(<SearchProgressView result={r} />)
  expect(screen.getByRole('alert').textContent).toContain('The parcel server failed (HTTP 503): database unavailable')
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(r.resume).toHaveBeenCalledTimes(1)
  rerender(
    <SearchProgressView
      result={result({
        status: 'failed',
        error: new ApiError({ status: 400, kind: 'invalid', detail: 'Unknown field "acreage".' }),
      })}
    />,
  )
  expect(screen.getByRole('alert').textContent).toContain('Unknown field "acreage".')
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
})

it('more matches than paging can reach: a note says how many are shown of how many and how to narrow', () => {
  render(
    <SearchProgressView
      result={result({
        status: 'done',
        offsetCapped: true,
        progress: { callsDone: 101, callsPlanned: 101, recordsLoaded: 10_100, recordsExpected: 48_213 },
      })}
    />,
  )
  expect(screen.getByRole('note').textContent).toBe(
    'Showing the first 10,100 of 48,213 matches: the API pages at most 10,000 records deep. Add filters (a county, a value range) to narrow the search.',
  )
})
