/** "Offline & field": its actions in order, take-offline, and an export's progress or failure beside the button. */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import type { FieldExportKind } from './export-kinds'
import { FieldMenu } from './field-menu'

afterEach(cleanup)

function setup(onExport: (kind: FieldExportKind) => Promise<void> = async () => {}) {
  const user = userEvent.setup()
  const calls: string[] = []
  render(
    <FieldMenu
      disabled={false}
      onTakeOffline={() => calls.push('offline')}
      onExport={(kind) => {
        calls.push(kind)
        return onExport(kind)
      }}
    />,
  )
  const toggle = screen.getByRole('button', { name: 'Offline & field ▾' })
  const panel = () => document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement
  return { user, calls, toggle, panel }
}

it('opens on take-offline, focused, then the four exports; Escape hands focus back to the toggle', async () => {
  const { user, calls, toggle, panel } = setup()
  expect(toggle.closest('.popover-menu')?.classList.contains('field-menu')).toBe(true)
  await user.click(toggle)
  expect(
    within(panel())
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual([
    'Take this search offline…',
    'Export GeoPackage (QGIS, ArcGIS, Avenza)',
    'Export PMTiles vector tiles',
    'Export KML waypoints (Google Earth)',
    'Export GPX waypoints (GPS, onX)',
  ])
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Take this search offline…' }))
  await user.keyboard('{Escape}')
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(toggle)
  await user.keyboard('{Enter}{Enter}')
  expect(calls).toEqual(['offline'])
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
})

it('says the file is being prepared until the export is done, and why it failed when it does', async () => {
  let finish = () => {}
  const kml = new Promise<void>((resolve) => {
    finish = resolve
  })
  const { user, calls, toggle } = setup((kind) =>
    kind === 'kml' ? kml : Promise.reject(new Error('no room on this device')),
  )
  await user.click(toggle)
  await user.click(screen.getByRole('button', { name: 'Export KML waypoints (Google Earth)' }))
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(screen.getByRole('status').textContent).toBe('Preparing the file…')
  finish()
  await expect.poll(() => screen.queryByRole('status')).toBeNull()
  await user.click(toggle)
  await user.click(screen.getByRole('button', { name: 'Export GPX waypoints (GPS, onX)' }))
  expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Export failed: no room on this device')
  expect(calls).toEqual(['kml', 'gpx'])
})
