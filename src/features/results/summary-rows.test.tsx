/** While a search loads, the totals are recomputed now and then, not per page; once it is done, from every row. */
import { renderHook } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { HOLD_MS, loadedCount, useSummaryRows } from './summary-rows'

type Rows = readonly (ParcelRecord | undefined)[]
const rows = (n: number): Rows => Array.from({ length: n }, (_, i) => ({ svc_uuid: `p${i}` }) as ParcelRecord)

it('takes the first rows at once, holds them while pages stream in, and takes every row when loading ends', () => {
  let t = 0
  const { result, rerender } = renderHook(
    ({ r, loading }: { r: Rows; loading: boolean }) => useSummaryRows(r, loading, () => t),
    { initialProps: { r: rows(0), loading: true } },
  )
  const first = rows(100)
  rerender({ r: first, loading: true })
  expect(result.current).toBe(first)
  t = HOLD_MS - 1
  rerender({ r: rows(200), loading: true })
  expect(result.current).toBe(first)
  t = HOLD_MS
  const later = rows(300)
  rerender({ r: later, loading: true })
  expect(result.current).toBe(later)
  t += 10
  const all = rows(400)
  rerender({ r: all, loading: false })
  expect(result.current).toBe(all)
})

it('counts the defined rows of a page-as-you-scroll search', () => {
  expect(loadedCount([undefined, ...rows(2), undefined])).toBe(2)
})
