/**
 * Value boxes for the place fields. State and state FIPS are pick-lists of the US states (names
 * shown, the field's code stored). County is typed (the county list comes from the data once the
 * server reports coverage): what is typed is matched the way the data writes it — "finney county"
 * searches "Finney" — and the box says so, because county names are matched exactly.
 */
import { useEffect, useId, useState } from 'react'
import { US_STATES } from '../../../contract/us-states'
import { findState, normalizeCountyName } from '../../geo/place-names'

const PLACE_FIELDS = ['state', 'state_fp', 'county'] as const

export function isPlaceField(field: string): boolean {
  return (PLACE_FIELDS as readonly string[]).includes(field)
}

interface PlaceInputProps {
  field: string
  value: unknown
  onChange(value: string): void
  label: string
  describedBy?: string
  invalid?: boolean
}

export function PlaceInput(p: PlaceInputProps) {
  return p.field === 'county' ? <CountyInput {...p} /> : <StatePicker {...p} />
}

function StatePicker({ field, value, onChange, label, describedBy, invalid }: PlaceInputProps) {
  const fips = field === 'state_fp'
  const current = typeof value === 'string' || typeof value === 'number' ? String(value) : ''
  const match = current ? findState(current) : undefined
  const stored = match ? (fips ? match.fips : match.abbr) : current
  // A link or an old saved search may hold "ks" or "Kansas": store the code the data uses.
  useEffect(() => {
    if (match && stored !== current) onChange(stored)
  }, [match, stored, current, onChange])
  return (
    <select
      className="flt-select"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      value={stored}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">Choose a state…</option>
      {current && !match && <option value={current}>{current} (not a US state)</option>}
      {US_STATES.map((s) => (
        <option key={s.fips} value={fips ? s.fips : s.abbr}>
          {fips ? `${s.name} (${s.fips})` : `${s.name} (${s.abbr})`}
        </option>
      ))}
    </select>
  )
}

function CountyInput({ value, onChange, label, describedBy, invalid }: PlaceInputProps) {
  const noteId = useId()
  const shown = typeof value === 'string' ? value : ''
  const [text, setText] = useState(shown)
  // Take outside changes (reset, a link) but not the echo of our own edit.
  useEffect(() => {
    setText((t) => (normalizeCountyName(t) === shown ? t : shown))
  }, [shown])
  const normalized = normalizeCountyName(text)
  const note = text.trim() && normalized !== text.trim() ? `Searching county “${normalized}”.` : null
  return (
    <>
      <input
        type="text"
        className="flt-input"
        aria-label={label}
        aria-describedby={[describedBy, note ? noteId : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={invalid || undefined}
        placeholder="County name, e.g. Story"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          onChange(normalizeCountyName(e.target.value))
        }}
      />
      {note && (
        <p id={noteId} className="flt-note" role="status">
          {note}
        </p>
      )}
    </>
  )
}
