/**
 * A search's crop history: acres by crop and year as a stacked bar chart (plain SVG: one small
 * chart did not justify a charting library, docs/decisions.md), the same numbers as a table, and
 * the acres-weighted CSR2 of the loaded parcels with how many acres carry a rating.
 */
import { useDeferredValue, useId, useMemo } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { cdlColor, OTHER_COLOR } from '../../format/themes'
import { cropAcresByYear, weightedCsr2 } from './crop-acres'

const acresFmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const W = 320
const H = 150
const PAD_LEFT = 44
const PAD_BOTTOM = 18

const colorOf = (code: number | null) => (code === null ? OTHER_COLOR : cdlColor(code))

export function CropHistoryChart({
  rows: liveRows,
  partial,
}: {
  rows: readonly (ParcelRecord | undefined)[]
  partial: boolean
}) {
  const rows = useDeferredValue(liveRows)
  const data = useMemo(() => cropAcresByYear(rows), [rows])
  const csr2 = useMemo(() => weightedCsr2(rows), [rows])
  const titleId = useId()
  if (data.withHistory === 0 && csr2.ratedParcels === 0) return null
  const max = Math.max(1, ...data.years.map((y) => y.acres))
  const barW = data.years.length ? (W - PAD_LEFT) / data.years.length : 0
  const scope = partial ? ' of the loaded parcels' : ''
  return (
    <details className="res-history">
      <summary>
        Crops by year
        {csr2.mean !== null && ` · CSR2 ${csr2.mean.toFixed(1)}`}
      </summary>
      {csr2.mean !== null ? (
        <p className="res-csr2" data-testid="csr2">
          Acres-weighted CSR2{scope}: <strong>{csr2.mean.toFixed(1)}</strong> over {acresFmt.format(csr2.ratedAcres)}{' '}
          rated acres ({csr2.ratedParcels} parcels) of {acresFmt.format(csr2.totalAcres)} acres.
        </p>
      ) : (
        <p className="res-csr2">No loaded parcel carries a CSR2 soil rating.</p>
      )}
      {data.years.length > 0 && (
        <>
          <svg
            className="res-history-chart"
            viewBox={`0 0 ${W} ${H + PAD_BOTTOM}`}
            role="img"
            aria-labelledby={titleId}
          >
            <title id={titleId}>
              Acres by crop and year, {data.years[0]!.year}–{data.years.at(-1)!.year}; the table below has the numbers
            </title>
            <text x={PAD_LEFT - 4} y={10} textAnchor="end" className="res-axis">
              {acresFmt.format(max)}
            </text>
            <text x={PAD_LEFT - 4} y={H} textAnchor="end" className="res-axis">
              0 ac
            </text>
            {data.years.map((y, i) => {
              let top = H
              return (
                <g key={y.year}>
                  {y.slices.map((s) => {
                    const h = (s.acres / max) * (H - 4)
                    top -= h
                    return (
                      <rect
                        key={s.name}
                        x={PAD_LEFT + i * barW + 3}
                        y={top}
                        width={Math.max(1, barW - 6)}
                        height={h}
                        fill={colorOf(s.code)}
                        stroke="#0003"
                      >
                        <title>{`${y.year} ${s.name}: ${acresFmt.format(s.acres)} acres`}</title>
                      </rect>
                    )
                  })}
                  <text x={PAD_LEFT + i * barW + barW / 2} y={H + 13} textAnchor="middle" className="res-axis">
                    {y.year}
                  </text>
                </g>
              )
            })}
          </svg>
          <ul className="res-history-legend" aria-hidden="true">
            {data.crops.map((c) => (
              <li key={c.name}>
                <span className="res-swatch" style={{ background: colorOf(c.code) }} />
                {c.name}
              </li>
            ))}
          </ul>
          <table className="res-history-table">
            <caption>
              Acres by crop and year{scope} ({data.withHistory} parcels with a crop history; each parcel's acres count
              under its majority class of the year)
            </caption>
            <thead>
              <tr>
                <th scope="col">Crop</th>
                {data.years.map((y) => (
                  <th key={y.year} scope="col">
                    {y.year}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.crops.map((c, ci) => (
                <tr key={c.name}>
                  <th scope="row">{c.name}</th>
                  {data.years.map((y) => (
                    <td key={y.year}>{acresFmt.format(y.slices[ci]!.acres)}</td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">All</th>
                {data.years.map((y) => (
                  <td key={y.year} data-year={y.year}>
                    {acresFmt.format(y.acres)}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </>
      )}
    </details>
  )
}
