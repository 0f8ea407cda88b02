/** The value control that fits the operator: a box, a min–max pair, a chip list, a crop checklist or an empty/has-value choice. */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import { ValueEditor } from './value-editor'

afterEach(cleanup)

function Harness({ initial }: { initial: FilterItem }) {
  const [filter, setFilter] = useState<FilterItem>(initial)
  return (
    <>
      <button type="button">Before</button>
      <ValueEditor filter={filter} label="Filter 1" onChange={(value) => setFilter({ ...filter, value })} />
      <button type="button">After</button>
      <output data-testid="value">{JSON.stringify(filter.value)}</output>
    </>
  )
}
const stored = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null')

it('"between": a Min and a Max box; either may be filled first', async () => {
  const user = userEvent.setup()
  render(<Harness initial={{ field: 'acres', op: 'between', value: [] }} />)
  const min = screen.getByRole('textbox', { name: 'Filter 1 minimum' }) as HTMLInputElement
  const max = screen.getByRole('textbox', { name: 'Filter 1 maximum' }) as HTMLInputElement
  expect([min.placeholder, max.placeholder]).toEqual(['Min', 'Max'])
  await user.type(max, '160')
  expect(stored()).toEqual(['', 160])
  await user.type(min, '40')
  expect(stored()).toEqual([40, 160])
  await user.tab()
  expect(document.activeElement).toBe(max)
})

it('a numeric comparison gets a number box; a text one a text box that says "Contains…" for contains', async () => {
  const user = userEvent.setup()
  render(<Harness initial={{ field: 'parcel_value', op: 'gte', value: '' }} />)
  await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), '250,000')
  expect(stored()).toBe(250000)
  cleanup()
  render(<Harness initial={{ field: 'owner', op: 'ilike', value: '' }} />)
  const box = screen.getByRole('textbox', { name: 'Filter 1 value' }) as HTMLInputElement
  expect(box.placeholder).toBe('Contains…')
  await user.type(box, 'smith farms')
  expect(stored()).toBe('smith farms')
})

it('a place field gets its pick-list; a crop typed by hand is offered the crop names', async () => {
  const user = userEvent.setup()
  render(<Harness initial={{ field: 'state', op: 'ne', value: '' }} />)
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 value' }), 'Nebraska (NE)')
  expect(stored()).toBe('NE')
  cleanup()
  render(<Harness initial={{ field: 'cdl_majority_category', op: 'eq', value: '' }} />)
  const box = screen.getByRole('combobox', { name: 'Filter 1 value' }) as HTMLInputElement
  const list = document.getElementById(box.getAttribute('list') ?? '')
  const names = Array.from(list?.querySelectorAll('option') ?? []).map((o) => o.value)
  expect(names).toContain('Corn')
  expect(names).toContain('Soybeans')
})

it('"in" on a text field is a chip list; on crops a checklist of crop types', async () => {
  const user = userEvent.setup()
  render(<Harness initial={{ field: 'county', op: 'in', value: [] }} />)
  await user.type(screen.getByRole('textbox', { name: 'Filter 1 values' }), 'Story{Enter}Polk{Enter}')
  expect(stored()).toEqual(['Story', 'Polk'])
  cleanup()
  render(<Harness initial={{ field: 'cdl_majority_category', op: 'nin', value: ['Corn'] }} />)
  expect(screen.getByRole('group', { name: 'Filter 1 crop types' })).toBeTruthy()
  await user.click(screen.getByRole('checkbox', { name: /^Soybeans/ }))
  expect(stored()).toEqual(['Corn', 'Soybeans'])
})

it('"is empty": two choices in one named group, one Tab stop, arrows switch', async () => {
  const user = userEvent.setup()
  render(<Harness initial={{ field: 'owner', op: 'isnull', value: true }} />)
  expect(screen.getByRole('group', { name: 'Filter 1 null test' })).toBeTruthy()
  const empty = screen.getByRole('radio', { name: 'is empty' }) as HTMLInputElement
  const has = screen.getByRole('radio', { name: 'has a value' }) as HTMLInputElement
  expect(empty.checked).toBe(true)
  expect(empty.name).not.toBe('')
  expect(has.name).toBe(empty.name)
  await user.click(has)
  expect(stored()).toBe(false)
  expect(empty.checked).toBe(false)
  await user.click(screen.getByRole('button', { name: 'Before' }))
  await user.tab()
  expect(document.activeElement).toBe(has)
  await user.keyboard('{ArrowUp}')
  expect(stored()).toBe(true)
  await user.tab()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }))
})
