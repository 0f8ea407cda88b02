/** The open report over the app: a holding report made from a portfolio, its maps asked for and drawn, then closed. */
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { dissolve } from '../../features/holdings/dissolve'
import { footprints, holdingsOf } from '../../features/holdings/holding-summary'
import { parcel, square } from '../../features/holdings/holdings-fixtures.test-support'
import type { OwnerGroup } from '../../features/holdings/portfolio'
import type { ReportMapRequest } from '../../features/reports/report-desk'
import { ReportPane } from '../../features/reports/report-pane'
// The report font from disk: component tests have no network to fetch it with.
import '../../features/reports/report-fonts.test-support'
import { harness } from '../../features/search/search-harness.test-support'
import { appStore } from '../../state/store'
import { Workspace } from '../workspace/workspace'
import { WorkspaceProvider } from './workspace-context'

afterEach(cleanup)

const IMAGE = { dataUrl: 'data:image/png;base64,iVBORw0KGgo=', metersPerPoint: 2, basemap: 'Offline map', notes: [] }

function setup() {
  const asked: ReportMapRequest[] = []
  const workspace = new Workspace({
    store: appStore,
    search: harness(10).session,
    lookupPoint: async () => [],
    fetchParcel: async (): Promise<ParcelRecord | null> => null,
    loadCoverage: async () => null,
    apiUrl: (path) => `http://plat.test${path}`,
    maps: { createMap: async () => Promise.reject(new Error('no map in this test')) },
    renderReportMap: async (req) => {
      asked.push(req)
      return IMAGE
    },
  })
  render(
    <WorkspaceProvider workspace={workspace}>
      <main>
        <button type="button">Report</button>
      </main>
      <ReportPane />
    </WorkspaceProvider>,
  )
  return { workspace, asked }
}

const group = (name: string, kind: OwnerGroup['kind'], records: ParcelRecord[]): OwnerGroup => ({
  key: name,
  name,
  kind,
  reasons: kind === 'variant' ? ['punctuation'] : [],
  ids: records.map((r) => r.svc_uuid),
  acres: 0,
  counties: [],
})

describe('ReportPane', () => {
  it('shows a holding report over the app with its maps drawn per state, and closes it', async () => {
    const a = parcel({ owner: 'MILLER FARMS LLC', parcel_id: 'IA-1', geom: square(-93.6, 42), acres_calc: 40 })
    const b = parcel({ owner: 'MILLER FARMS LLC', parcel_id: 'IA-2', geom: square(-93.59, 42), acres_calc: 35 })
    const k = parcel({
      owner: 'MILLER FARMS, L.L.C.',
      parcel_id: 'KS-1',
      geom: square(-100.9, 37.9),
      acres_calc: 20,
      state: 'KS',
      county: 'Finney',
    })
    const records = [a, b, k]
    const holdings = holdingsOf(records, dissolve(footprints(records)))
    const { workspace, asked } = setup()
    await userEvent.click(screen.getByRole('button', { name: 'Report' }))
    act(() =>
      workspace.reports.holding({
        owner: 'MILLER FARMS LLC',
        included: [group('MILLER FARMS LLC', 'owner', [a, b]), group('MILLER FARMS, L.L.C.', 'variant', [k])],
        leftOut: [],
        holdings,
        records,
      }),
    )
    // The layout and the view load on first use (dynamic imports): the first open takes a moment.
    const dialog = await screen.findByRole('dialog', { name: 'Holding report' }, { timeout: 15_000 })
    // The report is a child of <body> beside the app, which is inert while it is open.
    expect(dialog.parentElement).toBe(document.body)
    await within(dialog).findByText(/Ready to print/, undefined, { timeout: 10_000 })
    expect(asked.map((r) => r.id)).toEqual(['holdings', 'holdings-IA', 'holdings-KS'])
    expect(asked[0]?.content.holdings?.map((h) => h.label)).toEqual(['H1', 'H2'])
    expect(asked[2]?.content.holdings?.map((h) => h.label)).toEqual(['H2'])
    expect(within(dialog).getAllByRole('img', { name: 'Map' })).toHaveLength(3)
    expect(within(dialog).getAllByText('Basemap: Offline map.', { exact: false }).length).toBe(3)
    expect(within(dialog).getByRole('heading', { level: 1 }).textContent).toBe('MILLER FARMS LLC')
    const link = within(dialog).getAllByRole('link')[0]?.getAttribute('href') ?? ''
    // The link reruns the parcels as a search: the spellings' owners in their states.
    const f = new URLSearchParams(link.split('?')[1]).get('f') ?? ''
    expect(f).toBe('owner:in:lsMILLER FARMS LLC,sMILLER FARMS, L.L.C.~state:in:lsIA,sKS')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('button', { name: 'Report' })).toBe(document.activeElement)
  })
})
