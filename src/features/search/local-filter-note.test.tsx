import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { LocalFilterNote } from './local-filter-note'

afterEach(cleanup)

it('names the filters applied here, and how many parcels were loaded and kept', () => {
  render(<LocalFilterNote tally={{ fields: ['rotation', 'corn_years_5'], loaded: 1234, kept: 37 }} />)
  const note = screen.getByRole('status')
  expect(note.textContent).toMatch(/Rotation, Corn years \(of 5\): applied in this browser/)
  expect(note.textContent).toMatch(/does not offer them as a filter/)
  expect(note.textContent).toMatch(/loaded the 1,234 parcels your other filters match; 37 match\./)
})

it('shows nothing when the server evaluated every filter', () => {
  const { container } = render(<LocalFilterNote tally={null} />)
  expect(container.textContent).toBe('')
})
