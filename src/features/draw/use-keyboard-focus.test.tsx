/** Keyboard intent on the map: a key press shows keyboard drawing; a tap or a focus the app moved does not. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, expect, it } from 'vitest'
import { useKeyboardFocus } from './use-keyboard-focus'

afterEach(cleanup)

const isMap = (el: EventTarget | null) => el instanceof HTMLElement && el.classList.contains('map')

function Probe() {
  const ref = useRef<HTMLDivElement>(null)
  const on = useKeyboardFocus(ref, isMap)
  return (
    <div ref={ref}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: stands in for the map's focusable canvas */}
      <div className="map" tabIndex={0} data-testid="map" />
      <output data-testid="intent">{on ? 'keyboard' : 'none'}</output>
    </div>
  )
}

it('a focus the app moves (after a tap) is not keyboard intent; a key press is; a tap ends it', () => {
  render(<Probe />)
  const map = screen.getByTestId('map')
  const intent = screen.getByTestId('intent')
  fireEvent.pointerDown(map)
  act(() => map.focus())
  expect(intent.textContent).toBe('none')
  fireEvent.keyDown(map, { key: 'ArrowRight' })
  expect(intent.textContent).toBe('keyboard')
  fireEvent.pointerDown(map)
  expect(intent.textContent).toBe('none')
  fireEvent.keyDown(map, { key: 'Enter' })
  act(() => map.blur())
  expect(intent.textContent).toBe('none')
})

it('the map reached by keys (Tab, a skip link) is keyboard intent at once', () => {
  render(<Probe />)
  const map = screen.getByTestId('map')
  fireEvent.keyDown(document.body, { key: 'Tab' })
  act(() => map.focus())
  expect(screen.getByTestId('intent').textContent).toBe('keyboard')
})
