import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it } from 'vitest'
import { noFieldDeps } from '../../features/field/field-flow'
import { FieldDialogs, OfflinePacksButton, ResultsFieldMenu } from '../../features/field/field-panels'
import { PackLibrary } from '../../features/field/pack-library'
import { openPackStore } from '../../features/field/pack-store'
import { appStore } from '../../state/store'
import { renderPanel, resetPanels, SQUARE_AREA } from './panel-workspace.test-support'
import { useSearchResult } from './workspace-context'

// A lazily loaded chunk's first import can take seconds on a loaded machine (the default wait is 1 s).
const LAZY = { timeout: 10_000 }

afterEach(resetPanels)

/** The results pane's menu, over the workspace's search as the results pane gives it. */
function Menu() {
  return <ResultsFieldMenu search={useSearchResult()} />
}

function setup() {
  // A real pack store on an in-memory IndexedDB: this device has room for packs, and none yet.
  const field = { ...noFieldDeps(new PackLibrary(openPackStore(new IDBFactory()))), online: () => true }
  return renderPanel(
    <>
      <OfflinePacksButton />
      <Menu />
      <FieldDialogs />
    </>,
    { deps: { field } },
  )
}

describe('field panels', () => {
  it('the header button opens the packs dialog, which says there are none yet, and closes', async () => {
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'Offline packs' }))
    const dialog = await screen.findByRole('dialog', { name: 'Offline packs' })
    expect(await within(dialog).findByText(/No offline packs yet\./, {}, LAZY)).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Take this map view offline' })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog', { name: 'Offline packs' })).toBeNull()
  })

  it('the results menu waits for results, then offers to take the search offline', async () => {
    setup()
    const menu = screen.getByRole('button', { name: 'Offline & field ▾' }) as HTMLButtonElement
    expect(menu.disabled).toBe(true)
    act(() => {
      appStore.getState().replaceAreas([SQUARE_AREA])
      appStore.getState().submit()
    })
    await waitFor(() => expect(menu.disabled).toBe(false))
    await userEvent.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('button', { name: 'Export GeoPackage (QGIS, ArcGIS, Avenza)' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Take this search offline…' }))
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    expect(await screen.findByRole('dialog', { name: 'Take offline' })).toBeTruthy()
  })
})
