import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { RotationStrip } from './rotation-strip'

afterEach(cleanup)

const year = (code: number, name: string, percent: number) => ({ code, name, percent })
const record = {
  svc_uuid: 'a',
  cdl_history: {
    '2020': year(1, 'Corn', 91),
    '2021': year(5, 'Soybeans', 88.4),
    '2022': year(1, 'Corn', 95),
    '2023': year(5, 'Soybeans', 90),
    '2024': year(1, 'Corn', 93),
  },
} as unknown as ParcelRecord

it('shows one cell per year in CDL colours, names the rotation, and gives the class and percent on focus', async () => {
  render(<RotationStrip record={record} />)
  expect(screen.getByRole('heading', { name: 'Crop history 2020–2024' })).toBeTruthy()
  expect(screen.getByText('Rotation: Corn–soybean')).toBeTruthy()
  const cells = within(screen.getByRole('list', { name: 'Crop by year' })).getAllByRole('listitem')
  expect(cells).toHaveLength(5)
  expect(cells[1]!.getAttribute('aria-label')).toBe('2021: Soybeans, 88.4% of the parcel')
  expect(cells[0]!.style.background).toMatch(/#ffd300|rgb\(255, 211, 0\)/)
  await userEvent.tab()
  await userEvent.tab()
  expect(screen.getByText('2021: Soybeans, 88.4% of the parcel', { selector: 'p' })).toBeTruthy()
})

it('shows nothing for a record without history, and says when there is no pattern', () => {
  const { container } = render(<RotationStrip record={{ svc_uuid: 'b' } as ParcelRecord} />)
  expect(container.textContent).toBe('')
  render(
    <RotationStrip
      record={{ svc_uuid: 'c', cdl_history: { '2024': year(141, 'Deciduous Forest', 99) } } as unknown as ParcelRecord}
    />,
  )
  expect(screen.getByText(/No rotation pattern/)).toBeTruthy()
})
