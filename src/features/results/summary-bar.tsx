/**
 * The totals over the results (parcels, acres, value): computed from the loaded rows and labelled as
 * partial or as the previous search when they are, so a number on screen never claims more than it rests on.
 */
import { useDeferredValue, useMemo } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { ACRE_WORDS, type AcreKind, acreGap, formatAcreTotal } from '../../format/acreage'
import { isBusy, type SearchStatus } from '../../state/search-status'
import { CropHistoryChart } from './crop-history-chart'
import { summarize } from './summarize'
import { loadedCount, useSummaryRows } from './summary-rows'
import './results.css'

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
})
const pct = (share: number) => `${Math.round(share * 100)}%`

export interface SummaryBarProps {
  status: SearchStatus
  rows: readonly (ParcelRecord | undefined)[]
  rowCount: number
  /** Total matches when known (else the planner's estimate). */
  recordsExpected?: number
  /** The rows answer the search before the latest edits (issue 18): the totals say whose they are. */
  previous?: boolean
}

export function SummaryBar({ status, rows: liveRows, rowCount, recordsExpected, previous }: SummaryBarProps) {
  // Totals over the loaded rows: while a search loads, refreshed now and then, not per page (summary-rows.ts).
  const rows = useDeferredValue(useSummaryRows(liveRows, isBusy(status)))
  const s = useMemo(() => summarize(rows, { rowCount, recordsExpected }), [rows, rowCount, recordsExpected])
  // The count is the live one (counting is cheap): it moves with every page, as the table does.
  const loadedNow = useMemo(() => loadedCount(liveRows), [liveRows])
  if (status === 'idle') return null
  const expected = Math.max(s.expected, loadedNow)
  const partial = s.loaded < expected
  // Totals add up loaded rows only: on a partial load say so, so no one reads them as the whole match.
  const scope = partial ? ` (of ${count.format(s.loaded)} loaded)` : ''

  return (
    <section className="res-summary" aria-label={previous ? 'Results summary (previous search)' : 'Results summary'}>
      <div className="res-stat">
        <span className="res-stat-label">{previous ? 'Parcels (previous search)' : 'Parcels'}</span>
        <span className="res-stat-value">
          {count.format(loadedNow)}
          {loadedNow < expected && <span className="res-muted"> of {count.format(expected)}</span>}
        </span>
      </div>
      {/* The two acreages share one column: side by side they pushed the table off a 1024×768 screen. */}
      <div className="res-stat-stack">
        {(['measured', 'recorded'] as const satisfies readonly AcreKind[]).map((kind) => {
          const gap = acreGap(s.acres[kind])
          return (
            <div key={kind} className="res-stat" title={ACRE_WORDS[kind].source}>
              <span className="res-stat-label">
                {ACRE_WORDS[kind].label}
                {scope}
              </span>
              <span className="res-stat-value" data-testid={`summary-${kind}-acres`}>
                {formatAcreTotal(s.acres[kind])}
                {gap && <span className="res-muted"> ({gap})</span>}
              </span>
            </div>
          )
        })}
      </div>
      <div className="res-stat">
        <span className="res-stat-label">Assessed value{scope}</span>
        <span
          className="res-stat-value"
          title={s.valueCount ? `${count.format(s.valueCount)} parcels with a value` : ''}
        >
          {s.valueCount ? usdCompact.format(s.totalValue) : '–'}
        </span>
      </div>
      {s.crops.length > 0 && (
        <div className="res-stat res-crops">
          <span className="res-stat-label">Crop mix{scope}</span>
          <div className="res-cropbar" role="img" aria-label={cropLabel(s.crops, s.otherShare)}>
            {s.crops.map((c, i) => (
              <span
                key={c.category}
                className={`res-crop-seg res-crop-${i}`}
                style={{ width: `${c.share * 100}%` }}
                title={`${c.category}: ${pct(c.share)}`}
              />
            ))}
            {s.otherShare > 0 && (
              <span
                className="res-crop-seg res-crop-other"
                style={{ width: `${s.otherShare * 100}%` }}
                title={`Other: ${pct(s.otherShare)}`}
              />
            )}
          </div>
          <ul className="res-crop-legend" aria-hidden="true">
            {s.crops.map((c, i) => (
              <li key={c.category}>
                <span className={`res-swatch res-crop-${i}`} />
                {c.category} {pct(c.share)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <CropHistoryChart rows={rows} partial={partial} />
    </section>
  )
}

function cropLabel(crops: { category: string; share: number }[], other: number): string {
  const parts = crops.map((c) => `${c.category} ${pct(c.share)}`)
  if (other > 0) parts.push(`other ${pct(other)}`)
  return `Crop mix: ${parts.join(', ')}`
}
