import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CoverageCounty } from '../../../contract/tiles'
import { planBatch, plannedCalls } from './batch-plan'
import { guessColumns, parseTable } from './batch-table'
import type { ListSetup, ListState } from './holdings-views'
import { ListPanel, type ListPanelProps } from './list-panel'

afterEach(cleanup)

const STORY: CoverageCounty = {
  state: 'IA',
  state_fp: '19',
  county_fp: '169',
  county: 'Story',
  parcels: 9,
  bbox: [-94, 41, -93, 43],
  loaded_at: '',
}

function setupOf(text: string, county: CoverageCounty | null = null): ListSetup {
  const table = parseTable(text)
  const columns = guessColumns(table)
  const plan = planBatch(table, columns, [STORY], county)
  return { source: 'pasted list', table, columns, county, plan, calls: plannedCalls(plan) }
}

function setup(state: ListState) {
  const props: ListPanelProps = {
    state,
    counties: [STORY],
    onLoad: vi.fn(),
    onChange: vi.fn(),
    onRun: vi.fn(),
    onCancel: vi.fn(),
    onClear: vi.fn(),
    onShowTable: vi.fn(),
    onExport: vi.fn(),
  }
  render(<ListPanel {...props} />)
  return props
}

describe('ListPanel', () => {
  it('reads a pasted list', async () => {
    const p = setup({ status: 'empty' })
    await userEvent.type(screen.getByRole('textbox'), '01-05-100-001{Enter}01-05-100-002')
    await userEvent.click(screen.getByRole('button', { name: 'Read list' }))
    expect(p.onLoad).toHaveBeenCalledWith('01-05-100-001\n01-05-100-002', 'pasted list')
  })

  it('shows the columns, asks for the county and the cost before running', async () => {
    const p = setup({ status: 'ready', setup: setupOf('01-05-100-001\n01-05-100-002\n') })
    expect(screen.getByText(/0 queries for 0 distinct numbers/)).toBeTruthy()
    expect(screen.getByText(/2 rows need no call/)).toBeTruthy()
    await userEvent.selectOptions(screen.getByLabelText('County of the list'), '19169')
    expect(p.onChange).toHaveBeenCalledWith({ county: STORY })
    cleanup()
    const q = setup({ status: 'ready', setup: setupOf('01-05-100-001\n01-05-100-002\n', STORY) })
    expect(screen.getByText(/1 query for 2 distinct numbers/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Look up 2 rows' }))
    expect(q.onRun).toHaveBeenCalled()
  })

  it('shows progress with Cancel while running', async () => {
    const s = setupOf('lat,lon\n42,-93.5\n42.1,-93.5\n')
    const p = setup({ status: 'running', setup: s, done: 1, planned: 2, tally: { calls: 1, cached: 0, planned: 2 } })
    expect((screen.getByRole('progressbar', { name: 'List lookup progress' }) as HTMLProgressElement).value).toBe(1)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(p.onCancel).toHaveBeenCalled()
  })

  it('reports what was not found, with the reason, and exports it', async () => {
    const s = setupOf('APN,County\n01-05-100-001,Story\n99-99,Story\n5,Polk\n')
    const p = setup({
      status: 'done',
      setup: s,
      result: {
        answers: [
          { index: 0, records: [{ svc_uuid: 'a', parcel_id: '01-05-100-001' }], reason: null, detail: null },
          { index: 1, records: [], reason: 'unknown number', detail: 'no parcel 99-99 in Story, IA' },
          { index: 2, records: [], reason: 'outside coverage', detail: 'Polk is not a covered county' },
        ],
        records: [{ svc_uuid: 'a' }],
        counts: [1],
        pointsAsked: 0,
      },
      tally: { calls: 1, cached: 0, planned: 1 },
      calls: 1,
    })
    expect(screen.getByText(/1 row found, 2 rows not found/)).toBeTruthy()
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'LineAPNReason',
      '399-99Unknown number — no parcel 99-99 in Story, IA',
      '45Outside coverage — Polk is not a covered county',
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Export the not-found list (CSV)' }))
    expect(p.onExport).toHaveBeenCalledWith(true)
  })
})
