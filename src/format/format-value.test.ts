import { describe, expect, it } from 'vitest'
import {
  EMPTY,
  formatAcres,
  formatInteger,
  formatMeters,
  formatText,
  formatUsd,
  formatValue,
  toNumber,
} from './format-value'

const formatPercent = (v: unknown) => formatValue(v, 'percent')
const formatDate = (v: unknown) => formatValue(v, 'date')

describe('toNumber', () => {
  it('accepts numbers and numeric strings', () => {
    expect(toNumber(12)).toBe(12)
    expect(toNumber('1,234.5')).toBe(1234.5)
    expect(toNumber(' $99 ')).toBe(99)
    expect(toNumber('-0.5')).toBe(-0.5)
  })
  it('rejects everything else', () => {
    expect(toNumber('12abc')).toBeNull()
    expect(toNumber('')).toBeNull()
    expect(toNumber(Number.NaN)).toBeNull()
    expect(toNumber(Number.POSITIVE_INFINITY)).toBeNull()
    expect(toNumber(null)).toBeNull()
    expect(toNumber(true)).toBeNull()
  })
})

describe('formatters', () => {
  it('USD has no cents and groups thousands', () => {
    expect(formatUsd(1234567.6)).toBe('$1,234,568')
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(-50)).toBe('-$50')
  })
  it('acres always have two decimals', () => {
    expect(formatAcres(40)).toBe('40.00')
    expect(formatAcres(1234.567)).toBe('1,234.57')
    expect(formatAcres('12.5')).toBe('12.50')
    // The size of a drawn area: a precision that suits it, with the unit.
    expect(formatAcres(1234.4, 'size')).toBe('1,234 ac')
    expect(formatAcres(12.34, 'size')).toBe('12.3 ac')
    expect(formatAcres(0.123, 'size')).toBe('0.12 ac')
  })
  it('integers group thousands', () => {
    expect(formatInteger(43560)).toBe('43,560')
    expect(formatInteger(1.6)).toBe('2')
  })
  it('percent takes 0-100 values', () => {
    expect(formatPercent(87.25)).toBe('87.3%')
    expect(formatPercent(100)).toBe('100%')
  })
  it('meters', () => {
    expect(formatMeters(301.44)).toBe('301.4 m')
  })
  it('empty values show a dash, non-numbers show as text', () => {
    for (const f of [formatUsd, formatAcres, formatInteger, formatPercent, formatMeters, formatDate, formatText]) {
      expect(f(null)).toBe(EMPTY)
      expect(f(undefined)).toBe(EMPTY)
      expect(f('  ')).toBe(EMPTY)
    }
    expect(formatUsd('n/a')).toBe('n/a')
  })
  it('dates: ISO in UTC, anything else verbatim', () => {
    expect(formatDate('2021-03-05')).toBe('Mar 5, 2021')
    expect(formatDate('2021-03-05T23:30:00-08:00')).toBe('Mar 5, 2021')
    expect(formatDate('2021-02-31')).toBe('2021-02-31')
    expect(formatDate('03/04/21')).toBe('03/04/21')
  })
  it('text: booleans, objects, hostile strings untouched (React escapes them)', () => {
    expect(formatText(true)).toBe('Yes')
    expect(formatText({ a: 1 })).toBe('{"a":1}')
    expect(formatText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>')
  })
  it('formatValue dispatches on FieldDef.format', () => {
    expect(formatValue(1000, 'usd')).toBe('$1,000')
    expect(formatValue(2, 'acres')).toBe('2.00')
    expect(formatValue(5, undefined)).toBe('5')
    expect(formatValue('abc', 'uuid')).toBe('abc')
  })
})
