/** The map/results handle: keys move it, the share is kept in localStorage and set on the workspace. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { afterEach, expect, it } from 'vitest'
import { SplitSeparator } from './split-separator'
import { SPLIT_DEFAULT, SPLIT_MAX, SPLIT_MIN, splitStore } from './split-settings'

afterEach(() => {
  cleanup()
  act(() => splitStore.getState().set({ mapShare: null }))
})

function Workspace() {
  const ref = useRef<HTMLElement>(null)
  return (
    <main ref={ref} data-testid="workspace">
      <SplitSeparator workspace={ref} />
    </main>
  )
}

it('starts at the default and moves by the arrow keys, Page Up/Down, Home and End; the share is remembered', async () => {
  const user = userEvent.setup()
  render(<Workspace />)
  const handle = screen.getByRole('separator', { name: /Map and results/ })
  expect(handle.getAttribute('aria-valuenow')).toBe(String(SPLIT_DEFAULT.desktop))
  expect(screen.getByTestId('workspace').style.getPropertyValue('--map-share')).toBe(`${SPLIT_DEFAULT.desktop}%`)
  handle.focus()
  await user.keyboard('{ArrowDown}{ArrowDown}')
  expect(handle.getAttribute('aria-valuenow')).toBe(String(SPLIT_DEFAULT.desktop + 4))
  await user.keyboard('{PageUp}')
  expect(handle.getAttribute('aria-valuenow')).toBe(String(SPLIT_DEFAULT.desktop - 6))
  expect(JSON.parse(localStorage.getItem('plat.split') ?? 'null')).toEqual({ mapShare: SPLIT_DEFAULT.desktop - 6 })
  expect(screen.getByTestId('workspace').style.getPropertyValue('--map-share')).toBe(`${SPLIT_DEFAULT.desktop - 6}%`)
  await user.keyboard('{Home}')
  expect(handle.getAttribute('aria-valuenow')).toBe(String(SPLIT_MIN))
  await user.keyboard('{End}')
  expect(handle.getAttribute('aria-valuenow')).toBe(String(SPLIT_MAX))
})

it('follows a drag (a finger or the mouse) within its limits', () => {
  render(<Workspace />)
  const ws = screen.getByTestId('workspace')
  ws.getBoundingClientRect = () =>
    ({ top: 100, height: 800, bottom: 900, left: 0, right: 0, width: 0, x: 0, y: 100 }) as DOMRect
  const handle = screen.getByRole('separator')
  let captured = false
  handle.setPointerCapture = () => {
    captured = true
  }
  handle.hasPointerCapture = () => captured
  fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 436 })
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: 500 })
  expect(handle.getAttribute('aria-valuenow')).toBe('50')
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: 890 })
  expect(handle.getAttribute('aria-valuenow')).toBe(String(SPLIT_MAX))
})
