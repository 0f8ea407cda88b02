/** Skip links: the first stops on the page; the results link lands on the table, the map link on the map. */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { SkipLinks } from './skip-links'

afterEach(cleanup)

function Page({ table }: { table: boolean }) {
  return (
    <>
      <SkipLinks />
      <button type="button">Header button</button>
      <section id="map" aria-label="Map">
        <canvas className="maplibregl-canvas" tabIndex={0} aria-label="Map canvas" />
      </section>
      <section id="results" tabIndex={-1} aria-label="Results">
        <button type="button">Export</button>
        {/* biome-ignore lint/a11y/useSemanticElements: stands in for the results table, a virtualised ARIA grid */}
        {table && <div role="grid" tabIndex={0} aria-label="Search results" />}
      </section>
    </>
  )
}

it('Tab reaches "Skip to results" first; Enter puts focus on the results table', async () => {
  const user = userEvent.setup()
  render(<Page table />)
  await user.tab()
  expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to results' }))
  await user.keyboard('{Enter}')
  expect(document.activeElement).toBe(screen.getByRole('grid', { name: 'Search results' }))
  expect(window.location.hash).toBe('')
})

it('without a table the results pane takes focus; "Skip to map" lands on the map canvas', async () => {
  const user = userEvent.setup()
  render(<Page table={false} />)
  await user.click(screen.getByRole('link', { name: 'Skip to results' }))
  expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Results' }))
  await user.click(screen.getByRole('link', { name: 'Skip to map' }))
  expect(document.activeElement).toBe(screen.getByLabelText('Map canvas'))
})
