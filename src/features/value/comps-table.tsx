/**
 * The ranked comps, sortable by any column; a row's parcel number opens that comp's card; Pin keeps a
 * comp in (an outlier put back), Drop leaves it out, a second press returns it to the rule. A sale left
 * out shows no grade and no adjusted $/acre (it does not count, so neither number means anything);
 * a non-market one can not be pinned. A long
 * list shows its first 50 rows and the rest on request: opening comps waits for the layout of what a
 * person reads first, not of hundreds of rows of buttons (a table lays out every cell to size columns).
 */
import { useMemo, useState } from 'react'
import type { Comp } from '../../../contract/comps/comps-analysis'
import { fmtAcres } from '../../../contract/comps/comps-score'
import { formatInteger, formatUsd as usd } from '../../format/format-value'
import type { CompsOverride } from '../../state/comps-slice'

/** Rows shown before "Show all": the best-ranked (or first by the sort), laid out in a frame. */
const FIRST_ROWS = 50

type Key = 'rank' | 'saleDate' | 'salePrice' | 'acres' | 'miles' | 'perAcre' | 'adjusted' | 'score'
const COLUMNS: readonly [Key, string][] = [
  ['rank', '#'],
  ['score', 'Grade'],
  ['saleDate', 'Sold'],
  ['salePrice', 'Price'],
  ['acres', 'Acres'],
  ['miles', 'Mi'],
  ['perAcre', '$/ac'],
  ['adjusted', 'Adj. $/ac'],
]

export interface CompsTableProps {
  comps: readonly Comp[]
  onOpen(comp: Comp): void
  onOverride(id: string, override: CompsOverride | null): void
}

export function CompsTable({ comps, onOpen, onOverride }: CompsTableProps) {
  const [sort, setSort] = useState<{ key: Key; desc: boolean }>({ key: 'rank', desc: false })
  const [all, setAll] = useState(false)
  const rows = useMemo(() => {
    const dir = sort.desc ? -1 : 1
    // What the column shows: a left-out sale has no adjusted $/acre and sorts last either way.
    const key = (c: Comp) => (sort.key === 'adjusted' ? (c.included ? c.adjusted : null) : c[sort.key])
    return [...comps].sort((a, b) => {
      const [x, y] = [key(a), key(b)]
      if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1
      return x < y ? -dir : x > y ? dir : a.rank - b.rank
    })
  }, [comps, sort])
  // Left-out sales follow the included ones (issue 38), so a comp the person dropped or pinned can
  // rank past the first rows: their own decisions stay in view, where they can be undone.
  const shown = all ? rows : rows.filter((c, i) => i < FIRST_ROWS || c.override !== null)
  const toggle = (key: Key) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key === 'score' }))
  return (
    <div className="comps-table-wrap">
      <table className="comps-table">
        <caption className="visually-hidden">Comparable sales, ranked</caption>
        <thead>
          <tr>
            {COLUMNS.map(([key, label]) => (
              <th
                key={key}
                scope="col"
                aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : undefined}
              >
                <button type="button" onClick={() => toggle(key)}>
                  {label}
                  {sort.key === key ? (sort.desc ? ' ▾' : ' ▴') : ''}
                </button>
              </th>
            ))}
            <th scope="col">Use</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((c) => (
            <tr key={c.id} className={c.included ? 'comps-in' : 'comps-out'} data-comp-id={c.id}>
              <td>{c.rank}</td>
              <td>
                {c.included && c.grade ? (
                  <span className={`comps-grade comps-grade--${c.grade}`} title={`Score ${c.score}`}>
                    {c.grade}
                  </span>
                ) : (
                  <span className="muted" title="Left out: not graded">
                    –
                  </span>
                )}
              </td>
              <td>
                <button type="button" className="link-button" onClick={() => onOpen(c)} title="Open this parcel’s card">
                  {c.saleDate}
                </button>
                <div className="comps-why">
                  {c.parcelId ?? c.id.slice(0, 8)} · {c.reasons.slice(0, 2).join(' · ')}
                  {c.excludedBecause && <div className="comps-excluded">Left out: {c.excludedBecause}</div>}
                  {!c.excludedBecause && c.flags.length > 0 && <div className="comps-excluded">Kept: {c.flags[0]}</div>}
                </div>
              </td>
              <td className="comps-num">{usd(c.salePrice)}</td>
              <td className="comps-num">{fmtAcres(c.acres)}</td>
              <td className="comps-num">{c.miles.toFixed(1)}</td>
              <td className="comps-num">{usd(c.perAcre)}</td>
              <td className="comps-num">{c.included && c.adjusted !== null ? usd(c.adjusted) : '–'}</td>
              <td>
                <button
                  type="button"
                  className="comps-toggle"
                  aria-pressed={c.override === 'pin'}
                  aria-label={`Pin comp ${c.rank}`}
                  disabled={c.adjusted === null}
                  title={c.adjusted === null ? 'Not an open-market sale: it can not be put back' : undefined}
                  onClick={() => onOverride(c.id, c.override === 'pin' ? null : 'pin')}
                >
                  Pin
                </button>
                <button
                  type="button"
                  className="comps-toggle"
                  aria-pressed={c.override === 'drop'}
                  aria-label={`Drop comp ${c.rank}`}
                  onClick={() => onOverride(c.id, c.override === 'drop' ? null : 'drop')}
                >
                  Drop
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length < rows.length && (
        <button type="button" className="link-button comps-more" onClick={() => setAll(true)}>
          Show all {formatInteger(rows.length)} comps ({formatInteger(rows.length - shown.length)} more)
        </button>
      )}
    </div>
  )
}
