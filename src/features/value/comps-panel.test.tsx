import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { soldRecord, subjectRecord } from '../../../contract/comps/comps.test-support'
import { parcelSubject, siteSubject } from '../../../contract/comps/comps-subject'
import type { CompsChoices, CompsOverride } from '../../state/comps-slice'
import { memorySources } from './comps.test-support'
import { CompsPanel, type CompsPanelProps } from './comps-panel'

afterEach(cleanup)

const record = subjectRecord({ parcel_id: '09-12-300-001' })
const subject = parcelSubject(record)!
const records = [
  record,
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

type Fixed = Omit<CompsPanelProps, 'choices' | 'overrides' | 'asOf' | 'onChoices' | 'onOverride' | 'onAsOf'>

/** The panel with its store part held here, as the app's store holds it. */
function Controlled(
  p: Fixed & { asOf?: string; choices?: CompsChoices | null; seen?: (c: CompsChoices | null) => void },
) {
  const [choices, setChoices] = useState<CompsChoices | null>(p.choices ?? null)
  const [overrides, setOverrides] = useState<Record<string, CompsOverride>>({})
  const [asOf, setAsOf] = useState<string | null>(p.asOf ?? null)
  return (
    <CompsPanel
      {...p}
      choices={choices}
      overrides={overrides}
      asOf={asOf}
      onChoices={(c) => {
        p.seen?.(c)
        setChoices(c)
      }}
      onOverride={(id, o) =>
        setOverrides((m) => {
          const next = { ...m }
          if (o) next[id] = o
          else delete next[id]
          return next
        })
      }
      onAsOf={setAsOf}
    />
  )
}

function setup(over: Partial<Fixed> & { asOf?: string; seen?: (c: CompsChoices | null) => void } = {}, list = records) {
  const { sources, sent } = memorySources(list)
  const props = {
    subject,
    sources,
    circle: vi.fn(() => [square]),
    today: '2024-07-01',
    onClose: vi.fn(),
    onOpenComp: vi.fn(),
    onDownload: vi.fn(),
    ...over,
  }
  const view = render(<Controlled {...props} />)
  return { props, sent, sources, view }
}

describe('CompsPanel', () => {
  it('finds comps as it opens and shows the indicated value with its range, n and the caveat', async () => {
    const { props, sent } = setup()
    const value = await screen.findByRole('region', { name: 'Indicated value' })
    expect(within(value).getByTestId('comps-indicated').textContent).toBe('$880,000')
    expect(within(value).getByTestId('comps-median').textContent).toBe('$11,000')
    expect(within(value).getByTestId('comps-n').textContent).toBe('3')
    expect(value.textContent).toContain('Range $800,000–$960,000')
    expect(within(value).getByTestId('comps-market').textContent).toBe(
      'Market beside it: median $11,000/ac = $880,000 from all 3 included sales, in 2024 (interquartile $10,500–$11,500/ac)',
    )
    expect(value.textContent).toContain('An estimate from public sales, not an appraisal.')
    // The back-test, after the list: four open-market sales, each valued from the other three.
    expect((await screen.findByText(/^Too few sales to say/, {}, { timeout: 3000 })).textContent).toBe(
      'Too few sales to say: 4 open-market sales from 2021-01-01 to 2024-01-01 could be valued from the others (a figure needs 10).',
    )
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
    // Included now a 10k, d 50k, b 11k, c 12k $/acre, scored ≈ 98.4, 97.6, 96.8, 95.3 (distance
    // 1, 1.5, 2, 3 mi): sorted 10k, 11k, …, the running weight passes half at 11k → × 80 ac.
    expect(screen.getByTestId('comps-indicated').textContent).toBe('$880,000')
    expect(screen.getByTestId('comps-market-median').textContent).toBe('$11,500')
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
    expect(name).toBe('comps-09-12-300-001-2024-01-01.csv')
    expect(csv.header).toContain('adjusted_price_per_acre')
    // Five comps, then an empty row, the statistics' header, three statistics and three of the back-test.
    expect(csv.rows).toHaveLength(5 + 8)
    expect(csv.rows.at(-3)?.[0]).toBe('backtest_median_abs_error')
  })

  it('asks before a search that needs many calls, and stops when told no', async () => {
    const many = Array.from({ length: 2_700 }, (_, i) =>
      soldRecord(`m${String(i).padStart(4, '0')}`, 1, 800_000, '2024-01-01'),
    )
    const { sent } = setup({}, [record, ...many])
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm a large comps search' })
    expect(dialog.textContent).toContain('This needs 26 more calls to read 2,700 sold parcels')
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

  it('shows a repeat from memory in its first render, with no call, and moves focus to its heading', async () => {
    const { sources, sent, view } = setup()
    await screen.findByRole('table')
    view.unmount()
    render(
      <Controlled
        subject={subject}
        sources={sources}
        circle={() => [square]}
        today="2024-07-01"
        onClose={vi.fn()}
        onOpenComp={vi.fn()}
        onDownload={vi.fn()}
      />,
    )
    // No await: the ranked list is there in the same task as the render.
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6)
    expect(screen.getByTestId('comps-median').textContent).toBe('$11,000')
    expect(screen.getByText(/0 calls made, 2 from the cache/)).toBeTruthy()
    expect(sent).toEqual(['area', 'query'])
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Comparable sales' }))
  })

  it('values as of the latest sale by default, as of a date the user sets, and back', async () => {
    setup()
    await screen.findByRole('table')
    // The window ends today (2024-07-01); the sales' last day is 2024-01-01.
    expect(screen.getByText(/sold since 2019-07-01/)).toBeTruthy()
    expect(screen.getByTestId('comps-asof').textContent).toBe('Valued as of 2024-01-01, the latest sale in the radius.')
    expect(screen.queryByRole('button', { name: 'Value as of the latest sale' })).toBeNull()
    const input = screen.getByLabelText('Another date')
    await userEvent.clear(input)
    await userEvent.type(input, '2024-03-01')
    await userEvent.click(screen.getByRole('button', { name: 'Value as of it' }))
    expect(await screen.findByText(/sold since 2019-03-01/)).toBeTruthy()
    expect(screen.getByTestId('comps-asof').textContent).toBe(
      'Valued as of 2024-03-01 (a date set by you or the link).',
    )
    // One sale day: no trend, so nothing is projected past it.
    expect(screen.queryByTestId('comps-extrapolated')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Value as of the latest sale' }))
    expect(await screen.findByText(/sold since 2019-07-01/)).toBeTruthy()
  })

  it('values a link’s date', async () => {
    setup({ asOf: '2024-03-01' })
    await screen.findByRole('table')
    expect(screen.getByText(/sold since 2019-03-01/)).toBeTruthy()
  })

  it('goes back to the default settings on request', async () => {
    const seen = vi.fn()
    setup({ seen })
    await screen.findByRole('table')
    await userEvent.click(screen.getByText(/Within 10 mi/))
    expect(screen.queryByRole('button', { name: 'Back to defaults' })).toBeNull()
    await userEvent.selectOptions(screen.getByLabelText('Distance'), '5')
    await userEvent.click(screen.getByRole('button', { name: 'Find comps' }))
    expect(seen).toHaveBeenLastCalledWith(
      expect.objectContaining({ weights: expect.objectContaining({ distance: 5 }) }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Back to defaults' }))
    expect(seen).toHaveBeenLastCalledWith(null)
  })

  it('works by keyboard: the settings open, a comp is pinned and sorted with keys alone', async () => {
    setup()
    await screen.findByRole('table')
    const summary = screen.getByText(/Within 10 mi/)
    summary.focus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByLabelText('Radius (mi)')).toBeTruthy()
    const pin = screen
      .getAllByRole('button', { name: /^Pin comp/ })
      .find((b) => b.closest('tr')?.dataset.compId === 'd')!
    pin.focus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByTestId('comps-n').textContent).toBe('4')
    expect(pin.getAttribute('aria-pressed')).toBe('true')
    screen.getByRole('button', { name: 'Price' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('ascending')
  })

  it('shows the first 50 comps of a long list and the rest on request', async () => {
    const many = Array.from({ length: 80 }, (_, i) =>
      soldRecord(`m${String(i).padStart(3, '0')}`, 1 + i / 100, 800_000, '2024-01-01'),
    )
    setup({}, [record, ...many])
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(51)
    await userEvent.click(screen.getByRole('button', { name: 'Show all 80 comps (30 more)' }))
    expect(within(table).getAllByRole('row')).toHaveLength(81)
  })

  it('describes a site subject by its facts', async () => {
    const site = siteSubject({
      kind: 'site',
      areaId: 'a1',
      label: 'Rectangle 1',
      point: [-93.5, 42],
      acres: 80,
      landUse: null,
      crop: null,
      csr2: null,
      geometry: null,
    })
    const { props } = setup({ subject: site })
    await screen.findByRole('table')
    expect(screen.getByText('Rectangle 1 · 80.00 ac · land use unknown: any use')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
    expect(props.onDownload).toHaveBeenCalledWith(expect.anything(), 'comps-Rectangle-1-2024-01-01.csv')
  })
})
