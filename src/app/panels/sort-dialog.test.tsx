import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SortDialog } from './sort-dialog'

afterEach(cleanup)

describe('SortDialog', () => {
  it('says which order and how many calls it costs, and only Sort on the server confirms', async () => {
    const onConfirm = vi.fn()
    const onClose = vi.fn()
    render(
      <SortDialog order={{ field: 'acres', direction: 'desc' }} calls={1240} onConfirm={onConfirm} onClose={onClose} />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Sort on the server?' })
    expect(dialog.textContent).toContain('sorting by Acres, descending asks the server again')
    expect(within(dialog).getByText('1,240 API calls')).toBeTruthy()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the current order' }))
    expect(onClose).toHaveBeenCalledOnce()
    expect(onConfirm).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sort on the server' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })

  it('names the server’s default order and a single call', () => {
    render(<SortDialog order={null} calls={1} onConfirm={() => {}} onClose={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: 'Sort on the server?' })
    expect(dialog.textContent).toContain('sorting in the server’s default order')
    expect(within(dialog).getByText('1 API call')).toBeTruthy()
  })
})
