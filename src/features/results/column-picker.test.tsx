/** The results' "Columns" popup: tick the columns to show, find one by name, reset to the default set. */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { BUILDINGS_COLUMN } from '../../format/record-columns'
import { DEFAULT_COLUMNS } from '../../state/ui-slice'
import { ColumnPicker } from './column-picker'

afterEach(cleanup)

function Harness({ rows = [] as (ParcelRecord | undefined)[], initial = ['owner', 'acres'] }) {
  const [columns, setColumns] = useState<string[]>(initial)
  return (
    <>
      <ColumnPicker columns={columns} onColumnsChange={setColumns} rows={rows} />
      <button type="button">Table</button>
      <pre data-testid="json">{JSON.stringify(columns)}</pre>
    </>
  )
}
const json = () => JSON.parse(screen.getByTestId('json').textContent ?? '[]')
/** The checkbox of one field: its label shows the field's name in words, then the field name itself. */
const box = (dialog: HTMLElement, key: string) => {
  const found = within(dialog)
    .getAllByRole('checkbox')
    .filter((c) => {
      const label = c.closest('label')
      return (label?.querySelector('.res-picker-key')?.textContent ?? label?.textContent) === key
    })
  expect(found).toHaveLength(1)
  return found[0] as HTMLInputElement
}

async function openPicker(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup()
  render(<Harness {...props} />)
  const toggle = screen.getByRole('button', { name: 'Columns' })
  expect(toggle.getAttribute('aria-haspopup')).toBe('dialog')
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  await user.click(toggle)
  const dialog = screen.getByRole('dialog', { name: 'Choose columns' })
  return { user, toggle, dialog }
}

it('opens a dialog with the filter box focused; the visible columns are ticked', async () => {
  const { toggle, dialog } = await openPicker()
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  expect(toggle.getAttribute('aria-controls')).toBe(dialog.id)
  expect(document.activeElement).toBe(within(dialog).getByRole('searchbox', { name: 'Filter columns' }))
  expect(box(dialog, 'owner').checked).toBe(true)
  expect(box(dialog, 'owner').closest('label')?.textContent).toBe('Ownerowner')
  expect(box(dialog, 'acres').checked).toBe(true)
  expect(box(dialog, 'county').checked).toBe(false)
})

it('ticking adds a column at the end, unticking removes it', async () => {
  const { user, dialog } = await openPicker()
  await user.click(box(dialog, 'county'))
  expect(json()).toEqual(['owner', 'acres', 'county'])
  await user.click(box(dialog, 'owner'))
  expect(json()).toEqual(['acres', 'county'])
})

it('the filter box finds columns by label or field name and says when none match', async () => {
  const { user, dialog } = await openPicker()
  const filter = within(dialog).getByRole('searchbox', { name: 'Filter columns' })
  await user.type(filter, 'mail_')
  const labels = within(dialog)
    .getAllByRole('checkbox')
    .map((c) => c.closest('label')?.querySelector('.res-picker-key')?.textContent)
  expect(labels.length).toBeGreaterThan(0)
  for (const key of labels) expect(key).toMatch(/^mail_/)
  await user.clear(filter)
  await user.type(filter, 'zzz')
  expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0)
  expect(within(dialog).getByText('No matching columns')).toBeTruthy()
})

it('fields the server sent beyond the catalog, and Buildings when buildings were loaded, can be shown too', async () => {
  const rows = [undefined, { svc_uuid: 'a', owner: 'X', zoning_code: 'A-1', buildings: [] } as unknown as ParcelRecord]
  const { user, dialog } = await openPicker({ rows })
  await user.type(within(dialog).getByRole('searchbox', { name: 'Filter columns' }), 'zoning')
  await user.click(box(dialog, 'zoning_code'))
  await user.clear(within(dialog).getByRole('searchbox', { name: 'Filter columns' }))
  await user.type(within(dialog).getByRole('searchbox', { name: 'Filter columns' }), 'buildings')
  await user.click(box(dialog, BUILDINGS_COLUMN))
  expect(json()).toEqual(['owner', 'acres', 'zoning_code', BUILDINGS_COLUMN])
})

it('Reset to default brings back the default set', async () => {
  const { user, dialog } = await openPicker({ initial: ['svc_uuid'] })
  await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }))
  expect(json()).toEqual([...DEFAULT_COLUMNS])
})

it('Escape closes it and puts focus back on Columns; a click outside closes it', async () => {
  const { user, toggle } = await openPicker()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(toggle)
  await user.keyboard('{Enter}')
  expect(screen.getByRole('dialog', { name: 'Choose columns' })).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Table' }))
  expect(screen.queryByRole('dialog')).toBeNull()
})
