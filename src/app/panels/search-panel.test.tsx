import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { appStore } from '../../state/store'
import { renderPanel, resetPanels, SQUARE_AREA } from './panel-workspace.test-support'
import { SearchPanel } from './search-panel'

afterEach(resetPanels)

const searchButton = () => screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement

describe('SearchPanel', () => {
  it('asks for an area first, then searches it: the button, the hint and the progress follow the set-up', async () => {
    const { search } = renderPanel(<SearchPanel />)
    expect(screen.getByRole('radio', { name: 'Drawn area' })).toHaveProperty('checked', true)
    expect(searchButton().disabled).toBe(true)
    expect(screen.getByText('Draw an area (or search the map view or a county) first.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Search a county…' })).toBeTruthy()

    act(() => appStore.getState().replaceAreas([SQUARE_AREA]))
    expect(searchButton().disabled).toBe(false)
    expect(screen.queryByText(/first\.$/)).toBeNull()

    await userEvent.click(searchButton())
    expect(appStore.getState().submitted?.areas).toEqual([SQUARE_AREA])
    const progress = await screen.findByRole('region', { name: 'Search progress' })
    await within(progress).findByText('Done')
    const n = search.server.records.length
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuetext')).toMatch(
      new RegExp(`· ${n} records$`),
    )
  })

  it('in "Filters only" mode wants a filter, and says when a filter is unfinished', async () => {
    renderPanel(<SearchPanel />)
    act(() => appStore.getState().replaceAreas([SQUARE_AREA]))
    await userEvent.click(screen.getByRole('radio', { name: 'Filters only' }))
    expect(appStore.getState().mode).toBe('direct')
    expect(screen.getByText(/Filters-only search ignores drawn areas/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Search a county…' })).toBeNull()
    expect(searchButton().disabled).toBe(true)
    expect(screen.getByText('Add at least one filter (with a state or county) first.')).toBeTruthy()

    act(() => appStore.getState().setFilters([{ field: 'state', op: 'eq', value: 'IA' }]))
    expect(searchButton().disabled).toBe(false)

    act(() =>
      appStore.getState().setFilters([
        { field: 'state', op: 'eq', value: 'IA' },
        { field: 'acres', op: 'gt', value: '' },
      ]),
    )
    expect(searchButton().disabled).toBe(true)
    expect(screen.getByText('Fix the highlighted filters first.')).toBeTruthy()
  })

  it('opens the county and import dialogs and turns building footprints on', async () => {
    renderPanel(<SearchPanel />)
    await userEvent.click(screen.getByRole('button', { name: 'Search a county…' }))
    expect(appStore.getState().ui).toEqual({ kind: 'county' })
    await userEvent.click(screen.getByRole('button', { name: 'Import areas…' }))
    expect(appStore.getState().ui).toEqual({ kind: 'import' })
    const buildings = screen.getByRole('checkbox', { name: 'Include building footprints' })
    await userEvent.click(buildings)
    expect(appStore.getState().includeBuildings).toBe(true)
  })
})
