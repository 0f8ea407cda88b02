/** The number box of a numeric filter: keeps what was typed, stores a number when it parses, flags it when not. */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { NumberInput } from './number-input'

afterEach(cleanup)

function Harness({ initial = '' as unknown }) {
  const [value, setValue] = useState<unknown>(initial)
  return (
    <>
      <NumberInput value={value} onChange={setValue} label="Filter 1 value" />
      <button type="button" onClick={() => setValue(40)}>
        Load link
      </button>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  )
}
const stored = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null')
const box = () => screen.getByRole('textbox', { name: 'Filter 1 value' }) as HTMLInputElement

it('stores a number as soon as the text is one, with thousands separators and a dollar sign allowed', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  expect(box().getAttribute('inputmode')).toBe('decimal')
  expect(box().placeholder).toBe('Number')
  await user.type(box(), '$1,250,000')
  expect(stored()).toBe(1250000)
  // What was typed stays as typed: the box does not reformat under the cursor.
  expect(box().value).toBe('$1,250,000')
  expect(box().getAttribute('aria-invalid')).toBeNull()
})

it('half-typed decimals are kept; text that is no number is kept, stored as text and marked invalid', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  await user.type(box(), '12.')
  expect(box().value).toBe('12.')
  expect(stored()).toBe(12)
  await user.clear(box())
  await user.type(box(), '1O0')
  expect(box().value).toBe('1O0')
  expect(stored()).toBe('1O0')
  expect(box().getAttribute('aria-invalid')).toBe('true')
  await user.clear(box())
  expect(stored()).toBe('')
  expect(box().getAttribute('aria-invalid')).toBeNull()
})

it('takes a value set from outside (a link, a reset) but not the echo of its own edit', async () => {
  const user = userEvent.setup()
  render(<Harness initial={5} />)
  expect(box().value).toBe('5')
  await user.clear(box())
  await user.type(box(), '0.50')
  expect(stored()).toBe(0.5)
  expect(box().value).toBe('0.50') // not rewritten to "0.5"
  await user.click(screen.getByRole('button', { name: 'Load link' }))
  expect(box().value).toBe('40')
})

it('marks the box invalid when the filter has a problem, even with a good number', () => {
  render(<NumberInput value={3} onChange={() => {}} label="Filter 2 minimum" invalid describedBy="why" />)
  const input = screen.getByRole('textbox', { name: 'Filter 2 minimum' })
  expect(input.getAttribute('aria-invalid')).toBe('true')
  expect(input.getAttribute('aria-describedby')).toBe('why')
})
