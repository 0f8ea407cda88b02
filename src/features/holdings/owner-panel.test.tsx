import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dissolve } from './dissolve'
import { footprints, holdingsOf } from './holding-summary'
import { parcel, square } from './holdings-fixtures.test-support'
import type { MergeState, OwnerQuestion, OwnerState } from './holdings-views'
import { OwnerPanel, type OwnerPanelProps } from './owner-panel'
import type { PortfolioResult } from './portfolio'

afterEach(cleanup)

const question: OwnerQuestion = {
  name: 'MILLER FARMS LLC',
  words: ['MILLER'],
  word: 'MILLER',
  mailing: ['PO BOX 412, AMES, IA 50010'],
  byAddress: true,
}
const a = parcel({ owner: 'MILLER FARMS LLC', geom: square(0, 0), acres_calc: 40, parcel_value: 100_000 })
const b = parcel({ owner: 'MILLER FARMS LLC', geom: square(0.01, 0), acres_calc: 35, parcel_value: 90_000 })
const v = parcel({ owner: 'MILLER FARMS, L.L.C.', geom: square(1, 1), acres_calc: 20, state: 'KS', county: 'Finney' })
const result: PortfolioResult = {
  name: question.name,
  word: 'MILLER',
  groups: [
    {
      key: 'MILLER FARMS LLC',
      name: 'MILLER FARMS LLC',
      kind: 'owner',
      reasons: [],
      ids: [a.svc_uuid, b.svc_uuid],
      acres: 75,
      counties: ['Story, IA'],
    },
    {
      key: 'MILLER FARMS, L.L.C.',
      name: 'MILLER FARMS, L.L.C.',
      kind: 'variant',
      reasons: ['same name, other spelling', 'L.L.C. for LLC'],
      ids: [v.svc_uuid],
      acres: 20,
      counties: ['Finney, KS'],
    },
    {
      key: 'MILLER FARM LLC',
      name: 'MILLER FARM LLC',
      kind: 'variant',
      reasons: ['same mailing address', 'singular/plural (FARM/FARMS)'],
      ids: ['w'],
      acres: 10,
      counties: ['Finney, KS'],
    },
    {
      key: 'MILLER FARMS INC',
      name: 'MILLER FARMS INC',
      kind: 'possible',
      reasons: ['similar name only', 'INC for LLC'],
      ids: ['y'],
      acres: 5,
      counties: ['Fresno, CA'],
    },
    {
      key: 'MILLER, JOHN',
      name: 'MILLER, JOHN',
      kind: 'other',
      reasons: [],
      ids: ['x'],
      acres: 3,
      counties: ['Story, IA'],
    },
  ],
  records: new Map([a, b, v].map((r) => [r.svc_uuid, r])),
  addresses: [],
  counts: { word: [154], address: [9] },
  capped: false,
}
const holdings = holdingsOf([a, b], dissolve(footprints([a, b])))

function setup(state: OwnerState, merge: MergeState = { status: 'idle' }) {
  const props: OwnerPanelProps = {
    state,
    merge,
    onAsk: vi.fn(),
    onAdjust: vi.fn(),
    onRun: vi.fn(),
    onConfirm: vi.fn(),
    onCancel: vi.fn(),
    onInclude: vi.fn(),
    onFrame: vi.fn(),
    onShowTable: vi.fn(),
    onReport: vi.fn(),
    onExportHoldings: vi.fn(),
    onExportParcels: vi.fn(),
  }
  render(<OwnerPanel {...props} />)
  return props
}

describe('OwnerPanel', () => {
  it('plans a typed name and shows the cost before anything runs', async () => {
    const p = setup({ status: 'ready', question, states: ['CA', 'IA', 'KS'] })
    expect(screen.getByText(/1 call per 100 parcels whose owner contains “MILLER” in CA, IA, KS/)).toBeTruthy()
    await userEvent.click(screen.getByRole('checkbox', { name: /mailing address/ }))
    expect(p.onAdjust).toHaveBeenCalledWith({ byAddress: false })
    await userEvent.click(screen.getByRole('button', { name: 'Find holdings' }))
    expect(p.onRun).toHaveBeenCalled()
    await userEvent.clear(screen.getByLabelText('Owner name'))
    await userEvent.type(screen.getByLabelText('Owner name'), 'Smith John{Enter}')
    expect(p.onAsk).toHaveBeenCalledWith('Smith John')
  })

  it('asks before a large read', async () => {
    const p = setup({
      status: 'asking',
      question,
      tally: { calls: 1, cached: 0, planned: 40 },
      calls: 39,
      records: 3_900,
    })
    expect(screen.getByRole('alertdialog').textContent).toMatch(/39 more calls for 3,900 parcels/)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(p.onConfirm).toHaveBeenCalledWith(false)
  })

  it('offers spellings unticked with their counts and reasons, and lists the merged holdings', async () => {
    const p = setup(
      {
        status: 'done',
        question,
        result,
        included: ['MILLER FARMS LLC'],
        tally: { calls: 3, cached: 0, planned: 3 },
        calls: 3,
      },
      { status: 'ready', holdings, withoutOutline: 0, title: question.name },
    )
    expect(screen.getByText(/3 calls is the least this takes/)).toBeTruthy()
    const variants = screen.getByRole('list', { name: 'Same owner, other spellings' })
    const box = within(variants).getByRole('checkbox', { name: /MILLER FARMS, L.L.C./ }) as HTMLInputElement
    expect(box.checked).toBe(false)
    expect(variants.textContent).toMatch(/1 parcel · 20 ac measured · Finney, KS/)
    expect(variants.textContent).toMatch(/same name, other spelling, L.L.C. for LLC/)
    expect(variants.textContent).toMatch(/same mailing address, singular\/plural/)
    await userEvent.click(box)
    expect(p.onInclude).toHaveBeenCalledWith('MILLER FARMS, L.L.C.', true)
    // The strong tier in one press; the weak tier is folded, marked weaker and never in it.
    await userEvent.click(screen.getByRole('button', { name: 'Include all 2' }))
    expect(p.onInclude).toHaveBeenLastCalledWith(['MILLER FARMS, L.L.C.', 'MILLER FARM LLC'], true)
    const weak = screen.getByRole('list', { name: 'Possibly related (similar name only)', hidden: true })
    expect(weak.closest('details')?.open).toBe(false)
    expect(weak.closest('details')?.textContent).toMatch(/Often another person/)
    expect(weak.textContent).toMatch(/similar name only, INC for LLC/)
    const card = screen.getByRole('listitem', { name: 'Holding 1' })
    expect(within(card).getByTestId('holding-acres').textContent).toBe('75 ac')
    expect(card.textContent).toMatch(/\$190,000/)
    await userEvent.click(
      within(screen.getByRole('group', { name: /Export holdings/ })).getByRole('button', { name: 'GeoJSON' }),
    )
    expect(p.onExportHoldings).toHaveBeenCalledWith('geojson')
  })

  it('says why it failed and offers to try again', async () => {
    const p = setup({ status: 'failed', question, message: 'The server is busy.' })
    expect(screen.getByRole('alert').textContent).toMatch(/busy/)
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(p.onRun).toHaveBeenCalled()
  })
})
