/**
 * "Import search areas": a file (picked or dropped) or pasted GeoJSON becomes search areas; what
 * cannot be used is said in words and the dialog stays open; points and lines can be buffered.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { useState } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { ImportDialog } from './import-dialog'
import { clockwiseSquare, shapefileZip, WGS84_PRJ } from './import-fixtures.test-support'

afterEach(cleanup)

const square = (x: number, y: number) => [
  [x, y],
  [x + 0.01, y],
  [x + 0.01, y + 0.01],
  [x, y + 0.01],
  [x, y],
]
const polygonFc = (...rings: number[][][]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: rings.map((r) => ({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [r] } })),
  })

type Imported = { polygons: Polygon[]; notices: string[]; source: string }

function Harness({ onImport }: { onImport(i: Imported): void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Import…
      </button>
      {open && (
        <ImportDialog
          onImport={(polygons, notices, source) => onImport({ polygons, notices, source })}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}

async function openImport() {
  // The file picker's "All files" choice lets a person pick what `accept` does not list.
  const user = userEvent.setup({ applyAccept: false })
  const imported: Imported[] = []
  render(<Harness onImport={(i) => imported.push(i)} />)
  await user.click(screen.getByRole('button', { name: 'Import…' }))
  const dialog = screen.getByRole('dialog', { name: 'Import search areas' })
  return {
    user,
    imported,
    dialog,
    file: within(dialog).getByLabelText('Choose file…') as HTMLInputElement,
    paste: within(dialog).getByRole('textbox', { name: 'Or paste GeoJSON' }) as HTMLTextAreaElement,
    add: within(dialog).getByRole('button', { name: 'Add areas' }) as HTMLButtonElement,
  }
}
const problems = () => Array.from(document.querySelectorAll('.import-problems li')).map((li) => li.textContent)

it('pasted GeoJSON polygons become areas; the dialog closes and focus goes back to Import…', async () => {
  const { user, imported, paste, add } = await openImport()
  expect(add.disabled).toBe(true) // nothing to add yet
  await user.click(paste)
  await user.paste(polygonFc(square(-93.6, 42), square(-93.5, 42)))
  await user.click(add)
  expect(imported).toHaveLength(1)
  expect(imported[0]?.source).toBe('The pasted GeoJSON')
  expect(imported[0]?.polygons).toHaveLength(2)
  expect(imported[0]?.polygons[0]?.coordinates[0]?.[0]).toEqual([-93.6, 42])
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import…' }))
})

it('garbled pasted text: the reason with line and column, the text kept, the dialog open', async () => {
  const { user, imported, paste, add } = await openImport()
  await user.click(paste)
  await user.paste('{"type": "FeatureCollection",\n "features": [1 2]}')
  await user.click(add)
  expect(imported).toEqual([])
  const alert = screen.getByRole('alert')
  expect(alert.textContent).toMatch(/^This is not valid JSON \(.*line 2 column \d+\)\.$/)
  expect(paste.value).toBe('{"type": "FeatureCollection",\n "features": [1 2]}')
  expect(screen.getByRole('dialog', { name: 'Import search areas' })).toBeTruthy()

  await user.clear(paste)
  await user.paste('{"name": "not geo"}')
  await user.click(add)
  expect(problems()).toEqual(['This JSON is not GeoJSON (no FeatureCollection, Feature or geometry type).'])
})

it('a shape the server would refuse is left out with the reason; the good ones are imported with the note', async () => {
  const { user, imported, paste, add } = await openImport()
  const bowtie = [
    [-93.6, 42],
    [-93.5, 42.1],
    [-93.5, 42],
    [-93.6, 42.1],
    [-93.6, 42],
  ]
  await user.click(paste)
  await user.paste(polygonFc(bowtie))
  await user.click(add)
  expect(imported).toEqual([])
  expect(problems()).toEqual(['Shape 1 was left out: polygon edges cross each other.'])
  await user.clear(paste)
  await user.paste(polygonFc(bowtie, square(-93.4, 42)))
  await user.click(add)
  expect(imported[0]?.polygons).toHaveLength(1)
  expect(imported[0]?.notices).toContain('Shape 1 was left out: polygon edges cross each other.')
})

it('a picked zipped Shapefile is read and imported under its file name', async () => {
  const { user, imported, file } = await openImport()
  const zip = shapefileZip([[clockwiseSquare(-93.6, 42, 0.005)], [clockwiseSquare(-93.5, 42, 0.005)]], WGS84_PRJ)
  await user.upload(file, new File([new Uint8Array(zip)], 'fields.zip', { type: 'application/zip' }))
  await waitFor(() => expect(imported).toHaveLength(1))
  expect(imported[0]?.source).toBe('fields.zip')
  expect(imported[0]?.polygons).toHaveLength(2)
  expect(screen.queryByRole('dialog')).toBeNull()
})

it('a garbled file or one of another format is named with the reason, and the same file can be picked again', async () => {
  const { user, imported, file } = await openImport()
  await user.upload(file, new File(['{"type":"FeatureCollection","features":[{'], 'farm.geojson'))
  await waitFor(() => expect(problems()[0]).toMatch(/^This is not valid JSON/))
  expect(file.value).toBe('') // cleared, so picking the fixed file again fires a change
  await user.upload(file, new File(['owner,acres\nSMITH,80\n'], 'parcels.csv', { type: 'text/csv' }))
  await waitFor(() =>
    expect(problems()).toEqual([
      'parcels.csv is not a format Plat reads: use GeoJSON, KML/KMZ, or a zipped Shapefile.',
    ]),
  )
  await user.upload(file, new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], 'broken.zip'))
  await waitFor(() => expect(problems()).toEqual(['The archive could not be read (invalid zip data; truncated?).']))
  expect(imported).toEqual([])
  expect(screen.getByRole('dialog', { name: 'Import search areas' })).toBeTruthy()
})

it('a file dropped on the drop zone is read like a picked one', async () => {
  const { imported, dialog } = await openImport()
  const zone = dialog.querySelector('.import-drop') as HTMLElement
  fireEvent.dragOver(zone)
  expect(zone.className).toContain('import-drop-active')
  const dropped = new File([polygonFc(square(-93.6, 42))], 'field.geojson', { type: 'application/geo+json' })
  fireEvent.drop(zone, { dataTransfer: { files: [dropped] } })
  expect(zone.className).not.toContain('import-drop-active')
  await waitFor(() => expect(imported).toHaveLength(1))
  expect(imported[0]?.source).toBe('field.geojson')
})

it('points and lines are offered a buffer; a bad distance is refused with the reason, a good one imports', async () => {
  const { user, imported, file } = await openImport()
  const wells = JSON.stringify({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [-93.6, 42] } },
      { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [-93.5, 42] } },
    ],
  })
  await user.upload(file, new File([wells], 'wells.geojson'))
  const section = await screen.findByRole('region', { name: 'Buffer points and lines' })
  expect(section.textContent).toContain('wells.geojson holds points or lines, not areas.')
  const distance = within(section).getByRole('spinbutton', { name: 'Distance' }) as HTMLInputElement
  const unit = within(section).getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement
  expect(distance.value).toBe('100')
  expect(Array.from(unit.options).map((o) => o.value)).toEqual(['m', 'km', 'ft', 'mi'])

  await user.clear(distance)
  await user.type(distance, '0{Enter}')
  const why = within(section).getByRole('alert')
  expect(why.textContent).toBe('Enter a distance greater than zero.')
  expect(distance.getAttribute('aria-invalid')).toBe('true')
  expect(distance.getAttribute('aria-describedby')).toBe(why.id)
  await user.clear(distance)
  await user.type(distance, '60')
  await user.selectOptions(unit, 'km')
  await user.click(within(section).getByRole('button', { name: 'Buffer' }))
  expect(within(section).getByRole('alert').textContent).toBe('The distance can be at most 50 km.')
  expect(imported).toEqual([])

  await user.clear(distance)
  await user.type(distance, '0.5{Enter}')
  expect(imported).toHaveLength(1)
  expect(imported[0]?.source).toBe('wells.geojson')
  expect(imported[0]?.polygons).toHaveLength(2)
  expect(imported[0]?.notices[0]).toBe('Buffered the points/lines of wells.geojson.')
  expect(screen.queryByRole('dialog')).toBeNull()
})

it('a file with no shapes at all says so', async () => {
  const { user, file } = await openImport()
  await user.upload(file, new File([JSON.stringify({ type: 'FeatureCollection', features: [] })], 'empty.geojson'))
  await waitFor(() => expect(problems()).toEqual(['empty.geojson holds no shapes to search.']))
})

it('Escape closes without importing', async () => {
  const onImport = vi.fn()
  const user = userEvent.setup()
  render(<Harness onImport={onImport} />)
  await user.click(screen.getByRole('button', { name: 'Import…' }))
  const dialog = screen.getByRole('dialog', { name: 'Import search areas' })
  dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(onImport).not.toHaveBeenCalled()
})
