import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { appStore } from '../../state/store'
import { renderPanel, resetPanels, SQUARE_AREA } from './panel-workspace.test-support'
import { ResultsPane } from './results-pane'

// A lazily loaded chunk's first import can take seconds on a loaded machine (the default wait is 1 s).
const LAZY = { timeout: 10_000 }

afterEach(resetPanels)

const MOVED = {
  ...SQUARE_AREA,
  id: 'a2',
  geometry: {
    ...SQUARE_AREA.geometry,
    coordinates: [SQUARE_AREA.geometry.coordinates[0]!.map(([x, y]) => [x! + 0.05, y!])],
  },
}

describe('ResultsPane', () => {
  it('shows the progress while pages load, then the totals of what was found', async () => {
    const { search } = renderPanel(<ResultsPane />)
    expect(screen.queryByRole('region', { name: 'Results summary' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull()

    let release = () => {}
    const held = new Promise<void>((r) => {
      release = r
    })
    search.server.gate = () => held
    act(() => {
      appStore.getState().replaceAreas([SQUARE_AREA])
      appStore.getState().submit()
    })
    const progress = await screen.findByRole('region', { name: 'Search progress' })
    await within(progress).findByText('Searching')
    expect(within(progress).getByRole('button', { name: 'Cancel' })).toBeTruthy()

    act(() => release())
    await within(progress).findByText('Done', {}, { timeout: 5000 })
    expect(within(progress).queryByRole('button', { name: 'Cancel' })).toBeNull()
    const records = search.server.records
    const summary = screen.getByRole('region', { name: 'Results summary' })
    await waitFor(() =>
      expect(within(summary).getByText('Parcels').nextElementSibling?.textContent).toBe(String(records.length)),
    )
    // The count is live; the totals follow the rows a render later (useDeferredValue), labelled
    // "(of N loaded)" until they cover every row.
    const acres = records.reduce((sum, r) => sum + Number(r.acres), 0)
    await waitFor(() =>
      expect(within(summary).getByText('Recorded acres').nextElementSibling?.textContent).toBe(
        acres.toLocaleString('en-US', { maximumFractionDigits: 1 }),
      ),
    )
    expect((screen.getByRole('button', { name: 'Report' }) as HTMLButtonElement).disabled).toBe(false)
    expect(await screen.findByRole('grid', { name: 'Search results' }, LAZY)).toBeTruthy()
  })

  it('says the rows are the previous search’s once the set-up is edited, and Search again runs the new one', async () => {
    renderPanel(<ResultsPane />)
    act(() => {
      appStore.getState().replaceAreas([SQUARE_AREA])
      appStore.getState().submit()
    })
    await screen.findByRole('region', { name: 'Results summary' })
    expect(screen.queryByText('Results are for the previous search')).toBeNull()

    act(() => appStore.getState().replaceAreas([]))
    expect(screen.getByText('Results are for the previous search')).toBeTruthy()
    expect(screen.getByText('Add an area or filter to search again.')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Results summary (previous search)' })).toBeTruthy()

    act(() => appStore.getState().replaceAreas([MOVED]))
    await userEvent.click(screen.getByRole('button', { name: 'Search again' }))
    expect(appStore.getState().submitted?.areas).toEqual([MOVED])
    expect(screen.queryByText('Results are for the previous search')).toBeNull()
    expect(await screen.findByRole('region', { name: 'Results summary' })).toBeTruthy()
  })
})
