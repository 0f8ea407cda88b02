import { describe, expect, it } from 'vitest'
import { toDate, toNumber, toText } from './coerce'

describe('toNumber', () => {
  it.each([
    ['$1,234', 1234],
    ['  $1,234,567.50 ', 1234567.5],
    ['(1,200)', -1200],
    ['   00042', 42],
    ['-3.5', -3.5],
    ['12%', 12],
    ['USD 900', 900],
    ['1e3', 1000],
    [17, 17],
  ])('reads %j as %d', (text, n) => expect(toNumber(text)).toEqual({ value: n }))

  it.each(['', '   ', 'N/A', 'null', '-', undefined, null])('reads %j as empty (null, not a failure)', (v) =>
    expect(toNumber(v)).toEqual({ value: null }))

  it.each(['see file', '1,23', '12 acres', '1.2.3', Number.NaN, { a: 1 }])('refuses %j (null, counted)', (v) => {
    const c = toNumber(v)
    expect(c.value).toBeNull()
    expect(c.failed).toBeDefined()
  })
})

describe('toDate', () => {
  it.each([
    ['20000622', '2000-06-22'],
    [20000622, '2000-06-22'],
    ['6/22/2000', '2000-06-22'],
    ['06-22-2000', '2000-06-22'],
    ['6/22/00', '2000-06-22'],
    ['6/22/85', '1985-06-22'],
    ['2000-06-22', '2000-06-22'],
    ['2000-06-22T00:00:00Z', '2000-06-22'],
    ['2000/6/22', '2000-06-22'],
    ['22-Jun-2000', '2000-06-22'],
    ['Jun 22, 2000', '2000-06-22'],
    ['June 22 2000', '2000-06-22'],
    ['6/22/2000 12:00:00 AM', '2000-06-22'],
    [new Date(2000, 5, 22), '2000-06-22'],
  ])('reads %j as %s', (v, iso) => expect(toDate(v)).toEqual({ value: iso }))

  it.each(['2/30/2000', '13/1/2000', '20001340', 'soon', '0'])('refuses %j', (v) => {
    expect(toDate(v).value).toBeNull()
    expect(toDate(v).failed).toBeDefined()
  })

  it('reads an empty or invalid DBF date as null', () => {
    expect(toDate('  ')).toEqual({ value: null })
    expect(toDate(new Date(Number.NaN))).toEqual({ value: null })
  })
})

describe('toText', () => {
  it('trims, collapses spaces, turns numbers into text and empty into null', () => {
    expect(toText('  SMITH   JOHN ')).toEqual({ value: 'SMITH JOHN' })
    expect(toText(1234)).toEqual({ value: '1234' })
    expect(toText('   ')).toEqual({ value: null })
    expect(toText(null)).toEqual({ value: null })
  })
})
