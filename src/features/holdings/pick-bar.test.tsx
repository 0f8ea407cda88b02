import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { appStore } from '../../state/store'
import { PickBar } from './pick-bar'

afterEach(() => {
  cleanup()
  appStore.setState(appStore.getInitialState(), true)
})

describe('PickBar', () => {
  it('shows while picking with the count, and Done returns to the assemblage panel', async () => {
    const { rerender } = render(<PickBar />)
    expect(screen.queryByRole('status', { name: 'Picking parcels' })).toBeNull()
    appStore.getState().setPicking(true)
    appStore.getState().addAssemblageParcels(['a', 'b'])
    rerender(<PickBar />)
    expect(screen.getByRole('status', { name: 'Picking parcels' }).textContent).toMatch(/2 in the assemblage/)
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    const s = appStore.getState()
    expect([s.picking, s.holdingsTab, s.searchSheetOpen]).toEqual([false, 'assemblage', true])
  })
})
