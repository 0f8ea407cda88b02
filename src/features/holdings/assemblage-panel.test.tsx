import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AssemblagePanel, type AssemblagePanelProps } from './assemblage-panel'
import { summarizeHolding } from './holding-summary'
import { parcel, square } from './holdings-fixtures.test-support'
import type { AssemblageState } from './holdings-views'

afterEach(cleanup)

const r1 = parcel({
  parcel_id: '01-05-100-001',
  owner: 'SMITH JOHN',
  mail_addr: '1 MAIN ST',
  geom: square(0, 0),
  acres_calc: 40,
  parcel_value: 5000,
})
const r2 = parcel({
  parcel_id: '01-05-100-002',
  owner: 'JONES ANN',
  mail_addr: '2 OAK ST',
  geom: square(0.01, 0),
  acres_calc: 38.5,
  parcel_value: 7000,
})

function setup(state: AssemblageState, over: Partial<AssemblagePanelProps> = {}) {
  const props: AssemblagePanelProps = {
    state,
    picking: false,
    onPicking: vi.fn(),
    onRename: vi.fn(),
    onRemove: vi.fn(),
    onClear: vi.fn(),
    onFrame: vi.fn(),
    onOpen: vi.fn(),
    onCopyLink: vi.fn(async () => true),
    onSave: vi.fn(() => ({ ok: true as const })),
    onSearchArea: vi.fn(),
    onExport: vi.fn(),
    ...over,
  }
  render(<AssemblagePanel {...props} />)
  return props
}

describe('AssemblagePanel', () => {
  it('starts empty and turns picking on', async () => {
    const p = setup({ status: 'empty' })
    expect(screen.getByText('No parcels picked yet.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Pick parcels on the map' }))
    expect(p.onPicking).toHaveBeenCalledWith(true)
  })

  it('shows the merged totals, owners with their mailing addresses, and acts on the assemblage', async () => {
    const summary = summarizeHolding('A1', 'North 80', [r1, r2], square(0, 0, 0.02))
    const p = setup({
      status: 'ready',
      ref: { name: 'North 80', ids: [r1.svc_uuid, r2.svc_uuid] },
      records: [r1, r2],
      summary,
      missing: [],
      calls: 1,
    })
    expect(screen.getByTestId('assemblage-acres').textContent).toBe('78.5 ac')
    expect(screen.getByText('$12,000')).toBeTruthy()
    expect(screen.getByText('SMITH JOHN')).toBeTruthy()
    expect(screen.getByText('2 OAK ST')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Remove 01-05-100-002' }))
    expect(p.onRemove).toHaveBeenCalledWith(r2.svc_uuid)
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('Link copied.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(p.onSave).toHaveBeenCalledWith('North 80')
    expect(screen.getByText(/Saved as “North 80”/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Use as search area' }))
    expect(p.onSearchArea).toHaveBeenCalled()
    const name = screen.getByLabelText('Name')
    await userEvent.clear(name)
    await userEvent.type(name, 'Home farm{Enter}')
    expect(p.onRename).toHaveBeenCalledWith('Home farm')
  })

  it('says when shared parcels are gone', () => {
    setup({
      status: 'ready',
      ref: { name: 'X', ids: ['a', 'b'] },
      records: [],
      summary: null,
      missing: ['a', 'b'],
      calls: 1,
    })
    expect(screen.getByRole('note').textContent).toMatch(/2 parcels of this assemblage are no longer on the server/)
  })
})
