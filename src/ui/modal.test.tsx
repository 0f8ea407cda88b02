import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { Modal } from './modal'

afterEach(cleanup)

it('opens with focus on the field marked data-autofocus, not on the × button', () => {
  render(
    <Modal title="Search a county" onClose={() => {}}>
      <label htmlFor="st">State</label>
      <select id="st" data-autofocus>
        <option>Iowa</option>
      </select>
    </Modal>,
  )
  expect(document.activeElement).toBe(screen.getByLabelText('State'))
})
