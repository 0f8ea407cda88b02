/**
 * "Sales in these results" (issue 20): one line under the search summary — how many open-market
 * sales the loaded results hold and their median $/acre — that opens to the median by sale year
 * and land use, each cell with its n. And the way into comparable sales for a drawn area.
 */
import { useDeferredValue, useId, useMemo, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { formatInteger, formatUsd } from '../../format/format-value'
import { type SalesCell, type SalesTable, salesByYear } from './sales-by-year'
import './sales-summary.css'

/** Land-use columns shown (most sales first); the rest count in "All uses". */
const USE_COLUMNS = 4
/** Years shown before "All years". */
const FIRST_YEARS = 6
/** Fewer sales than this make a median a person should not lean on. */
const FEW = 3

export interface SalesSummaryProps {
  rows: readonly (ParcelRecord | undefined)[]
  /** Loaded rows are fewer than the matches: the figures say so. */
  partial: boolean
  /** Drawn areas that comps can be found for (searched by area), and how to open them. */
  areas?: readonly { id: string; name: string }[]
  onCompsForArea?(id: string): void
}

const shortUse = (u: string) => u.replace(/^[A-Z ]+ - /, '').toLowerCase()

export function SalesSummary({ rows: liveRows, partial, areas = [], onCompsForArea }: SalesSummaryProps) {
  const rows = useDeferredValue(liveRows)
  const t = useMemo(() => salesByYear(rows), [rows])
  const [allYears, setAllYears] = useState(false)
  const [area, setArea] = useState<string>('')
  const captionId = useId()
  const chosen = areas.find((a) => a.id === area) ?? areas[0]
  const loaded = partial ? ` in the ${formatInteger(t.parcels)} loaded` : ''
  return (
    <section className="sales-summary" aria-label="Sales in these results">
      <details>
        <summary>
          <span className="sales-title">Sales in these results</span>{' '}
          {t.overall ? (
            <span data-testid="sales-overall">
              {formatInteger(t.overall.n)} sale{t.overall.n === 1 ? '' : 's'}
              {loaded}, median {formatUsd(t.overall.median)}/ac
              {t.years.length > 0 && ` (${t.years.at(-1)}–${t.years[0]})`}
            </span>
          ) : (
            <span>no open-market sales{loaded}</span>
          )}
        </summary>
        {t.overall && <SalesGrid t={t} allYears={allYears} captionId={captionId} />}
        {t.years.length > FIRST_YEARS && (
          <button type="button" className="link-button" onClick={() => setAllYears((a) => !a)}>
            {allYears ? `Latest ${FIRST_YEARS} years only` : `All ${t.years.length} years`}
          </button>
        )}
        <p className="sales-note" id={captionId}>
          Median $/acre of each parcel’s most recent sale (price ÷ acres) by the year it sold; n = sales in the cell
          (fewer than {FEW}: shown faint, too few to lean on).
          {t.excluded > 0 &&
            ` ${formatInteger(t.excluded)} non-arm’s-length or nominal transfer${t.excluded === 1 ? '' : 's'} (under $1,000, quit-claim, family, gift…) left out, as in comps.`}
          {t.landUses.length > USE_COLUMNS &&
            ` ${t.landUses.length - USE_COLUMNS} more land use${t.landUses.length - USE_COLUMNS === 1 ? '' : 's'} count in “All uses”.`}
        </p>
      </details>
      {onCompsForArea && chosen && (
        <div className="sales-comps">
          {areas.length > 1 && (
            <label>
              <span className="visually-hidden">Area to value</span>
              <select value={chosen.id} onChange={(e) => setArea(e.target.value)}>
                {areas.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="button" onClick={() => onCompsForArea(chosen.id)}>
            Comparable sales for {areas.length > 1 ? 'this area' : chosen.name}
          </button>
        </div>
      )}
    </section>
  )
}

function SalesGrid({ t, allYears, captionId }: { t: SalesTable; allYears: boolean; captionId: string }) {
  const uses = t.landUses.slice(0, USE_COLUMNS)
  const years = allYears ? t.years : t.years.slice(0, FIRST_YEARS)
  return (
    <div className="sales-grid-wrap">
      <table className="sales-grid" aria-describedby={captionId}>
        <caption className="visually-hidden">Median $/acre by sale year and land use, with the number of sales</caption>
        <thead>
          <tr>
            <th scope="col">Sold</th>
            {uses.map((u) => (
              <th key={u} scope="col" title={u}>
                {shortUse(u)}
              </th>
            ))}
            <th scope="col">All uses</th>
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y}>
              <th scope="row">{y}</th>
              {uses.map((u) => (
                <Cell key={u} cell={t.cell(y, u)} />
              ))}
              <Cell cell={t.cell(y, null)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Cell({ cell }: { cell: SalesCell | undefined }) {
  if (!cell) return <td className="sales-cell sales-none">–</td>
  return (
    <td className={cell.n < FEW ? 'sales-cell sales-few' : 'sales-cell'}>
      {formatUsd(cell.median)}
      <span className="sales-n">n {formatInteger(cell.n)}</span>
    </td>
  )
}
