/** Holdings as one thing: each merged outline's totals (acres with shared footprints once). */
import { acreTotalText, addAcreTotals } from '../../format/acreage'
import type { HoldingSummary } from './holding-summary'
import { AcreFacts, plural, usd } from './holdings-ui'

export function HoldingList({ holdings, onFrame }: { holdings: readonly HoldingSummary[]; onFrame(id: string): void }) {
  const totals = addAcreTotals(holdings.map((h) => h.acreTotals))
  const parcels = holdings.reduce((s, h) => s + h.parcelCount, 0)
  return (
    <div className="hold-holdings">
      <p className="hold-total" data-testid="holdings-total">
        <strong>{plural(holdings.length, 'holding')}</strong> · {plural(parcels, 'parcel')} · measured{' '}
        <span data-testid="holdings-measured-acres">{acreTotalText(totals.measured)}</span> · recorded{' '}
        <span data-testid="holdings-recorded-acres">{acreTotalText(totals.recorded)}</span>
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
              <AcreFacts totals={h.acreTotals} testId="holding" />
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
        Measured acres add each parcel’s area measured on its outline (<code>acres_calc</code>), recorded acres the
        county’s figure (<code>acres</code>); both once per footprint (stacked units and repeated records count once),
        as the results summary adds them.
      </p>
    </div>
  )
}
