/** The value control that fits the operator: one box, a min–max pair, a chip list or an empty/has-value toggle. */
import { useId } from 'react'
import { fieldDef } from '../../../contract/fields'
import { LAND_USE_CLASSES } from '../../../contract/land-use-classes'
import { ROTATIONS } from '../../../contract/rotation'
import type { FilterItem } from '../../../contract/schemas'
import { ChipsInput } from './chips-input'
import { CROP_NAMES } from './crop-names'
import { CropPicker } from './crop-picker'
import { LAND_USE_FIELD } from './filter-edit'
import { LandUseChecks } from './land-use-filter'
import { NumberInput } from './number-input'
import { isPlaceField, PlaceInput } from './place-input'

export interface ValueEditorProps {
  filter: FilterItem
  onChange(value: FilterItem['value']): void
  /** Accessible name prefix, e.g. "Filter 2". */
  label: string
  describedBy?: string
  invalid?: boolean
}

const CHOICES: Record<string, { prompt: string; options: readonly { id: string; label: string }[] }> = {
  rotation: { prompt: 'Choose a rotation…', options: ROTATIONS },
  [LAND_USE_FIELD]: { prompt: 'Choose a class…', options: LAND_USE_CLASSES },
}

export function ValueEditor({ filter, onChange, label, describedBy, invalid }: ValueEditorProps) {
  const numeric = fieldDef(filter.field)?.group === 'numeric'
  const isCrop = filter.field === 'cdl_majority_category'
  const v = filter.value
  const common = { describedBy, invalid }
  // The two null-test radios share a name so they are one group: one Tab stop, arrows switch.
  const radioName = useId()

  switch (filter.op) {
    case 'isnull':
      return (
        <fieldset className="flt-toggle">
          <legend className="flt-visually-hidden">{`${label} null test`}</legend>
          <label>
            <input type="radio" name={radioName} checked={v === true} onChange={() => onChange(true)} />
            is empty
          </label>
          <label>
            <input type="radio" name={radioName} checked={v === false} onChange={() => onChange(false)} />
            has a value
          </label>
        </fieldset>
      )
    case 'between': {
      const pair = Array.isArray(v) ? v : []
      const set = (i: 0 | 1, x: number | string) => {
        const next: (string | number)[] = [pair[0] ?? '', pair[1] ?? '']
        next[i] = x
        onChange(next)
      }
      return (
        <div className="flt-range">
          <NumberInput
            {...common}
            label={`${label} minimum`}
            placeholder="Min"
            value={pair[0]}
            onChange={(x) => set(0, x)}
          />
          <span aria-hidden="true">–</span>
          <NumberInput
            {...common}
            label={`${label} maximum`}
            placeholder="Max"
            value={pair[1]}
            onChange={(x) => set(1, x)}
          />
        </div>
      )
    }
    case 'in':
    case 'nin': {
      const list = Array.isArray(v) ? v : []
      if (isCrop) {
        return <CropPicker selected={list.map(String)} onChange={onChange} label={`${label} crop types`} compact />
      }
      if (filter.field === LAND_USE_FIELD) {
        return <LandUseChecks selected={list.map(String)} onChange={onChange} label={`${label} land-use classes`} />
      }
      return <ChipsInput {...common} label={`${label} values`} numeric={numeric} values={list} onChange={onChange} />
    }
    default:
      // Fields with a fixed set of ids (contract lists): a pick-list, so the id is always one the server knows.
      if (CHOICES[filter.field] && (filter.op === 'eq' || filter.op === 'ne')) {
        const { prompt, options } = CHOICES[filter.field]!
        return (
          <select
            className="flt-input"
            aria-label={`${label} value`}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={typeof v === 'string' ? v : ''}
            onChange={(e) => onChange(e.target.value)}
          >
            <option value="">{prompt}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        )
      }
      if (numeric) return <NumberInput {...common} label={`${label} value`} value={v} onChange={onChange} />
      if (isPlaceField(filter.field)) {
        return <PlaceInput {...common} field={filter.field} label={`${label} value`} value={v} onChange={onChange} />
      }
      return (
        <>
          <input
            type="text"
            className="flt-input"
            aria-label={`${label} value`}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            placeholder={filter.op === 'ilike' ? 'Contains…' : 'Value'}
            value={typeof v === 'string' || typeof v === 'number' ? String(v) : ''}
            list={isCrop ? CROP_DATALIST_ID : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
          {isCrop && (
            <datalist id={CROP_DATALIST_ID}>
              {CROP_NAMES.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
          )}
        </>
      )
  }
}

// Identical content wherever it renders, so one shared id is harmless even with several crop filters.
const CROP_DATALIST_ID = 'flt-crop-names'
