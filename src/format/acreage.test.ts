/** The one acreage vocabulary: hand-computed totals of measured and recorded acres. */
import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../contract/schemas'
import { acreGap, acreTotals, acreTotalText, addAcreTotals, footprintKey, formatAcreTotal } from './acreage'

const rec = (id: string, extra: Record<string, unknown>): ParcelRecord => ({ svc_uuid: id, ...extra })
const square = {
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

describe('acreTotals', () => {
  it('adds measured and recorded apart: neither stands in for the other', () => {
    const t = acreTotals([
      rec('a', { acres_calc: 10.25, acres: 10 }),
      rec('b', { acres_calc: 5.5, acres: null }),
      rec('c', { acres_calc: null, acres: '2.5' }),
      rec('d', {}),
    ])
    // measured: 10.25 + 5.5; c and d have none. recorded: 10 + 2.5; b and d have none.
    expect(t.measured).toEqual({ acres: 15.75, counted: 2, missing: 2 })
    expect(t.recorded).toEqual({ acres: 12.5, counted: 2, missing: 2 })
  })

  it('counts a footprint once: stacked units by stack id, repeated records by their outline', () => {
    const t = acreTotals([
      rec('a', { svc_stack_uuid: 's1', acres_calc: 40, acres: 39 }),
      rec('b', { svc_stack_uuid: 's1', acres_calc: 40, acres: 39 }),
      rec('c', { geom: square, acres_calc: 7, acres: 8 }),
      rec('d', { geom: square, acres_calc: 7, acres: 8 }),
      undefined,
    ])
    expect(t.measured).toEqual({ acres: 47, counted: 2, missing: 0 })
    expect(t.recorded).toEqual({ acres: 47, counted: 2, missing: 0 })
  })

  it('a footprint takes the first value one of its records has (a unit without one does not empty it)', () => {
    const t = acreTotals([
      rec('a', { svc_stack_uuid: 's1', acres_calc: null, acres: 3 }),
      rec('b', { svc_stack_uuid: 's1', acres_calc: 4, acres: 99 }),
    ])
    expect(t.measured).toEqual({ acres: 4, counted: 1, missing: 0 })
    expect(t.recorded).toEqual({ acres: 3, counted: 1, missing: 0 })
  })

  it('adds disjoint sets to what one pass over their union gives (holdings panel = results summary)', () => {
    const h1 = [rec('a', { svc_stack_uuid: 's1', acres_calc: 1.11, acres: 1 }), rec('b', { acres_calc: 2.22 })]
    const h2 = [rec('c', { acres_calc: 3.33, acres: 3 }), rec('d', { acres: 4 })]
    const whole = acreTotals([...h1, ...h2])
    const added = addAcreTotals([acreTotals(h1), acreTotals(h2)])
    expect(added.measured.acres).toBeCloseTo(6.66, 10)
    expect({ ...added.measured, acres: 0 }).toEqual({ ...whole.measured, acres: 0 })
    expect(formatAcreTotal(added.measured)).toBe(formatAcreTotal(whole.measured))
    expect(added.recorded).toEqual({ acres: 8, counted: 3, missing: 1 })
  })
})

describe('showing a total', () => {
  it('two decimals under 100 ac, one above, a dash when nothing was counted', () => {
    expect(formatAcreTotal({ acres: 12.345, counted: 1, missing: 0 })).toBe('12.35')
    expect(formatAcreTotal({ acres: 7862.63, counted: 254, missing: 0 })).toBe('7,862.6')
    expect(formatAcreTotal({ acres: 0, counted: 0, missing: 3 })).toBe('–')
  })

  it('says what it leaves out', () => {
    expect(acreTotalText({ acres: 7769.12, counted: 250, missing: 4 })).toBe('7,769.1 ac (4 parcels without)')
    expect(acreTotalText({ acres: 5, counted: 1, missing: 1 }, (n) => n.toFixed(2))).toBe('5.00 (1 parcel without)')
    expect(acreTotalText({ acres: 0, counted: 0, missing: 2 })).toBe('–')
    expect(acreGap({ acres: 5, counted: 1, missing: 0 })).toBe('')
  })

  it('keys a footprint by stack, else outline, else parcel', () => {
    expect(footprintKey(rec('a', { svc_stack_uuid: 's', geom: square }))).toBe('s:s')
    expect(footprintKey(rec('a', { geom: square }))).toMatch(/^g:/)
    expect(footprintKey(rec('a', {}))).toBe('u:a')
  })
})
