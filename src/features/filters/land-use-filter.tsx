/**
 * Land-use class picker (issue 23): the seven national classes as checkboxes, each with its map
 * colour. `LandUseChecks` edits a list of class ids (used inside the filter builder for
 * `land_use_class in/nin`); `LandUseFilter` is the panel's disclosure that owns the
 * `land_use_class in [...]` filter, shown only where the server offers the field.
 */
import { useMemo } from 'react'
import { LAND_USE_CLASSES } from '../../../contract/land-use-classes'
import type { FilterItem } from '../../../contract/schemas'
import { themeById } from '../../format/themes'
import { applyPickerSelection, LAND_USE_FIELD, pickerFilterIndex, pickerSelection } from './filter-edit'
import { maxUserFilters } from './filter-validation'
import './filters.css'

const COLORS = new Map(themeById('landuse').classes.map((c) => [c.label, c.color]))

export interface LandUseChecksProps {
  selected: readonly string[]
  onChange(ids: string[]): void
  label?: string
  disabled?: boolean
}

export function LandUseChecks({ selected, onChange, label = 'Land-use classes', disabled }: LandUseChecksProps) {
  const chosen = new Set(selected)
  // Keep ids the app does not know (a newer server's class) visible so they can be unticked.
  const extras = selected.filter((id) => !LAND_USE_CLASSES.some((c) => c.id === id))
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id))
  return (
    <fieldset className="flt-land-use" disabled={disabled}>
      <legend className="flt-visually-hidden">{label}</legend>
      {LAND_USE_CLASSES.map((c) => (
        <label key={c.id} className="flt-land-use-option" title={c.meaning}>
          <input type="checkbox" checked={chosen.has(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
          <span className="flt-swatch" style={{ background: COLORS.get(c.label) }} aria-hidden="true" />
          {c.label}
        </label>
      ))}
      {extras.map((id) => (
        <label key={id} className="flt-land-use-option">
          <input type="checkbox" checked onChange={() => toggle(id, false)} />
          {id} (unknown class)
        </label>
      ))}
    </fieldset>
  )
}

export interface LandUseFilterProps {
  filters: FilterItem[]
  onChange(filters: FilterItem[]): void
  reservedSlots?: number
}

/** The panel's land-use picker: a disclosure, closed by default, like the crop types above it. */
export function LandUseFilter({ filters, onChange, reservedSlots = 0 }: LandUseFilterProps) {
  const selected = useMemo(() => pickerSelection(filters, LAND_USE_FIELD), [filters])
  const full = pickerFilterIndex(filters, LAND_USE_FIELD) < 0 && filters.length >= maxUserFilters(reservedSlots)
  const labels = selected.map((id) => LAND_USE_CLASSES.find((c) => c.id === id)?.label ?? id)
  const summary = labels.length === 0 ? 'any' : labels.length <= 2 ? labels.join(', ') : `${labels.length} classes`
  return (
    <details className="flt-crop-filter">
      <summary>
        Land-use class: <span className="flt-crop-summary">{summary}</span>
      </summary>
      <LandUseChecks
        selected={selected}
        onChange={(ids) => onChange(applyPickerSelection(filters, LAND_USE_FIELD, ids))}
        label="Land-use class"
        disabled={full}
      />
      <p className="flt-muted">
        One national class per parcel, read at load from the county’s own land-use codes and descriptions.
      </p>
      {full && <p className="flt-muted">Remove a filter to add a land-use filter (10 filters at most).</p>}
    </details>
  )
}
