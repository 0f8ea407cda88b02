import { expect, it } from 'vitest'
import { changeRows, eventHeadline, eventPlace } from './event-text'
import { anEvent } from './watches.test-support'

it('says each kind of change in words', () => {
  expect(eventHeadline(anEvent(1))).toBe('Owner changed: SMITH JOHN → DOE FARMS LLC')
  expect(
    eventHeadline(
      anEvent(1, {
        kind: 'sold',
        before: { sale_date: '2019-05-01', sale_price: 500000 },
        after: { sale_date: '2026-03-02', sale_price: 1234000 },
      }),
    ),
  ).toBe('Sold for $1,234,000 on 2026-03-02')
  expect(
    eventHeadline(
      anEvent(1, { kind: 'value_changed', before: { parcel_value: 200000 }, after: { parcel_value: 250000 } }),
    ),
  ).toBe('Value changed: $200,000 → $250,000 (+25%)')
  expect(eventHeadline(anEvent(1, { kind: 'acreage_changed', before: { acres: 40 }, after: { acres: 35 } }))).toBe(
    'Acreage changed: 40.00 → 35.00 acres (−12.5%)',
  )
  expect(
    eventHeadline(
      anEvent(1, {
        kind: 'split_merged',
        before: { change: 'split', svc_uuids: ['a'] },
        after: { change: 'split', svc_uuids: ['b', 'c'] },
      }),
    ),
  ).toBe('Split into 2 parcels')
  expect(
    eventHeadline(
      anEvent(1, {
        kind: 'land_use_changed',
        before: { land_use_class: 'agriculture' },
        after: { land_use_class: 'residential' },
      }),
    ),
  ).toMatch(/^Land use changed: .+ → .+$/)
  expect(eventHeadline(anEvent(1, { kind: 'entered_area', before: null, after: { owner: 'DOE' } }))).toBe(
    'Entered the watched area (owner DOE)',
  )
  expect(eventHeadline(anEvent(1, { kind: 'removed', after: null }))).toBe('Parcel removed from the county’s data')
})

it('names the parcel by address, else APN, else id', () => {
  expect(eventPlace(anEvent(1))).toBe('12 MAIN ST')
  expect(eventPlace(anEvent(1, { situs: null }))).toBe('APN 08-123')
  expect(eventPlace(anEvent(1, { situs: null, parcel_id: null, svc_uuid: 'abcdef123456' }))).toBe('parcel abcdef12')
})

it('the before/after table has a row per field either side names, formatted', () => {
  const sold = anEvent(1, {
    kind: 'sold',
    before: { sale_date: '2019-05-01', sale_price: 500000 },
    after: { sale_date: '2026-03-02', sale_price: 1234000 },
  })
  expect(changeRows(sold).map((r) => [r.before, r.after])).toEqual([
    ['2019-05-01', '2026-03-02'],
    ['$500,000', '$1,234,000'],
  ])
  expect(changeRows(anEvent(1, { kind: 'removed', before: { owner: 'X' }, after: null }))).toEqual([
    { field: 'owner', label: expect.any(String), before: 'X', after: '–' },
  ])
})
