/** The comps search settings: radius, years, acres band, price band, the six weights and k. */
import { type FormEvent, useState } from 'react'
import { type CompsSettings, CRITERION_LABELS } from '../../../contract/comps/comps-settings'
import { DEFAULT_K, MAX_K, MIN_K } from '../../../contract/comps/comps-value'
import { COMPS_CRITERIA, type CompsChoices } from '../../state/comps-slice'

export interface SettingsFormProps {
  settings: CompsSettings
  busy: boolean
  onRun(next: CompsChoices): void
  /** Back to the defaults for the subject (offered when the user has changed them). */
  onDefaults?(): void
}

const pct = (f: number | null) => (f === null ? '' : String(Math.round(f * 100)))

export function CompsSettingsForm({ settings, busy, onRun, onDefaults }: SettingsFormProps) {
  const [radius, setRadius] = useState(String(settings.radiusMiles))
  const [years, setYears] = useState(String(settings.years))
  const [band, setBand] = useState(pct(settings.acresBand))
  const [price, setPrice] = useState(pct(settings.priceBand))
  const [weights, setWeights] = useState(settings.weights)
  const [k, setK] = useState(String(settings.k ?? DEFAULT_K))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onRun({
      radiusMiles: Number(radius),
      years: Number(years),
      acresBand: Number(band) / 100,
      priceBand: price.trim() === '' ? null : Number(price) / 100,
      weights,
      k: Number(k),
    })
  }
  return (
    <form className="comps-settings" onSubmit={submit} aria-label="Comparable sales settings" noValidate>
      <div className="comps-fields">
        <label>
          Radius (mi)
          <input
            type="number"
            inputMode="decimal"
            min="0.1"
            max="30"
            step="0.1"
            value={radius}
            onChange={(e) => setRadius(e.target.value)}
          />
        </label>
        <label>
          Sold within (years)
          <input type="number" min="1" max="20" step="1" value={years} onChange={(e) => setYears(e.target.value)} />
        </label>
        <label>
          Acres ± %
          <input type="number" min="1" max="95" step="1" value={band} onChange={(e) => setBand(e.target.value)} />
        </label>
        <label>
          Price band ± % <span className="comps-hint">(blank: off)</span>
          <input type="number" min="1" max="500" step="1" value={price} onChange={(e) => setPrice(e.target.value)} />
        </label>
        <label>
          Value from the closest
          <input type="number" min={MIN_K} max={MAX_K} step="1" value={k} onChange={(e) => setK(e.target.value)} />
        </label>
      </div>
      <fieldset className="comps-weights">
        <legend>Weights (1 = matters little, 5 = matters most)</legend>
        {COMPS_CRITERIA.map((c) => (
          <label key={c}>
            {CRITERION_LABELS[c]}
            <select value={weights[c]} onChange={(e) => setWeights({ ...weights, [c]: Number(e.target.value) })}>
              {[1, 2, 3, 4, 5].map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      {settings.landUses.length > 0 && (
        <p className="comps-hint">Land uses: {settings.landUses.map((u) => u.toLowerCase()).join(', ')}</p>
      )}
      <div className="comps-form-actions">
        <button type="submit" className="comps-primary" disabled={busy}>
          Find comps
        </button>
        {onDefaults && (
          <button type="button" onClick={onDefaults}>
            Back to defaults
          </button>
        )}
      </div>
    </form>
  )
}
