/** Holdings as one thing: each merged outline's totals (acres with shared footprints once). */
import type { HoldingSummary } from './holding-summary'
import { acresText, plural, usd } from './holdings-ui'

export function HoldingList({ holdings, onFrame }: { holdings: readonly HoldingSummary[]; onFrame(id: string): void }) {
  const acres = holdings.reduce((s, h) => s + h.acres, 0)
  const parcels = holdings.reduce((s, h) => s + h.parcelCount, 0)
  return (
    <div className="hold-holdings">
      <p className="hold-total" data-testid="holdings-total">
        <strong>{plural(holdings.length, 'holding')}</strong> · {acresText(acres)} · {plural(parcels, 'parcel')}
      </p>
      <ol className="hold-list">
        {holdings.map((h) => (
          <li key={h.id} className="hold-card" aria-label={h.label}>
            <div className="hold-card-head">
              <strong>{h.label}</strong>
              <button type="button" className="link-button" onClick={() => onFrame(h.id)}>
                Zoom to
              </button>
            </div>
            <dl className="hold-facts">
              <div>
                <dt>Total acres</dt>
                <dd data-testid="holding-acres">{acresText(h.acres)}</dd>
              </div>
              <div>
                <dt>Parcels</dt>
                <dd>{h.parcelCount}</dd>
              </div>
              <div>
                <dt>Assessed value</dt>
                <dd>
                  {usd(h.assessedValue)}
                  {h.valuedParcels < h.parcelCount ? ` (${h.valuedParcels} of ${h.parcelCount} valued)` : ''}
                </dd>
              </div>
              <div>
                <dt>Counties</dt>
                <dd>{h.counties.join('; ')}</dd>
              </div>
            </dl>
            {h.cropMix.length > 0 && (
              <p className="hold-crops">
                {h.cropMix.slice(0, 4).map((c) => (
                  <span key={c.category}>
                    {c.category} {Math.round(c.share * 100)}%
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ol>
      <p className="muted hold-note">
        Total acres add each parcel’s computed acres (<code>acres_calc</code>) once per footprint: stacked units and
        repeated records count once.
      </p>
    </div>
  )
}
