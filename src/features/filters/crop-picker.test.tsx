/** The crop / land-cover checklist: search, tick, arrow through; and the panel disclosure that owns the crop filter. */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import { CropFilter, CropPicker } from './crop-picker'

afterEach(cleanup)

function Picker({ initial = [] as string[] }) {
  const [names, setNames] = useState<string[]>(initial)
  return (
    <>
      <button type="button">Before</button>
      <CropPicker selected={names} onChange={setNames} label="Crop types" />
      <button type="button">After</button>
      <output data-testid="json">{JSON.stringify(names)}</output>
    </>
  )
}
const json = () => JSON.parse(screen.getByTestId('json').textContent ?? 'null')
const boxNames = () =>
  screen.getAllByRole('checkbox').map((c) => c.closest('label')?.querySelector('.flt-crop-name')?.textContent)

it('lists crops first, each with its kind; ticking and unticking edits the list and the count', async () => {
  const user = userEvent.setup()
  render(<Picker />)
  const group = screen.getByRole('group', { name: 'Crop types' })
  expect(boxNames().slice(0, 3)).toEqual(['Barley', 'Corn', 'Cotton'])
  expect(within(group).getByText('0 selected')).toBeTruthy()
  await user.click(screen.getByRole('checkbox', { name: /^Corn/ }))
  await user.click(screen.getByRole('checkbox', { name: /^Alfalfa/ }))
  expect(json()).toEqual(['Corn', 'Alfalfa'])
  expect(within(group).getByText('2 selected')).toBeTruthy()
  expect(screen.getByRole('checkbox', { name: /^Alfalfa/ }).closest('label')?.textContent).toBe('AlfalfaHay')
  await user.click(screen.getByRole('checkbox', { name: /^Corn/ }))
  expect(json()).toEqual(['Alfalfa'])
  await user.click(screen.getByRole('button', { name: 'Clear' }))
  expect(json()).toEqual([])
  expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull()
})

it('the search box narrows by name or by kind and says when nothing matches', async () => {
  const user = userEvent.setup()
  render(<Picker />)
  const search = screen.getByRole('searchbox', { name: 'Search crop types' })
  await user.type(search, 'tree')
  expect(boxNames()).toEqual(['Almonds', 'Cherries', 'Citrus', 'Grapes', 'Peaches', 'Pistachios', 'Walnuts'])
  await user.clear(search)
  await user.type(search, 'WHEAT')
  expect(boxNames()).toEqual(['Winter Wheat'])
  await user.clear(search)
  await user.type(search, 'kale')
  expect(screen.queryAllByRole('checkbox')).toHaveLength(0)
  expect(screen.getByText('No crop type matches “kale”.')).toBeTruthy()
})

it('a name the server sent that our list lacks stays visible, ticked, so it can be unticked', async () => {
  const user = userEvent.setup()
  render(<Picker initial={['Hops', 'Corn']} />)
  const hops = screen.getByRole('checkbox', { name: /^Hops/ }) as HTMLInputElement
  expect(hops.checked).toBe(true)
  expect(hops.closest('label')?.textContent).toBe('Hopsother')
  expect(boxNames()[0]).toBe('Hops')
  await user.click(hops)
  expect(json()).toEqual(['Corn'])
  expect(screen.queryByRole('checkbox', { name: /^Hops/ })).toBeNull()
})

it('the list is one Tab stop; arrows, Home and End move through it and Space ticks', async () => {
  const user = userEvent.setup()
  render(<Picker />)
  const search = screen.getByRole('searchbox', { name: 'Search crop types' })
  await user.click(search)
  await user.tab()
  const focusedName = () => document.activeElement?.closest('label')?.querySelector('.flt-crop-name')?.textContent
  expect(focusedName()).toBe('Barley')
  await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
  expect(focusedName()).toBe('Corn')
  await user.keyboard(' ')
  expect(json()).toEqual(['Corn'])
  await user.keyboard('{End}')
  expect(focusedName()).toBe('Open Water')
  await user.keyboard('{ArrowDown}') // stays on the last, no wrap
  expect(focusedName()).toBe('Open Water')
  await user.keyboard('{Home}{ArrowDown}')
  expect(focusedName()).toBe('Corn')
  await user.tab()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }))
  // Back in: the stop is the box last used.
  await user.tab({ shift: true })
  expect(focusedName()).toBe('Corn')
})

function Panel({ initial = [] as FilterItem[] }) {
  const [filters, setFilters] = useState<FilterItem[]>(initial)
  return (
    <>
      <CropFilter filters={filters} onChange={setFilters} />
      <output data-testid="json">{JSON.stringify(filters)}</output>
    </>
  )
}

it('the panel disclosure sums up the choice and writes one crop filter into the list, dropping it when empty', async () => {
  const user = userEvent.setup()
  render(<Panel initial={[{ field: 'acres', op: 'gte', value: 40 }]} />)
  const summary = () => document.querySelector('summary')?.textContent
  expect(summary()).toBe('Crop / land cover: any')
  await user.click(screen.getByText('Crop / land cover:'))
  await user.click(screen.getByRole('checkbox', { name: /^Corn/ }))
  await user.click(screen.getByRole('checkbox', { name: /^Soybeans/ }))
  expect(summary()).toBe('Crop / land cover: Corn, Soybeans')
  await user.click(screen.getByRole('checkbox', { name: /^Oats/ }))
  expect(summary()).toBe('Crop / land cover: 3 types')
  expect(json()).toEqual([
    { field: 'acres', op: 'gte', value: 40 },
    { field: 'cdl_majority_category', op: 'in', value: ['Corn', 'Soybeans', 'Oats'] },
  ])
  await user.click(screen.getByRole('button', { name: 'Clear' }))
  expect(json()).toEqual([{ field: 'acres', op: 'gte', value: 40 }])
})

it('with ten filters already, the crop list is disabled and says why; an existing crop filter stays editable', async () => {
  const ten: FilterItem[] = Array.from({ length: 10 }, (_, i) => ({ field: 'acres', op: 'gte', value: i }))
  render(<Panel initial={ten} />)
  expect((screen.getByRole('group', { name: 'Crop / land cover' }) as HTMLFieldSetElement).disabled).toBe(true)
  expect(screen.getByText('Remove a filter to add a crop type filter (10 filters at most).')).toBeTruthy()
  cleanup()
  const withCrop: FilterItem[] = [...ten.slice(0, 9), { field: 'cdl_majority_category', op: 'in', value: ['Corn'] }]
  render(<Panel initial={withCrop} />)
  expect((screen.getByRole('group', { name: 'Crop / land cover' }) as HTMLFieldSetElement).disabled).toBe(false)
  expect(screen.queryByText(/Remove a filter/)).toBeNull()
})
