import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { CoverageResponse } from '../../../contract/tiles'
import { FakeParcels, parcel, square } from '../../features/holdings/holdings-fixtures.test-support'
import { appStore } from '../../state/store'
import { HoldingsPane } from './holdings-pane'
import { renderPanel, resetPanels } from './panel-workspace.test-support'

afterEach(resetPanels)

const COVERAGE: CoverageResponse = {
  version: 'v1',
  tiles: null,
  counties: [
    {
      state: 'IA',
      state_fp: '19',
      county_fp: '169',
      county: 'Story',
      parcels: 3,
      bbox: [-94, 41, -93, 43],
      loaded_at: '',
    },
  ],
}

function setup() {
  const server = new FakeParcels([
    parcel({ owner: 'MILLER FARMS LLC', geom: square(-93.5, 42), acres_calc: 40 }),
    parcel({ owner: 'MILLER FARMS LLC', geom: square(-93.49, 42), acres_calc: 39 }),
    parcel({ owner: 'PRAIRIE ACRES LLC', geom: square(-93.3, 42.2), acres_calc: 10 }),
  ])
  const view = renderPanel(<HoldingsPane />, { coverage: COVERAGE, deps: { holdingSources: server.sources() } })
  act(() => appStore.getState().openHoldings('owner'))
  return { server, ...view }
}

describe('HoldingsPane', () => {
  it('plans an owner search, shows its cost, and finds the owner’s holdings', async () => {
    const { server } = setup()
    const panel = screen.getByRole('region', { name: 'Holdings & lists' })
    expect(within(panel).getByRole('tab', { name: 'Owner' }).getAttribute('aria-selected')).toBe('true')
    const plan = within(panel).getByRole('button', { name: 'Plan' }) as HTMLButtonElement
    expect(plan.disabled).toBe(true)
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Owner name' }), 'Miller Farms LLC')
    await userEvent.click(plan)
    // The coverage says where to look; nothing is asked before Find holdings.
    await waitFor(() => expect(panel.textContent).toMatch(/owner contains “MILLER” in IA/))
    expect(server.queries).toHaveLength(0)

    await userEvent.click(within(panel).getByRole('button', { name: 'Find holdings' }))
    const owner = await within(panel).findByRole('list', { name: 'This owner' })
    expect((within(owner).getByRole('checkbox', { name: /MILLER FARMS LLC/ }) as HTMLInputElement).checked).toBe(true)
    expect(await within(panel).findByRole('region', { name: 'Holdings' })).toBeTruthy()
    expect(server.queries.length).toBeGreaterThan(0)
  })

  it('moves between tabs with the arrow keys and goes back to the search', async () => {
    setup()
    const owner = screen.getByRole('tab', { name: 'Owner' })
    owner.focus()
    await userEvent.keyboard('{ArrowRight}')
    const assemblage = screen.getByRole('tab', { name: 'Assemblage' })
    expect(assemblage.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(assemblage)
    expect(appStore.getState().holdingsTab).toBe('assemblage')

    await userEvent.click(screen.getByRole('button', { name: '← Back to search' }))
    expect(appStore.getState().holdingsTab).toBeNull()
    expect(screen.queryByRole('region', { name: 'Holdings & lists' })).toBeNull()
  })
})
