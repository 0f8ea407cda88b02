import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { appStore } from '../../state/store'
import { StaleMapBadge, StaleNotice, useStaleSearch } from './stale-notice'

// Files share a thread (isolate: false): leave the store as the next file expects to find it.
afterEach(() => {
  cleanup()
  appStore.setState(appStore.getInitialState(), true)
})

const square = (x: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 42],
      [x + 0.01, 42],
      [x + 0.01, 42.01],
      [x, 42.01],
      [x, 42],
    ],
  ],
})

/** The notice as the results pane mounts it: driven by the real store. */
function Harness({ searches }: { searches: string[] }) {
  const s = useStaleSearch()
  return <StaleNotice changes={s.changes} canSearch={s.canSearch} onSearch={() => searches.push('search')} />
}

beforeEach(() => {
  const s = appStore.getState()
  s.clearSubmitted()
  s.setMode('area')
  s.setFilters([])
  s.replaceAreas([
    { id: 'a', kind: 'rectangle', geometry: square(-93.6) },
    { id: 'b', kind: 'rectangle', geometry: square(-93.5) },
  ])
})

it('says nothing until the setup is edited after a search, then names the edits and offers Search again', async () => {
  const user = userEvent.setup()
  const searches: string[] = []
  render(<Harness searches={searches} />)
  expect(screen.queryByText('Results are for the previous search')).toBeNull()
  act(() => appStore.getState().submit())
  expect(screen.queryByText('Results are for the previous search')).toBeNull()

  act(() => {
    appStore.getState().setFilters([{ field: 'acres', op: 'gte', value: 40 }])
    appStore.getState().removeArea('b')
  })
  const notice = screen.getByRole('status')
  expect(notice.textContent).toContain('Results are for the previous search')
  expect(notice.textContent).toContain('Edited since: 1 area removed; filter added: Acres ≥ 40.')
  await user.click(screen.getByRole('button', { name: 'Search again' }))
  expect(searches).toEqual(['search'])

  // Searching again (the store's submit) makes the rows the answer again: the notice goes.
  act(() => appStore.getState().submit())
  expect(screen.queryByText('Results are for the previous search')).toBeNull()
})

it('undoing the edit by hand clears the notice (same requests, same answer)', () => {
  render(<Harness searches={[]} />)
  act(() => appStore.getState().submit())
  act(() => appStore.getState().setIncludeBuildings(true))
  expect(screen.getByRole('status').textContent).toContain('building footprints turned on')
  act(() => appStore.getState().setIncludeBuildings(false))
  expect(screen.queryByRole('status')).toBeNull()
})

it('with every area deleted it cannot search again and says what is missing', () => {
  render(<StaleNotice changes={['2 areas removed']} canSearch={false} onSearch={() => {}} />)
  expect(screen.queryByRole('button', { name: 'Search again' })).toBeNull()
  expect(screen.getByRole('status').textContent).toContain('Add an area or filter to search again.')
})

it('the map badge marks the parcels as the previous search and searches again', async () => {
  const user = userEvent.setup()
  const searches: string[] = []
  render(<StaleMapBadge canSearch onSearch={() => searches.push('x')} />)
  expect(screen.getByRole('status').textContent).toContain('Marked parcels are from the previous search')
  await user.click(screen.getByRole('button', { name: 'Search again' }))
  expect(searches).toEqual(['x'])
})
