import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import { FilterBuilder } from './filter-builder'
import { LandUseFilter } from './land-use-filter'

afterEach(cleanup)

const acres: FilterItem = { field: 'acres', op: 'gte', value: 40 }

it('ticking classes writes one land_use_class in-filter, updated in place and dropped when empty', async () => {
  const onChange = vi.fn()
  const { rerender } = render(<LandUseFilter filters={[acres]} onChange={onChange} />)
  await userEvent.click(screen.getByText('Land-use class:'))
  const boxes = within(screen.getByRole('group', { name: 'Land-use class' }))
  expect(boxes.getAllByRole('checkbox').map((b) => b.parentElement?.textContent)).toEqual([
    'Agricultural',
    'Residential',
    'Commercial',
    'Industrial',
    'Institutional / public',
    'Vacant',
    'Other',
  ])
  await userEvent.click(boxes.getByRole('checkbox', { name: 'Agricultural' }))
  expect(onChange).toHaveBeenLastCalledWith([acres, { field: 'land_use_class', op: 'in', value: ['agricultural'] }])
  const picked: FilterItem[] = [acres, { field: 'land_use_class', op: 'in', value: ['agricultural', 'vacant'] }]
  rerender(<LandUseFilter filters={picked} onChange={onChange} />)
  expect(screen.getByText('Agricultural, Vacant')).toBeTruthy()
  await userEvent.click(screen.getByRole('checkbox', { name: 'Vacant' }))
  expect(onChange).toHaveBeenLastCalledWith([acres, { field: 'land_use_class', op: 'in', value: ['agricultural'] }])
  rerender(
    <LandUseFilter filters={[acres, { field: 'land_use_class', op: 'in', value: ['vacant'] }]} onChange={onChange} />,
  )
  await userEvent.click(screen.getByRole('checkbox', { name: 'Vacant' }))
  expect(onChange).toHaveBeenLastCalledWith([acres])
})

it('the builder leaves the picker’s filter to it, and edits a land-use filter of its own with the classes', async () => {
  const onChange = vi.fn()
  const filters: FilterItem[] = [
    { field: 'land_use_class', op: 'in', value: ['vacant'] },
    { field: 'land_use_class', op: 'eq', value: 'commercial' },
  ]
  const { rerender } = render(<FilterBuilder filters={filters} onChange={onChange} landUsePicker />)
  expect(screen.getAllByRole('listitem')).toHaveLength(1)
  const value = screen.getByRole('combobox', { name: 'Filter 1 value' }) as HTMLSelectElement
  expect(value.value).toBe('commercial')
  await userEvent.selectOptions(value, 'Industrial')
  expect(onChange).toHaveBeenLastCalledWith([filters[0], { field: 'land_use_class', op: 'eq', value: 'industrial' }])
  expect(screen.queryByText(/applies these in your browser/)).toBeTruthy()
  // Without the picker (a server that does not list the field) the builder shows both, with the note.
  rerender(<FilterBuilder filters={filters} onChange={onChange} />)
  expect(screen.getAllByRole('checkbox', { checked: true }).map((b) => b.parentElement?.textContent)).toEqual([
    'Vacant',
  ])
})
