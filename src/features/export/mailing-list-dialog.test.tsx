/** Owner mailing list: owners grouped from the loaded parcels, a preview, a CSV and printable labels. */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { catchDownloads, type SavedFile } from '../../ui/download.test-support'
import { MailingListDialog } from './mailing-list-dialog'

let saved: SavedFile[]
beforeEach(() => {
  saved = catchDownloads()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const parcel = (owner: string | null, acres: number, mail: Partial<ParcelRecord> = {}): ParcelRecord =>
  ({
    svc_uuid: `${owner}-${acres}`,
    owner,
    acres,
    mail_address1: '100 MAIN ST',
    mail_city: 'AMES',
    mail_state: 'IA',
    mail_zip: '50010',
    ...mail,
  }) as ParcelRecord

const records: (ParcelRecord | undefined)[] = [
  parcel('SMITH FARMS LLC', 80),
  parcel('Smith Farms, LLC', 40.5, { mail_zip: '50010-1234' }), // the same owner spelled another way
  parcel('ADAMS, JANE', 12, { mail_address1: 'PO BOX 7', mail_city: 'NEVADA' }),
  parcel(null, 3),
  undefined,
]

function setup(rows = records) {
  const user = userEvent.setup()
  const onClose = vi.fn()
  render(<MailingListDialog records={rows} searchSummary="Story County, IA" onClose={onClose} />)
  const dialog = screen.getByRole('dialog', { name: 'Owner mailing list' })
  return { user, onClose, dialog }
}

it('counts owners, not parcels, says what was left out, and previews them in a named, focusable region', () => {
  const { dialog } = setup()
  expect(within(dialog).getByText(/owners from/).textContent).toBe(
    '2 owners from 4 loaded parcels. 1 parcel without an owner name was left out.',
  )
  const preview = within(dialog).getByRole('region', { name: 'Owner preview' })
  expect(preview.tabIndex).toBe(0)
  const table = within(preview).getByRole('table', { name: 'All owners' })
  const rows = within(table)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    )
    .filter((cells) => cells.length > 0)
  expect(rows).toEqual([
    ['ADAMS, JANE', 'PO BOX 7, NEVADA, IA 50010', '1', '12.00'],
    ['SMITH FARMS LLC', '100 MAIN ST, AMES, IA 50010', '2', '120.50'],
  ])
})

it('Download CSV saves one row per owner and says so', async () => {
  const { user, dialog } = setup()
  await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }))
  expect(saved).toHaveLength(1)
  const file = saved[0] as SavedFile
  expect(file.name).toMatch(/^plat-story-county-ia-owners-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await file.blob.text())
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean)
  expect(lines[0]).toBe('owner,mail_address1,mail_city,mail_state,mail_zip,mail_addr,parcel_count,total_recorded_acres')
  expect(lines).toHaveLength(3)
  expect(lines[2]).toBe('SMITH FARMS LLC,100 MAIN ST,AMES,IA,50010,"100 MAIN ST, AMES, IA 50010",2,120.5')
  expect(within(dialog).getByText(`Saved 2 owners as ${file.name}.`)).toBeTruthy()
})

it('Print labels opens them in a new window to print; with pop-ups blocked it saves them as a file instead', async () => {
  const { user, dialog } = setup()
  const printed = vi.fn()
  const popup = {
    document: { readyState: 'complete' },
    location: { href: '' },
    focus() {},
    print: printed,
    addEventListener: (_: string, fn: () => void) => fn(),
  }
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
  await user.click(within(dialog).getByRole('button', { name: 'Print labels' }))
  expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), '_blank')
  expect(printed).toHaveBeenCalledTimes(1)
  expect(
    within(dialog).getByText('The labels opened in a new window; use its print dialog at 100% scale.'),
  ).toBeTruthy()
  expect(saved).toEqual([])

  open.mockReturnValue(null)
  await user.click(within(dialog).getByRole('button', { name: 'Print labels' }))
  expect(saved).toHaveLength(1)
  const file = saved[0] as SavedFile
  expect(file.name).toMatch(/^plat-story-county-ia-labels-\d{4}-\d{2}-\d{2}\.html$/)
  const html = await file.blob.text()
  expect(html).toContain('SMITH FARMS LLC')
  expect(html).toContain('PO BOX 7')
  expect(
    within(dialog).getByText(`Pop-ups are blocked, so the labels were saved as ${file.name}; open it and print.`),
  ).toBeTruthy()
})

it('no owner names: says so, shows no table, and both actions are disabled', () => {
  const { dialog } = setup([parcel(null, 3), parcel('  ', 4)])
  expect(within(dialog).getByText(/owners from/).textContent).toBe(
    '0 owners from 2 loaded parcels. 2 parcels without an owner name were left out.',
  )
  expect(within(dialog).queryByRole('table')).toBeNull()
  expect((within(dialog).getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true)
  expect((within(dialog).getByRole('button', { name: 'Print labels' }) as HTMLButtonElement).disabled).toBe(true)
})

it('more than 50 owners: the preview says it shows the first 50', () => {
  const many = Array.from({ length: 75 }, (_, i) => parcel(`OWNER ${String(i).padStart(2, '0')}`, 1))
  const { dialog } = setup(many)
  const table = within(dialog).getByRole('table', { name: 'First 50 of 75 owners' })
  expect(within(table).getAllByRole('row')).toHaveLength(51) // the header and 50 owners
})

it('× closes', async () => {
  const { user, onClose, dialog } = setup()
  await user.click(within(dialog).getByRole('button', { name: 'Close' }))
  expect(onClose).toHaveBeenCalledTimes(1)
})
