import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { encodeAreas } from '../../../contract/link-areas'
import { encodeFilters } from '../../../contract/link-filters'
import type { NewWatchBody } from '../../api/watches'
import { SavedSearchWatchAction } from './saved-search-watch-action'
import { fakeDeps, fakeServer } from './watches.test-support'
import { watchesApi } from './watches-api'
import { WatchesFlow } from './watches-flow'
import { WatchesDialogs } from './watches-panels'

afterEach(cleanup)

const ring = [
  [-93.6, 42],
  [-93.5, 42],
  [-93.5, 42.1],
  [-93.6, 42.1],
  [-93.6, 42],
]
const filters = [{ field: 'parcel_value', op: 'gte', value: 100_000 }]
/** A saved search as the saved-searches list keeps it: a link query. */
const areaQuery = `a=${encodeAreas([{ kind: 'rectangle', geometry: { type: 'Polygon', coordinates: [ring] } }])}&f=${encodeFilters(filters)}&s=1&v=1`

async function started() {
  const server = fakeServer([])
  const posted: NewWatchBody[] = []
  const create = server.api.create
  // The fake server keeps parcel watches; this one answers an area watch as the real one does.
  server.api.create = async (body) => {
    posted.push(body)
    const made = await create(body)
    return 'area' in body ? { ...made, kind: 'area', parcels: undefined, area: body.area, filters: body.filters } : made
  }
  const flow = new WatchesFlow(fakeDeps(server.api).deps)
  await act(async () => {
    flow.start()
    await new Promise((r) => setTimeout(r, 0))
  })
  return { flow, posted }
}

function App({ flow, query, onAction }: { flow: WatchesFlow; query: string; onAction(): void }) {
  return (
    <watchesApi.Context.Provider value={flow}>
      <SavedSearchWatchAction name="North lots" query={query} onAction={onAction} />
      <WatchesDialogs onOpenParcel={() => {}} />
    </watchesApi.Context.Provider>
  )
}

it('a saved search’s “Watch” opens the watch dialog, which posts the search’s area and filters', async () => {
  const { flow, posted } = await started()
  const onAction = vi.fn()
  render(<App flow={flow} query={areaQuery} onAction={onAction} />)
  await userEvent.click(screen.getByRole('button', { name: 'Watch North lots' }))
  expect(onAction).toHaveBeenCalledOnce()
  const dialog = screen.getByRole('dialog', { name: 'Watch for changes' })
  expect(dialog.textContent).toContain('the saved search “North lots” (its drawn area with 1 filter)')
  expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('North lots')
  await userEvent.click(screen.getByRole('button', { name: 'Create watch' }))
  expect(posted).toEqual([
    {
      name: 'North lots',
      area: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
      },
      filters,
    },
  ])
  // The same area and filters are now watched: the row says so (and opens the inbox).
  expect(await screen.findByRole('button', { name: 'Watching ✓ North lots' })).toBeTruthy()
})

it('a saved search without an area, or whose area could not be read, offers no “Watch”', async () => {
  const { flow } = await started()
  const byFilters = `m=d&f=${encodeFilters(filters)}&v=1`
  const { rerender } = render(<App flow={flow} query={byFilters} onAction={() => {}} />)
  expect(screen.queryByRole('button', { name: /Watch/ })).toBeNull()
  rerender(<App flow={flow} query={`f=${encodeFilters(filters)}&v=1`} onAction={() => {}} />)
  expect(screen.queryByRole('button', { name: /Watch/ })).toBeNull()
  rerender(<App flow={flow} query="a=r_broken&v=1" onAction={() => {}} />)
  expect(screen.queryByRole('button', { name: /Watch/ })).toBeNull()
  rerender(<App flow={flow} query={areaQuery} onAction={() => {}} />)
  expect(screen.getByRole('button', { name: 'Watch North lots' })).toBeTruthy()
})
