import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { FilterBuilder } from './filter-builder'

afterEach(cleanup)

const story: CoverageCounty = {
  state: 'IA',
  state_fp: '19',
  county_fp: '169',
  county: 'Story',
  parcels: 4000,
  bbox: [-93.6, 41.9, -93.3, 42.1],
  loaded_at: '2026-11-01T00:00:00Z',
}

function Panel({ initial, counties }: { initial: FilterItem[]; counties: CoverageCounty[] | null }) {
  const [filters, setFilters] = useState<FilterItem[]>(initial)
  return (
    <>
      <FilterBuilder filters={filters} onChange={setFilters} coveredCounties={counties} />
      <output data-testid="json">{JSON.stringify(filters)}</output>
    </>
  )
}
const json = () => JSON.parse(screen.getByTestId('json').textContent ?? '[]')

it('a parcel number without a place asks which covered county or state, and the pick satisfies the rule', async () => {
  const user = userEvent.setup()
  render(<Panel initial={[{ field: 'parcel_id', op: 'eq', value: '0912345' }]} counties={[story]} />)
  expect(screen.queryByText(/missing required scope/)).toBeNull()
  const pick = screen.getByLabelText('Parcel ID is searched one county or state at a time: which one?')
  const options = Array.from((pick as HTMLSelectElement).options).map((o) => o.textContent)
  expect(options).toEqual(['Choose a county or state…', 'Story County, IA', 'All of Iowa (1 county)'])
  await user.selectOptions(pick, 'Story County, IA')
  expect(json()).toEqual([
    { field: 'parcel_id', op: 'eq', value: '0912345' },
    { field: 'state', op: 'eq', value: 'IA' },
    { field: 'county', op: 'eq', value: 'Story' },
  ])
  expect(screen.queryByLabelText(/which one\?/)).toBeNull()
})

it('with no coverage known it offers every state', async () => {
  const user = userEvent.setup()
  render(<Panel initial={[{ field: 'owner', op: 'ilike', value: '%SMITH%' }]} counties={null} />)
  const pick = screen.getByLabelText('Owner is searched one county or state at a time: which one?')
  await user.selectOptions(pick, 'Kansas')
  expect(json()).toEqual([
    { field: 'owner', op: 'ilike', value: '%SMITH%' },
    { field: 'state', op: 'eq', value: 'KS' },
  ])
})

it('an unfinished value is asked for first (the place question comes once the row is otherwise sound)', () => {
  render(<Panel initial={[{ field: 'situs', op: 'ilike', value: '' }]} counties={[story]} />)
  expect(screen.getByText('Enter a value.')).toBeTruthy()
  expect(screen.queryByLabelText(/which one\?/)).toBeNull()
})
