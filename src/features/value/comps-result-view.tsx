/**
 * The comps found, shown: the indicated value from the closest comps (with its range, n, years and
 * the words that it is not an appraisal) and the market median beside it, how far the method lands
 * from real sales here (the back-test, comps-backtest.ts), what the time and soil
 * adjustments rest on, the chart, the CSV and the ranked table.
 */

import type { ReactNode } from 'react'
import type { Comp, CompsResult } from '../../../contract/comps/comps-analysis'
import type { CompsValue } from '../../../contract/comps/comps-value'
import { formatAcres, formatUsd as usd } from '../../format/format-value'
import type { CompsOverride } from '../../state/comps-slice'
import type { Backtest } from './comps-backtest'
import { CompsChart } from './comps-chart'
import type { FoundSales } from './comps-search'
import { CompsTable } from './comps-table'

const years = (v: CompsValue) => (v.firstYear === v.lastYear ? `in ${v.firstYear}` : `${v.firstYear}–${v.lastYear}`)

export function CompsResultView(p: {
  result: CompsResult
  /** The back-test, once computed (null while it runs, after the list is shown). */
  backtest: Backtest | null
  found: FoundSales
  acres: number
  onOpen(c: Comp): void
  onOverride(id: string, o: CompsOverride | null): void
  onDownload(): void
  actions?: ReactNode
}) {
  const { result, found } = p
  const v = result.indicated
  const calls = found.progress
  return (
    <>
      <section className="comps-value" aria-label="Indicated value">
        {v ? (
          <>
            <p className="comps-value-main">
              <strong data-testid="comps-indicated">{usd(v.value)}</strong>
              <span>
                {' '}
                = <span data-testid="comps-median">{usd(v.perAcre)}</span>/ac × {formatAcres(p.acres)} ac: the weighted
                median of the <span data-testid="comps-n">{v.n}</span> closest comp{v.n === 1 ? '' : 's'}
                {v.n < v.k ? ` (of ${v.k} asked)` : ''}, weighted by similarity, sold {years(v)}
              </span>
            </p>
            <p>
              Range {usd(v.low)}–{usd(v.high)} (their lowest to highest, {usd(v.perAcreLow)}–{usd(v.perAcreHigh)}
              /ac){v.n < 3 && ' — too few to lean on'}
            </p>
            <p className="comps-market" data-testid="comps-market">
              Market beside it: median <span data-testid="comps-market-median">{usd(v.market.perAcre)}</span>/ac ={' '}
              {usd(v.market.value)} from all <span data-testid="comps-market-n">{v.market.n}</span> included sale
              {v.market.n === 1 ? '' : 's'}, {years(v.market)} (interquartile {usd(v.market.perAcreLow)}–
              {usd(v.market.perAcreHigh)}/ac)
            </p>
          </>
        ) : (
          <p>No comps are included, so there is no indicated value. Widen the radius, years or acres band.</p>
        )}
        <p className="comps-disclaimer">An estimate from public sales, not an appraisal.</p>
      </section>
      <section className="comps-backtest" aria-label="How good is this here?">
        <h3>How good is this here?</h3>
        <p data-testid="comps-backtest" aria-live="polite">
          {p.backtest ? (
            p.backtest.note
          ) : (
            <span className="muted">Testing the method on this area’s recent sales…</span>
          )}
        </p>
      </section>
      <ul className="comps-notes">
        <li>Time: {result.trend.note}</li>
        <li>Soil: {result.soil.note}</li>
        <li>
          {result.comps.length} sale{result.comps.length === 1 ? '' : 's'} from {result.windowStart} to{' '}
          {result.windowEnd} within the radius; {result.outsideWindow} older and {result.outsideRadius} beyond the
          radius left aside. {calls.calls} call{calls.calls === 1 ? '' : 's'} made, {calls.cached} from the cache.
        </li>
        {found.loosened && (
          <li>
            The sale-date window found nothing in ISO dates (the subject shows no date of its own to tell this county's
            style), so every sale was read and the window checked here.
          </li>
        )}
      </ul>
      {result.comps.length > 0 && <CompsChart result={result} />}
      <div className="comps-actions">
        <button type="button" onClick={p.onDownload} disabled={result.comps.length === 0}>
          Download CSV
        </button>
        {p.actions}
      </div>
      {result.comps.length > 0 ? (
        <CompsTable comps={result.comps} onOpen={p.onOpen} onOverride={p.onOverride} />
      ) : (
        <p>No sales match. Widen the radius, the years or the acres band.</p>
      )}
    </>
  )
}
