/**
 * "Parcel ID is searched one county or state at a time: which one?" with the covered places as a
 * pick-list (issue 18, problem 8), in place of the spec's scope-rule wording.
 */
import { useId } from 'react'
import type { FilterItem } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { applyPlace, placeChoices } from './scope-choices'

export interface PlacePickerProps {
  question: string
  filters: FilterItem[]
  onChange(filters: FilterItem[]): void
  /** The server's covered counties; null when unknown (then every state is offered). */
  counties: readonly CoverageCounty[] | null
}

export function PlacePicker({ question, filters, onChange, counties }: PlacePickerProps) {
  const id = useId()
  const choices = placeChoices(counties)
  return (
    <div className="flt-place">
      <label htmlFor={id}>{question}</label>
      <select
        id={id}
        className="flt-select"
        value=""
        onChange={(e) => {
          const choice = choices.find((c) => c.id === e.target.value)
          if (choice) onChange(applyPlace(filters, choice))
        }}
      >
        <option value="" disabled>
          Choose a {counties && counties.length > 0 ? 'county or state' : 'state'}…
        </option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  )
}
