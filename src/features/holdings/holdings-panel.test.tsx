import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dissolve } from './dissolve'
import { HoldingList } from './holding-list'
import { footprints, holdingsOf } from './holding-summary'
import { parcel, square } from './holdings-fixtures.test-support'
import { HoldingsPanel } from './holdings-panel'

afterEach(cleanup)

describe('HoldingsPanel', () => {
  it('switches tabs by click and arrow keys and goes back to the search', async () => {
    const onTab = vi.fn()
    const onClose = vi.fn()
    render(
      <HoldingsPanel tab="owner" onTab={onTab} onClose={onClose}>
        <p>content</p>
      </HoldingsPanel>,
    )
    expect(screen.getByRole('tab', { name: 'Owner' }).getAttribute('aria-selected')).toBe('true')
    await userEvent.click(screen.getByRole('tab', { name: 'List lookup' }))
    expect(onTab).toHaveBeenLastCalledWith('list')
    screen.getByRole('tab', { name: 'Owner' }).focus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(onTab).toHaveBeenLastCalledWith('list')
    await userEvent.click(screen.getByRole('button', { name: '← Back to search' }))
    expect(onClose).toHaveBeenCalled()
  })
})

describe('HoldingList', () => {
  it('totals the holdings and zooms to one', async () => {
    const rs = [parcel({ geom: square(0, 0), acres_calc: 10 }), parcel({ geom: square(5, 5), acres_calc: 2.5 })]
    const onFrame = vi.fn()
    render(<HoldingList holdings={holdingsOf(rs, dissolve(footprints(rs)))} onFrame={onFrame} />)
    expect(screen.getByTestId('holdings-total').textContent).toBe(
      '2 holdings · 2 parcels · measured 12.5 ac · recorded –',
    )
    await userEvent.click(screen.getAllByRole('button', { name: 'Zoom to' })[1] as HTMLElement)
    expect(onFrame).toHaveBeenCalledWith('H2')
  })
})
