import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { InboxPanel, type InboxPanelProps } from './inbox-panel'
import { anEvent, aWatch } from './watches.test-support'
import type { InboxEvent } from './watches-flow'

afterEach(cleanup)

const inboxEvent = (e: ReturnType<typeof anEvent>, unseen = true): InboxEvent => ({
  ...e,
  watchId: 'a',
  watchName: 'Home farm',
  unseen,
})

function props(over: Partial<InboxPanelProps> = {}): InboxPanelProps {
  return {
    state: {
      status: 'ready',
      watches: [aWatch('a', { name: 'Home farm' })],
      events: [inboxEvent(anEvent(2)), inboxEvent(anEvent(1, { kind: 'sold', after: { sale_price: 9 } }), false)],
      unseen: 1,
    },
    problem: null,
    onOpenEvent: vi.fn(),
    onRename: vi.fn(),
    onPause: vi.fn(),
    onDelete: vi.fn(),
    ...over,
  }
}

it('lists the changes in words, the new ones marked, and opens one', async () => {
  const p = props()
  render(<InboxPanel {...p} />)
  const changes = within(screen.getByRole('list', { name: 'Changes' }))
  expect(changes.getAllByRole('listitem')).toHaveLength(2)
  const first = changes.getByRole('button', { name: /Owner changed: SMITH JOHN → DOE FARMS LLC/ })
  expect(first.textContent).toContain('New')
  expect(first.textContent).toContain('12 MAIN ST · Home farm · 2026-03-02')
  await userEvent.click(first)
  expect(p.onOpenEvent).toHaveBeenCalledWith(expect.objectContaining({ id: 2, kind: 'owner_changed' }))
})

it('renames, pauses and deletes a watch, and offers its feed address', async () => {
  const p = props()
  window.confirm = vi.fn(() => true)
  render(<InboxPanel {...p} />)
  await userEvent.click(screen.getByRole('button', { name: 'Rename' }))
  const input = screen.getByLabelText('New name')
  await userEvent.clear(input)
  await userEvent.type(input, 'North farm{Enter}')
  expect(p.onRename).toHaveBeenCalledWith('a', 'North farm')
  await userEvent.click(screen.getByRole('button', { name: 'Pause' }))
  expect(p.onPause).toHaveBeenCalledWith('a', true)
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
  expect(p.onDelete).toHaveBeenCalledWith('a')
  expect(screen.getByRole('button', { name: 'Copy feed URL' })).toBeTruthy()
})

it('says in words when the server does not offer watches, with nothing to press', () => {
  render(<InboxPanel {...props({ state: { status: 'absent' } })} />)
  expect(screen.getByRole('note').textContent).toMatch(/This server does not offer watches/)
  expect(screen.queryByRole('button')).toBeNull()
})

it('without watches it says how to make one', () => {
  render(<InboxPanel {...props({ state: { status: 'ready', watches: [], events: [], unseen: 0 } })} />)
  expect(screen.getByText(/No watches yet/)).toBeTruthy()
})
