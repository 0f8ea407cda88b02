/** State, state FIPS and county value boxes: names shown, the data's code stored, county typed as the data writes it. */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { isPlaceField, PlaceInput } from './place-input'

afterEach(cleanup)

function Harness({ field, initial = '' as unknown }: { field: string; initial?: unknown }) {
  const [value, setValue] = useState<unknown>(initial)
  return (
    <>
      <PlaceInput field={field} value={value} onChange={setValue} label="Filter 1 value" />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
      <pre data-testid="value">{JSON.stringify(value)}</pre>
    </>
  )
}
const stored = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null')

it('only state, state FIPS and county get a place box', () => {
  expect(['state', 'state_fp', 'county', 'city', 'county_fp'].map(isPlaceField)).toEqual([
    true,
    true,
    true,
    false,
    false,
  ])
})

it('state: a pick-list of state names that stores the two-letter code, starting at a prompt', async () => {
  const user = userEvent.setup()
  render(<Harness field="state" />)
  const select = screen.getByRole('combobox', { name: 'Filter 1 value' }) as HTMLSelectElement
  expect(select.selectedOptions[0]?.textContent).toBe('Choose a state…')
  expect(select.options.length).toBe(1 + 52) // the prompt, 50 states, DC and Puerto Rico
  await user.selectOptions(select, 'Iowa (IA)')
  expect(stored()).toBe('IA')
})

it('state FIPS: the same names, the FIPS code stored; a code written "ks" or "20" elsewhere is read', async () => {
  const user = userEvent.setup()
  render(<Harness field="state_fp" initial="ks" />)
  const select = screen.getByRole('combobox', { name: 'Filter 1 value' }) as HTMLSelectElement
  expect(stored()).toBe('20')
  expect(select.selectedOptions[0]?.textContent).toBe('Kansas (20)')
  await user.selectOptions(select, 'Iowa (19)')
  expect(stored()).toBe('19')
})

it('a value that is no US state is kept and shown as such, not silently replaced', async () => {
  render(<Harness field="state" initial="Ontario" />)
  const select = screen.getByRole('combobox', { name: 'Filter 1 value' }) as HTMLSelectElement
  expect(stored()).toBe('Ontario')
  expect(select.selectedOptions[0]?.textContent).toBe('Ontario (not a US state)')
})

it('county: what is typed is searched as the data writes it, and the box says so', async () => {
  const user = userEvent.setup()
  render(<Harness field="county" />)
  const box = screen.getByRole('textbox', { name: 'Filter 1 value' }) as HTMLInputElement
  expect(box.placeholder).toBe('County name, e.g. Story')
  await user.type(box, 'Story')
  expect(stored()).toBe('Story')
  expect(screen.queryByRole('status')).toBeNull()
  expect(box.getAttribute('aria-describedby')).toBeNull()
  await user.clear(box)
  await user.type(box, 'st. louis  county')
  expect(stored()).toBe('St. Louis')
  const note = screen.getByRole('status')
  expect(note.textContent).toBe('Searching county “St. Louis”.')
  expect(box.getAttribute('aria-describedby')).toBe(note.id)
  // The person's own text stays in the box while they type.
  expect(box.value).toBe('st. louis  county')
  await user.click(screen.getByRole('button', { name: 'Reset' }))
  expect(box.value).toBe('')
  expect(screen.queryByRole('status')).toBeNull()
})
