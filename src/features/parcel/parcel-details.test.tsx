import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { EMPTY } from '../../format/format-value'
import { ParcelDetails } from './parcel-details'

afterEach(cleanup)

const record = {
  svc_uuid: '11111111-2222-4333-8444-555555555555',
  owner: 'SMITH FARMS LLC',
  situs: '1200 W LINCOLN WAY',
  city: 'AMES',
  county: 'Story',
  state: 'IA',
  parcel_id: '09-12-300-001',
  acres: 80,
  parcel_value: 640000,
  land_use: 'AGRICULTURAL',
  cdl_majority_category: 'Corn',
  cdl_majority_percent: 91.5,
  sale_price: 500000,
  sale_date: '2021-03-05',
  sale_date_1: '2021-03-05',
  sale_price_1: 500000,
  deed_type_1: 'WARRANTY',
  tax_amount: 4321.5,
  mail_address1: 'PO BOX 1',
  csr2: 87,
  year_built: 1998,
}

it('reads like a property card: key facts formatted on top, labels in words, copy and owner search', async () => {
  const onOwnerSearch = vi.fn()
  const onClose = vi.fn()
  render(<ParcelDetails record={record} onClose={onClose} onOwnerSearch={onOwnerSearch} />)
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('SMITH FARMS LLC')
  const facts = within(screen.getByLabelText('Key facts'))
  expect(facts.getByText('80.00')).toBeTruthy()
  expect(facts.getByText('$640,000')).toBeTruthy()
  expect(facts.getByText('$8,000')).toBeTruthy() // value per acre
  expect(facts.getByText('Corn (91.5%)')).toBeTruthy()
  expect(facts.getByText('$500,000 · Mar 5, 2021')).toBeTruthy()
  expect(screen.getAllByText('CSR2 soil rating').length).toBeGreaterThan(0)
  expect(screen.getAllByText('Mailing street').length).toBeGreaterThan(0)
  expect(screen.queryByText('Mail address1')).toBeNull()
  expect(screen.getAllByText('1998').length).toBeGreaterThan(0) // a year, not "1,998"
  expect(screen.getByRole('table', { name: 'Sales history' })).toBeTruthy()
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'All parcels of this owner' }))
  expect(onOwnerSearch).toHaveBeenCalledWith(record)
  expect(screen.getByRole('button', { name: 'Copy APN' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy()
  // The UUID once, at the end of "All fields", with its own copy button.
  expect(screen.getAllByText(record.svc_uuid)).toHaveLength(1)
  expect(screen.getByRole('button', { name: 'Copy UUID' })).toBeTruthy()
  screen.getByRole('button', { name: 'Close details' }).focus()
  await user.keyboard('{Escape}')
  expect(onClose).toHaveBeenCalled()
})

it('shows the land-use class: the server’s, or read from the county’s land use when the server has none', () => {
  const { rerender } = render(<ParcelDetails record={{ ...record, land_use_class: 'vacant' }} onClose={() => {}} />)
  const fact = () => within(screen.getByLabelText('Key facts')).getByText('Land-use class').nextElementSibling
  expect(fact()?.textContent).toBe('Vacant')
  expect(screen.getAllByText('Vacant').length).toBeGreaterThan(1) // also in the Land section
  rerender(<ParcelDetails record={record} onClose={() => {}} />)
  expect(fact()?.textContent).toBe('Agricultural')
  rerender(<ParcelDetails record={{ ...record, land_use: 'SEE ASSESSOR' }} onClose={() => {}} />)
  expect(fact()?.textContent).toBe(EMPTY)
})
