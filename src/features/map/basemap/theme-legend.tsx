/**
 * "Colour results by" and its legend: the classes of the chosen theme with how many loaded results
 * fall in each (crop classes: only those present). The picker is a select, so it works from the
 * keyboard; the legend is a list a screen reader reads as such.
 */
import { useDeferredValue, useId, useMemo } from 'react'
import type { ParcelRecord } from '../../../../contract/schemas'
import { legendRows } from '../../../format/theme-tally'
import { THEMES, type ThemeId, themeById } from '../../../format/themes'

const count = new Intl.NumberFormat('en-US')

export function ThemeLegend({
  theme,
  onTheme,
  rows,
}: {
  theme: ThemeId
  onTheme(theme: ThemeId): void
  rows: readonly (ParcelRecord | undefined)[]
}) {
  const id = useId()
  const def = themeById(theme)
  // Tallied off the render path: a 10,000-row search updates its rows page by page.
  const deferred = useDeferredValue(rows)
  const legend = useMemo(() => legendRows(def, deferred), [def, deferred])
  const loaded = useMemo(() => deferred.some(Boolean), [deferred])
  return (
    <section className="theme-legend" aria-label="Map colours">
      <div className="theme-picker">
        <label htmlFor={id}>Colour results by</label>
        <select id={id} value={theme} onChange={(e) => onTheme(themeById(e.target.value).id)}>
          {THEMES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      {def.kind !== 'plain' && !loaded && <p className="legend-empty">Search to colour the results.</p>}
      {legend.length > 0 && (
        <ul className="legend-list" aria-label={`Legend: ${def.label}`}>
          {legend.map((r) => (
            <li key={r.label} className={r.count === 0 ? 'legend-none' : undefined}>
              {/* Set through the CSSOM by React, which the CSP (style-src 'self') allows. */}
              <span className="legend-swatch" style={{ background: r.color }} aria-hidden="true" />
              <span className="legend-label">{r.label}</span>
              <span className="legend-count">{count.format(r.count)}</span>
            </li>
          ))}
        </ul>
      )}
      {def.kind !== 'plain' && loaded && (
        <p className="legend-note">
          Zoomed out past streets, each result is also a dot in its colour, so towns of small lots show.
        </p>
      )}
    </section>
  )
}
