/**
 * The parcel's crop history as a strip: one cell per year in the Cropland Data Layer's legend
 * colours, the class and its share on hover and on keyboard focus (each cell is focusable and
 * carries the same words for screen readers), and the rotation pattern named beside it.
 */
import { useId, useState } from 'react'
import { HISTORY_LETTERS, historyLetter, historyOf, rotationLabel, rotationOf } from '../../../contract/rotation'
import type { ParcelRecord } from '../../../contract/schemas'
import { formatPercent } from '../../format/format-value'
import { cdlColor } from '../../format/themes'

const yearText = (y: { year: number; code: number; name: string | null; percent: number | null }) =>
  `${y.year}: ${y.name ?? `CDL class ${y.code}`}${y.percent === null ? '' : `, ${formatPercent(y.percent)} of the parcel`}`

export function RotationStrip({ record }: { record: ParcelRecord }) {
  const history = historyOf(record)
  const [shown, setShown] = useState<number | null>(null)
  const id = useId()
  if (history.length === 0) return null
  const rotation = rotationLabel(rotationOf(record))
  const current = shown === null ? null : history[shown]
  return (
    <section className="pd-section pd-rotation" aria-labelledby={id}>
      <h3 id={id} className="pd-section-title">
        Crop history {history[0]!.year}–{history.at(-1)!.year}
      </h3>
      <p className="pd-rotation-name">
        {rotation ? `Rotation: ${rotation}` : 'No rotation pattern (too few years, or never cropland)'}
      </p>
      <ol className="pd-strip" aria-label="Crop by year">
        {history.map((y, i) => (
          <li
            key={y.year}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the year's class and percent, as hover does
            tabIndex={0}
            className="pd-strip-cell"
            style={{ background: cdlColor(y.code) }}
            title={yearText(y)}
            aria-label={yearText(y)}
            onMouseEnter={() => setShown(i)}
            onMouseLeave={() => setShown(null)}
            onFocus={() => setShown(i)}
            onBlur={() => setShown(null)}
          >
            <span className="pd-strip-year" aria-hidden="true">
              {String(y.year).slice(2)}
            </span>
            <span className="pd-strip-letter" aria-hidden="true">
              {historyLetter(y.code)}
            </span>
          </li>
        ))}
      </ol>
      <p className="pd-strip-detail" aria-live="polite">
        {current ? yearText(current) : 'Point at or tab to a year for its crop and share.'}
      </p>
      <p className="pd-strip-key">
        Letters: {HISTORY_LETTERS}. Source: USDA Cropland Data Layer, majority class per year.
      </p>
    </section>
  )
}
