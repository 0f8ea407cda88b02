import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import type { CoverageCounty } from '../../../contract/tiles'
import { OutsideCoverage } from './outside-coverage'

afterEach(cleanup)

const county = (name: string, state = 'IA'): CoverageCounty => ({
  state,
  state_fp: '19',
  county_fp: '001',
  county: name,
  parcels: 10,
  bbox: [-94, 41, -93, 42],
  loaded_at: '2026-11-01T00:00:00Z',
})

it('says there is no data here and offers the covered counties as jumps', async () => {
  const user = userEvent.setup()
  const jumps: string[] = []
  render(<OutsideCoverage counties={[county('Story'), county('Boone')]} onJump={(c) => jumps.push(c.county)} />)
  const status = screen.getByRole('status')
  expect(status.textContent).toContain('No parcel data here.')
  expect(status.textContent).toContain('This server has data for 2 counties:')
  expect(status.textContent).not.toContain('No parcels match')
  await user.click(screen.getByRole('button', { name: 'Story County, IA' }))
  expect(jumps).toEqual(['Story'])
})

it('names at most six counties and points to "Jump to" for the rest', () => {
  const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((n) => county(n))
  render(<OutsideCoverage counties={names} onJump={() => {}} />)
  expect(screen.getAllByRole('button')).toHaveLength(6)
  expect(screen.getByText('and 2 more (see “Jump to” on the map)')).toBeTruthy()
})

it('a server with no data at all says so', () => {
  render(<OutsideCoverage counties={[]} onJump={() => {}} />)
  expect(screen.getByRole('status').textContent).toContain('This server has no parcel data loaded yet.')
})
