/** One filter row: field → the operators that field allows → the value box, with the reason inline when invalid. */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import { FilterRow } from './filter-row'

afterEach(cleanup)

function Harness({
  initial,
  problem = null,
  serverProblem = null,
  onRemove = () => {},
}: {
  initial: FilterItem
  problem?: string | null
  serverProblem?: string | null
  onRemove?(): void
}) {
  const [filter, setFilter] = useState<FilterItem>(initial)
  return (
    <ol>
      <FilterRow
        index={1}
        filter={filter}
        onChange={setFilter}
        onRemove={onRemove}
        problem={problem}
        serverProblem={serverProblem}
      />
      <output data-testid="json">{JSON.stringify(filter)}</output>
    </ol>
  )
}
const json = () => JSON.parse(screen.getByTestId('json').textContent ?? 'null')
const optionLabels = (name: string) =>
  Array.from((screen.getByRole('combobox', { name }) as HTMLSelectElement).options).map((o) => o.textContent)

it('offers only the operators the field allows, in words; changing operator keeps what still fits', async () => {
  const user = userEvent.setup()
  render(<Harness initial={{ field: 'acres', op: 'gte', value: 40 }} />)
  expect(optionLabels('Filter 2 operator')).toEqual([
    'equals',
    'does not equal',
    'greater than',
    'at least',
    'less than',
    'at most',
    'between',
    'is any of',
    'is none of',
    'is empty / has a value',
  ])
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 2 operator' }), 'greater than')
  expect(json()).toEqual({ field: 'acres', op: 'gt', value: 40 })
  expect((screen.getByRole('textbox', { name: 'Filter 2 value' }) as HTMLInputElement).value).toBe('40')
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 2 operator' }), 'between')
  expect(json()).toEqual({ field: 'acres', op: 'between', value: [] })
  expect(screen.getByRole('textbox', { name: 'Filter 2 minimum' })).toBeTruthy()
})

it('switching to a text field starts at "contains" and groups the field menu by kind', async () => {
  const user = userEvent.setup()
  render(<Harness initial={{ field: 'acres', op: 'gte', value: 40 }} />)
  const field = screen.getByRole('combobox', { name: 'Filter 2 field' }) as HTMLSelectElement
  const groups = Array.from(field.querySelectorAll('optgroup')).map((g) => g.label)
  expect(groups).toEqual(['Text', 'Numbers', 'Identifiers & categories'])
  await user.selectOptions(field, 'owner')
  expect(json()).toEqual({ field: 'owner', op: 'ilike', value: '' })
  expect(optionLabels('Filter 2 operator')).toEqual([
    'contains',
    'equals',
    'does not equal',
    'is any of',
    'is none of',
    'is empty / has a value',
  ])
})

it('the reason a filter is invalid is shown under it and read with its value box; the server’s is an alert', () => {
  render(
    <Harness
      initial={{ field: 'acres', op: 'gte', value: 'ten' }}
      problem="acres needs a number."
      serverProblem="Filter 2: value must be numeric"
    />,
  )
  const box = screen.getByRole('textbox', { name: 'Filter 2 value' })
  expect(box.getAttribute('aria-invalid')).toBe('true')
  const described = document.getElementById(box.getAttribute('aria-describedby') ?? '')
  expect(described?.textContent).toBe('acres needs a number.Server: Filter 2: value must be numeric')
  expect(screen.getByRole('alert').textContent).toBe('Server: Filter 2: value must be numeric')
  expect(screen.getByRole('listitem').className).toContain('flt-row-invalid')
})

it('a field or operator from an old link that is no longer known is shown as such, not swapped silently', () => {
  render(<Harness initial={{ field: 'acreage', op: 'like', value: 'x' }} problem="Unknown field “acreage”." />)
  const field = screen.getByRole('combobox', { name: 'Filter 2 field' }) as HTMLSelectElement
  expect(field.selectedOptions[0]?.textContent).toBe('acreage (unknown)')
  const op = screen.getByRole('combobox', { name: 'Filter 2 operator' }) as HTMLSelectElement
  expect(op.selectedOptions[0]?.textContent).toBe('like (not valid)')
  expect(screen.getByText('Unknown field “acreage”.')).toBeTruthy()
})

it('× removes the row', async () => {
  const user = userEvent.setup()
  const onRemove = vi.fn()
  render(<Harness initial={{ field: 'owner', op: 'ilike', value: 'smith' }} onRemove={onRemove} />)
  await user.click(screen.getByRole('button', { name: 'Remove filter 2' }))
  expect(onRemove).toHaveBeenCalledTimes(1)
})

it('choosing Rotation offers its known values in a list, not a free-text box', async () => {
  const user = userEvent.setup()
  render(<Harness initial={{ field: 'owner', op: 'ilike', value: '' }} />)
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 2 field' }), 'rotation')
  expect(json()).toEqual({ field: 'rotation', op: 'eq', value: '' })
  const values = optionLabels('Filter 2 value')
  expect(values[0]).toBe('Choose a rotation…')
  expect(values.length).toBeGreaterThan(3)
  expect(screen.queryByRole('textbox', { name: 'Filter 2 value' })).toBeNull()
})
