/**
 * $/acre against sale date, with the trend line: plain SVG (a scatter and one curve do not need a
 * charting library's ~40–100 KB; docs/decisions.md). Included comps filled, the rest hollow;
 * nominal transfers ($1…) are left off the axis and counted in the caption. The trend is drawn only
 * over runs of calendar years that have open-market sales (issue 38: never across empty years); past
 * the last sale to a later valuation date it is dashed and labelled as projected.
 */
import type { Comp, CompsResult } from '../../../contract/comps/comps-analysis'
import { decimalYear } from '../../../contract/comps/comps-plan'
import { median } from '../../../contract/comps/comps-stats'
import { trendRuns } from './trend-runs'

const W = 340
const H = 170
const PAD = { left: 52, right: 10, top: 10, bottom: 26 }

const money = (v: number) => (v >= 1000 ? `$${Math.round(v / 1000)}k` : `$${Math.round(v)}`)

export function CompsChart({ result }: { result: CompsResult }) {
  const shown = result.comps.filter((c) => !c.flags.some((f) => f.startsWith("non-arm's-length")))
  const hidden = result.comps.length - shown.length
  if (shown.length === 0) return null
  const xs = shown.map((c) => decimalYear(c.saleDate))
  const now = decimalYear(result.valuation.date)
  const x0 = Math.min(decimalYear(result.windowStart), ...xs)
  const x1 = Math.max(now, ...xs)
  const ys = shown.map((c) => c.perAcre)
  const y0 = Math.min(...ys) * 0.9
  const y1 = Math.max(...ys) * 1.05
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right)
  const sy = (y: number) => H - PAD.bottom - ((y - y0) / (y1 - y0 || 1)) * (H - PAD.top - PAD.bottom)
  const included = shown.filter((c) => c.included)
  const level = included.length ? median(included.map((c) => c.timeAdjusted as number)) : null
  const g = result.trend.rate === null ? 0 : Math.log(1 + result.trend.rate)
  const path = (from: number, to: number) => {
    const points: string[] = []
    for (let k = 0; k <= 10; k++) {
      const t = from + ((to - from) * k) / 10
      points.push(`${sx(t).toFixed(1)},${sy((level as number) * Math.exp(g * (t - now))).toFixed(1)}`)
    }
    return points.join(' ')
  }
  const market = result.comps.filter((c) => c.timeAdjusted !== null).map((c) => decimalYear(c.saleDate))
  const runs = level === null ? [] : trendRuns(market)
  const last = market.length ? Math.max(...market) : null
  const projected = level !== null && last !== null && result.valuation.extrapolatedYears > 0 ? path(last, now) : null
  const years: number[] = []
  for (let y = Math.ceil(x0); y <= Math.floor(x1); y++) years.push(y)
  const yTicks = [y0 + (y1 - y0) * 0.1, (y0 + y1) / 2, y1 - (y1 - y0) * 0.05]
  return (
    <figure className="comps-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Price per acre against sale date, with the trend line">
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="comps-axis" />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} className="comps-axis" />
        {years.map((y) => (
          <text key={y} x={sx(y)} y={H - 8} textAnchor="middle" className="comps-tick">
            {years.length > 8 && y % 2 ? '' : y}
          </text>
        ))}
        {yTicks.map((v) => (
          <text key={v} x={PAD.left - 4} y={sy(v) + 3} textAnchor="end" className="comps-tick">
            {money(v)}
          </text>
        ))}
        {runs.map(([from, to]) => (
          <polyline key={from} points={path(from, to)} className="comps-trend" />
        ))}
        {projected && <polyline points={projected} className="comps-trend comps-trend--projected" />}
        {shown.map((c: Comp) => (
          <circle
            key={c.id}
            cx={sx(decimalYear(c.saleDate))}
            cy={sy(c.perAcre)}
            r={c.included ? 3.5 : 3}
            className={c.included ? 'comps-dot' : 'comps-dot comps-dot--out'}
          >
            <title>{`#${c.rank} ${c.saleDate}: ${money(c.perAcre)}/ac${c.included ? '' : ` (left out: ${c.excludedBecause})`}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption>
        $/acre by sale date (filled: included; hollow: left out). Line: {result.trend.note}
        {projected ? ' (dashed: projected past the last sale)' : ''}.
        {hidden > 0 && ` ${hidden} nominal transfer(s) not plotted.`}
      </figcaption>
    </figure>
  )
}
