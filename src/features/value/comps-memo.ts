/**
 * The ranking, memoised: the same found sales (the same records array: comps-search.ts keeps one per
 * set of cached pages) with the same subject, settings, date and pins/drops give the same result
 * object, computed once. Reopening comps, going back from a comp's card, or a pin undone costs a
 * lookup instead of a new trend, IQR, soil estimate and score for every sale.
 */

import { analyzeComps, type CompsResult } from '../../../contract/comps/comps-analysis'
import type { CompsSettings } from '../../../contract/comps/comps-settings'
import type { CompsSubject } from '../../../contract/comps/comps-subject'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CompsOverride } from '../../state/comps-slice'

const PER_RECORDS = 16
const memo = new WeakMap<readonly ParcelRecord[], Map<string, CompsResult>>()

export function analyzeCompsMemo(
  subject: CompsSubject,
  records: readonly ParcelRecord[],
  settings: CompsSettings,
  windowEnd: string,
  overrides: Readonly<Record<string, CompsOverride>>,
  asOf: string | null = windowEnd,
): CompsResult {
  const { kind, id, point, acres, landUse, crop, csr2, assessedValue } = subject
  const key = JSON.stringify([
    [kind, id, point, acres, landUse, crop, csr2, assessedValue],
    settings,
    windowEnd,
    asOf,
    Object.entries(overrides).sort(([a], [b]) => (a < b ? -1 : 1)),
  ])
  let results = memo.get(records)
  if (!results) {
    results = new Map()
    memo.set(records, results)
  }
  const hit = results.get(key)
  if (hit) return hit
  const result = analyzeComps(subject, records, settings, windowEnd, overrides, asOf)
  if (results.size >= PER_RECORDS) results.delete(results.keys().next().value as string)
  results.set(key, result)
  return result
}
