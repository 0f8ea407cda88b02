import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memorySources, soldRecord, subjectRecord } from './comps.test-support'
import { CompsPanel, type CompsPanelProps } from './comps-panel'

afterEach(cleanup)

const subject = subjectRecord({ parcel_id: '09-12-300-001' })
const records = [
  subject,
  soldRecord('a', 1, 800_000, '2024-01-01'),
  soldRecord('b', 2, 880_000, '2024-01-01'),
  soldRecord('c', 3, 960_000, '2024-01-01'),
  soldRecord('d', 1.5, 4_000_000, '2024-01-01'),
  soldRecord('e', 1, 1, '2024-01-01', { deed_type_1: 'QUIT CLAIM DEED' }),
]
const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
}

function setup(over: Partial<CompsPanelProps> = {}, list = records) {
  const { sources, sent } = memorySources(list)
  const props: CompsPanelProps = {
    subject,
    sources,
    circle: vi.fn(() => [square]),
    today: '2024-07-01',
    onClose: vi.fn(),
    onOpenComp: vi.fn(),
    onDownload: vi.fn(),
    ...over,
  }
  render(<CompsPanel {...props} />)
  return { props, sent }
}

describe('CompsPanel', () => {
  it('finds comps as it opens and shows the indicated value with its range, n and the caveat', async () => {
    const { props, sent } = setup()
    const value = await screen.findByRole('region', { name: 'Indicated value' })
    expect(within(value).getByTestId('comps-indicated').textContent).toBe('$880,000')
    expect(within(value).getByTestId('comps-median').textContent).toBe('$11,000')
    expect(within(value).getByTestId('comps-n').textContent).toBe('3')
    expect(value.textContent).toContain('Range $840,000–$920,000')
    expect(value.textContent).toContain('An estimate from public sales, not an appraisal.')
    // A 10-mile circle for farmland, searched once by area, then one query page.
    expect(props.circle).toHaveBeenCalledWith([-93.5, 42], 10 * 1609.344)
    expect(sent).toEqual(['area', 'query'])
    expect(screen.getByText(/2 calls made, 0 from the cache/)).toBeTruthy()
  })

  it('ranks and grades comps, says why some are left out, and lets the user pin one back', async () => {
    setup()
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(5)
    const outlier = rows.find((r) => r.dataset.compId === 'd')!
    expect(outlier.textContent).toContain('Left out: outlier: $/acre above the IQR fence ($37,625)')
    const nominal = rows.find((r) => r.dataset.compId === 'e')!
    expect(nominal.textContent).toContain("Left out: non-arm's-length: nominal price $1")
    await userEvent.click(within(outlier).getByRole('button', { name: /^Pin comp/ }))
    // Included now 10k, 11k, 12k, 50k $/acre → median 11,500 × 80 ac.
    expect(screen.getByTestId('comps-indicated').textContent).toBe('$920,000')
    expect(screen.getByTestId('comps-n').textContent).toBe('4')
  })

  it('sorts by a column, opens a comp’s card and downloads the CSV', async () => {
    const { props } = setup()
    const table = await screen.findByRole('table')
    await userEvent.click(within(table).getByRole('button', { name: '$/ac' }))
    const ids = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.dataset.compId)
    expect(ids).toEqual(['e', 'a', 'b', 'c', 'd'])
    await userEvent.click(within(table).getAllByRole('button', { name: '2024-01-01' })[1]!)
    expect(props.onOpenComp).toHaveBeenCalledWith(expect.objectContaining({ svc_uuid: 'a' }))
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    const [csv, name] = (props.onDownload as ReturnType<typeof vi.fn>).mock.calls[0]!
    expect(name).toBe('comps-09-12-300-001-2024-07-01.csv')
    expect(csv.header).toContain('adjusted_price_per_acre')
    expect(csv.rows).toHaveLength(5)
  })

  it('asks before a search that needs many calls, and stops when told no', async () => {
    const many = Array.from({ length: 2_700 }, (_, i) =>
      soldRecord(`m${String(i).padStart(4, '0')}`, 1, 800_000, '2024-01-01'),
    )
    const { sent } = setup({}, [subject, ...many])
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm a large comps search' })
    expect(dialog.textContent).toContain('This needs 27 more calls to read 2,701 sold parcels')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText(/Search stopped/)).toBeTruthy()
    expect(sent).toEqual(['area', 'query'])
  })

  it('reruns with the user’s settings and says what is wrong with bad ones', async () => {
    const { props } = setup()
    await screen.findByRole('table')
    await userEvent.click(screen.getByText(/Within 10 mi/))
    const radius = screen.getByLabelText('Radius (mi)')
    await userEvent.clear(radius)
    await userEvent.type(radius, '2.5')
    await userEvent.click(screen.getByRole('button', { name: 'Find comps' }))
    await screen.findByText(/Within 2.5 mi/)
    expect(props.circle).toHaveBeenLastCalledWith([-93.5, 42], 2.5 * 1609.344)
    // c sold 3 mi away: outside a 2.5-mile radius.
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(5)
    const again = screen.getByLabelText('Radius (mi)') // the form is new after a run
    await userEvent.clear(again)
    await userEvent.type(again, '0')
    await userEvent.click(screen.getByRole('button', { name: 'Find comps' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/radius between 0 and 30/)
  })
})
