/** The list editor of an `in` / `not in` filter: Enter or comma adds, a pasted column adds many, × removes. */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { ChipsInput } from './chips-input'

afterEach(cleanup)

type Item = string | number

function Harness({ numeric = false, initial = [] as Item[] }) {
  const [values, setValues] = useState<Item[]>(initial)
  return (
    <>
      <ChipsInput values={values} onChange={setValues} numeric={numeric} label="Filter 1 values" />
      <button type="button">Next field</button>
      <output data-testid="json">{JSON.stringify(values)}</output>
    </>
  )
}
const json = () => JSON.parse(screen.getByTestId('json').textContent ?? '[]')
const box = () => screen.getByRole('textbox', { name: 'Filter 1 values' }) as HTMLInputElement
const chips = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.flt-chip-text')?.textContent ?? li.textContent)

it('Enter and comma add what was typed, once; the list is named with its count', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  expect(screen.queryByRole('list')).toBeNull()
  await user.type(box(), 'Story{Enter}Polk,  {Enter}story{Enter}Story{Enter}')
  expect(json()).toEqual(['Story', 'Polk', 'story'])
  expect(chips()).toEqual(['Story', 'Polk', 'story'])
  expect(screen.getByRole('list', { name: 'Filter 1 values: 3 selected' })).toBeTruthy()
  expect(box().value).toBe('')
})

it('a pasted spreadsheet column or comma list adds every item, quotes and blanks dropped', async () => {
  const user = userEvent.setup()
  render(<Harness initial={['Boone']} />)
  await user.click(box())
  await user.paste('"Story"\nPolk\r\n\nBoone; Dallas\t')
  expect(json()).toEqual(['Boone', 'Story', 'Polk', 'Dallas'])
  expect(box().value).toBe('')
  // A paste without separators is ordinary typing.
  await user.paste('Jasper')
  expect(box().value).toBe('Jasper')
  expect(json()).toHaveLength(4)
})

it('× removes one item, Backspace in the empty box removes the last, Clear all removes every one', async () => {
  const user = userEvent.setup()
  render(<Harness initial={['A', 'B', 'C', 'D']} />)
  await user.click(screen.getByRole('button', { name: 'Remove B' }))
  expect(json()).toEqual(['A', 'C', 'D'])
  await user.click(box())
  await user.keyboard('{Backspace}')
  expect(json()).toEqual(['A', 'C'])
  // Backspace while typing edits the text, not the list.
  await user.keyboard('xy{Backspace}')
  expect(box().value).toBe('x')
  expect(json()).toEqual(['A', 'C'])
  await user.clear(box())
  await user.click(screen.getByRole('button', { name: 'Clear all' }))
  expect(json()).toEqual([])
  expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull()
})

it('leaving the box keeps what was typed as an item (no half-typed value is lost)', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  await user.type(box(), 'Hamilton')
  await user.tab()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next field' }))
  expect(json()).toEqual(['Hamilton'])
})

it('numeric fields store numbers; an item that is not a number stays, marked, so validation can name it', async () => {
  const user = userEvent.setup()
  render(<Harness numeric />)
  expect(box().getAttribute('inputmode')).toBe('decimal')
  await user.type(box(), '1200{Enter}12x{Enter}')
  await user.paste('40\n80.5')
  expect(json()).toEqual([1200, '12x', 40, 80.5])
  const bad = screen.getByText('12x')
  expect(bad.getAttribute('title')).toBe('Not a number')
  expect(screen.getByText('1200').getAttribute('title')).toBeNull()
})

it('a pasted list of thousands shows 60 chips and counts the rest', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  await user.click(box())
  await user.paste(Array.from({ length: 250 }, (_, i) => `id-${i}`).join('\n'))
  expect(json()).toHaveLength(250)
  expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(60)
  expect(screen.getByText('+190 more')).toBeTruthy()
  expect(screen.getByRole('list', { name: 'Filter 1 values: 250 selected' })).toBeTruthy()
})
