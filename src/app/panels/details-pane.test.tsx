import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { soldRecord, subjectRecord } from '../../../contract/comps/comps.test-support'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CachedSources } from '../../cache/cached-sources'
import { harness } from '../../features/search/search-harness.test-support'
import { memorySources } from '../../features/value/comps.test-support'
import { appStore } from '../../state/store'
import { Workspace } from '../workspace/workspace'
import { DetailsPane } from './details-pane'
import { WorkspaceProvider } from './workspace-context'

// A lazily loaded chunk's first import can take seconds on a loaded machine (the default wait is 1 s).
const LAZY = { timeout: 10_000 }

const subject = subjectRecord({ parcel_id: '09-12-300-001', sale_date: '2019-03-02' })
// Sold 100 days ago: inside the default window whatever day the test runs (comps are valued as of today).
const SOLD = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10)
const sales = [soldRecord('a', 1, 800_000, SOLD), soldRecord('b', 2, 880_000, SOLD), soldRecord('c', 3, 960_000, SOLD)]

function setup() {
  const { sources } = memorySources([subject, ...sales])
  const workspace = new Workspace({
    store: appStore,
    search: harness(10).session,
    lookupPoint: async () => [],
    fetchParcel: async (id): Promise<ParcelRecord | null> => (id === subject.svc_uuid ? subject : null),
    loadCoverage: async () => null,
    apiUrl: (path) => `http://plat.test${path}`,
    maps: { createMap: async () => Promise.reject(new Error('no map in this test')) },
    sources: sources as unknown as CachedSources,
  })
  render(
    <WorkspaceProvider workspace={workspace}>
      <DetailsPane />
    </WorkspaceProvider>,
  )
  return workspace
}

afterEach(() => {
  cleanup()
  appStore.setState(appStore.getInitialState(), true)
})

describe('DetailsPane with comparable sales', () => {
  it('opens comps from the card, a comp’s card over them and back, and returns focus to the card’s button on close', async () => {
    const workspace = setup()
    act(() => workspace.parcels.fetch(subject.svc_uuid))
    act(() => appStore.getState().select(subject.svc_uuid, true))
    const card = await screen.findByRole('complementary', { name: 'Parcel details' })
    await userEvent.click(await within(card).findByRole('button', { name: 'Comparable sales' }, LAZY))
    const panel = await screen.findByRole('region', { name: 'Comparable sales' }, LAZY)
    // $10k, $11k, $12k per acre × 80 ac: the median comp.
    expect((await within(panel).findByTestId('comps-indicated')).textContent).toBe('$880,000')
    expect(appStore.getState().comps?.subject).toEqual({ kind: 'parcel', id: subject.svc_uuid })

    await userEvent.click(within(panel).getAllByRole('button', { name: SOLD })[0]!)
    expect(await screen.findByRole('button', { name: '← Back to comparable sales' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Comparable sales', hidden: true }).closest('[hidden]')).not.toBeNull()
    await userEvent.click(screen.getByRole('button', { name: '← Back to comparable sales' }))
    expect(screen.getByTestId('comps-indicated').textContent).toBe('$880,000')

    // A pin is the store's, so the link carries it.
    await userEvent.click(screen.getAllByRole('button', { name: /^Drop comp/ })[0]!)
    expect(Object.values(appStore.getState().comps!.overrides)).toEqual(['drop'])

    await userEvent.click(screen.getByRole('button', { name: 'Close comparable sales' }))
    const again = await screen.findByRole('button', { name: 'Comparable sales' })
    expect(document.activeElement).toBe(again)
    expect(appStore.getState().comps).toBeNull()
  })

  it('shows comps for a site (a drawn area, a holding) in an "Area details" pane, with no parcel open', async () => {
    const workspace = setup()
    act(() =>
      workspace.comps.forSubject({
        kind: 'site',
        areaId: null,
        label: 'North 80',
        point: [-93.5, 42],
        acres: 80,
        landUse: 'AGRICULTURAL - CROPLAND',
        crop: 'Corn',
        csr2: null,
        geometry: null,
      }),
    )
    const pane = await screen.findByRole('complementary', { name: 'Area details' })
    expect(await within(pane).findByText('North 80 · 80.00 ac · agricultural - cropland', {}, LAZY)).toBeTruthy()
    expect((await within(pane).findByTestId('comps-indicated')).textContent).toBe('$880,000')
    expect(appStore.getState().selectedId).toBeNull()
  })
})
