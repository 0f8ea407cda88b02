import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import { CropFilter } from './crop-picker'
import { FilterBuilder } from './filter-builder'

afterEach(cleanup)

function Panel({ initial = [] as FilterItem[] }) {
  const [filters, setFilters] = useState<FilterItem[]>(initial)
  return (
    <>
      <CropFilter filters={filters} onChange={setFilters} />
      <FilterBuilder filters={filters} onChange={setFilters} />
      <output data-testid="json">{JSON.stringify(filters)}</output>
    </>
  )
}
const json = () => JSON.parse(screen.getByTestId('json').textContent ?? '[]')

it('a new filter takes focus; typing "State" in the field menu picks State; states are a pick-list', async () => {
  const user = userEvent.setup()
  render(<Panel />)
  await user.click(screen.getByRole('button', { name: '+ Add filter' }))
  const field = screen.getByLabelText('Filter 1 field')
  expect(document.activeElement).toBe(field)
  const options = Array.from((field as HTMLSelectElement).options).map((o) => o.textContent)
  expect(options.find((o) => o?.startsWith('State'))).toBe('State')
  await user.selectOptions(field, 'state')
  await user.selectOptions(screen.getByLabelText('Filter 1 value'), 'Kansas (KS)')
  expect(json()).toEqual([{ field: 'state', op: 'eq', value: 'KS' }])
})

it('a state typed elsewhere ("kansas") is stored as KS; a county is matched as the data writes it', async () => {
  const user = userEvent.setup()
  render(
    <Panel
      initial={[
        { field: 'state', op: 'eq', value: 'kansas' },
        { field: 'county', op: 'eq', value: '' },
      ]}
    />,
  )
  expect(json()[0].value).toBe('KS')
  await user.type(screen.getByLabelText('Filter 2 value'), 'finney county')
  expect(json()[1].value).toBe('Finney')
  expect(screen.getByText('Searching county “Finney”.')).toBeTruthy()
})

it('ticking a crop shows it once, in the crop list, and the list is one tab stop', async () => {
  const user = userEvent.setup()
  render(<Panel />)
  await user.click(screen.getByText('Crop / land cover:'))
  await user.click(screen.getByRole('checkbox', { name: /^Soybeans/ }))
  expect(json()).toEqual([{ field: 'cdl_majority_category', op: 'in', value: ['Soybeans'] }])
  expect(screen.getAllByRole('checkbox', { name: /^Soybeans/ })).toHaveLength(1)
  const tabbable = screen.getAllByRole('checkbox').filter((c) => c.tabIndex === 0)
  expect(tabbable).toHaveLength(1)
})
