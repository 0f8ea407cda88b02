import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { parcelInput } from '../../features/reports/report-fixtures.test-support'
import { ReportPane } from '../../features/reports/report-pane'
import { reportSettingsStore } from '../../features/reports/report-settings'
import { renderPanel, resetPanels } from './panel-workspace.test-support'

// A lazily loaded chunk's first import can take seconds on a loaded machine (the default wait is 1 s).
const LAZY = { timeout: 10_000 }

const paperBefore = reportSettingsStore.getState().paper
afterEach(() => {
  resetPanels()
  reportSettingsStore.getState().set({ paper: paperBefore })
})

describe('ReportPane', () => {
  it('shows nothing until a report opens; then the pages, the paper choice, and Close', async () => {
    const { workspace } = renderPanel(<ReportPane />)
    expect(screen.queryByRole('dialog')).toBeNull()
    act(() => reportSettingsStore.getState().set({ paper: 'letter' }))

    // A record without geometry: a report with no map to draw (no MapLibre in a simulated DOM).
    const { geom: _none, ...record } = parcelInput().record
    act(() => workspace.reports.parcel(record))
    const report = await screen.findByRole('dialog', { name: 'Parcel report' }, LAZY)
    // Over the whole app, not inside the panel's place in the layout (the print stylesheet prints it alone).
    expect(report.parentElement).toBe(document.body)
    const status = await within(report).findByText(/^\d+ pages?, US Letter\. Ready to print\.$/)
    expect(status.getAttribute('role')).toBe('status')
    expect(within(report).getAllByText('JOHNSON FAMILY FARMS LLC').length).toBeGreaterThan(0)

    await userEvent.selectOptions(within(report).getByRole('combobox', { name: 'Paper' }), 'A4')
    await waitFor(() => expect(status.textContent).toMatch(/, A4\. Ready to print\.$/))
    expect(reportSettingsStore.getState().paper).toBe('a4')

    await userEvent.click(within(report).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog', { name: 'Parcel report' })).toBeNull()
  })
})
