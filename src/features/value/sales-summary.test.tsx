import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { SalesSummary } from './sales-summary'

afterEach(cleanup)

let next = 0
const sale = (date: string, price: number, acres: number, landUse = 'AGRICULTURAL - CROPLAND'): ParcelRecord => ({
  svc_uuid: `p${next++}`,
  land_use: landUse,
  sale_date: date,
  sale_price: price,
  acres,
})

const rows = [
  sale('2024-03-01', 800_000, 80), // 10,000
  sale('2024-06-01', 1_100_000, 100), // 11,000
  sale('2024-09-01', 480_000, 40), // 12,000
  sale('2024-05-05', 300_000, 60, 'AGRICULTURAL - PASTURE/GRAZING'), // 5,000
  sale('2023-02-02', 900_000, 100), // 9,000
  sale('2024-04-04', 10, 80), // nominal: left out
  { svc_uuid: 'never-sold', acres: 12 },
]

describe('SalesSummary', () => {
  it('says how many sales and their median in one line, and the table by year and use with each n', async () => {
    render(<SalesSummary rows={rows} partial={false} />)
    const region = screen.getByRole('region', { name: 'Sales in these results' })
    // 5k, 9k, 10k, 11k, 12k → 10k.
    expect(screen.getByTestId('sales-overall').textContent).toBe('5 sales, median $10,000/ac (2023–2024)')
    await userEvent.click(within(region).getByText('Sales in these results'))
    const table = within(region).getByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Sold', 'cropland', 'pasture/grazing', 'All uses'])
    const [, y2024, y2023] = within(table).getAllByRole('row')
    expect(
      within(y2024!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$11,000n 3', '$5,000n 1', '$10,500n 4'])
    expect(
      within(y2023!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$9,000n 1', '–', '$9,000n 1'])
    // One sale is too few to lean on: faint.
    expect(within(y2023!).getAllByRole('cell')[0]!.className).toContain('sales-few')
    expect(region.textContent).toContain('1 non-arm’s-length or nominal transfer')
  })

  it('says when the figures rest on part of the results', () => {
    render(<SalesSummary rows={[...rows, undefined, undefined]} partial />)
    expect(screen.getByTestId('sales-overall').textContent).toContain('5 sales in the 7 loaded')
  })

  it('offers comps for a drawn area: the one, or the one picked', async () => {
    const onCompsForArea = vi.fn()
    const { rerender } = render(
      <SalesSummary
        rows={rows}
        partial={false}
        areas={[{ id: 'a1', name: 'Rectangle 1' }]}
        onCompsForArea={onCompsForArea}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Comparable sales for Rectangle 1' }))
    expect(onCompsForArea).toHaveBeenLastCalledWith('a1')
    rerender(
      <SalesSummary
        rows={rows}
        partial={false}
        areas={[
          { id: 'a1', name: 'Rectangle 1' },
          { id: 'a2', name: 'Good field' },
        ]}
        onCompsForArea={onCompsForArea}
      />,
    )
    await userEvent.selectOptions(screen.getByLabelText('Area to value'), 'a2')
    await userEvent.click(screen.getByRole('button', { name: 'Comparable sales for this area' }))
    expect(onCompsForArea).toHaveBeenLastCalledWith('a2')
  })

  it('has a plain word for results without sales, and no comps button without areas', () => {
    render(<SalesSummary rows={[{ svc_uuid: 'x' }]} partial={false} onCompsForArea={vi.fn()} />)
    expect(screen.getByRole('region').textContent).toContain('no open-market sales')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
