/** Keyboard drawing's crosshair and live region. */
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { KeyboardDrawing } from './keyboard-drawing'

afterEach(cleanup)

it('the crosshair and the message show while drawing; the live region stays in the page, empty, otherwise', () => {
  const { rerender } = render(<KeyboardDrawing crosshair={false} showMessage={false} message="2 points" />)
  expect(screen.queryByTestId('keyboard-crosshair')).toBeNull()
  expect(screen.getByRole('status').textContent).toBe('')
  rerender(<KeyboardDrawing crosshair showMessage message="2 points" />)
  expect(screen.getByTestId('keyboard-crosshair')).toBeTruthy()
  expect(screen.getByRole('status').textContent).toBe('2 points')
})
