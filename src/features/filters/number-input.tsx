/**
 * A number box that keeps what the user typed ("1,5", "12.") while committing a number when the
 * text parses, and the raw text when it does not — so validation can say why, instead of the input
 * silently dropping characters the way <input type="number"> does.
 */
import { useEffect, useState } from 'react'
import { toNumber } from '../../format/format-value'
import { parseNumberInput } from './filter-edit'

export interface NumberInputProps {
  value: unknown
  onChange(value: number | string): void
  label: string
  describedBy?: string
  invalid?: boolean
  placeholder?: string
}

const show = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : '')

export function NumberInput({ value, onChange, label, describedBy, invalid, placeholder }: NumberInputProps) {
  const [text, setText] = useState(() => show(value))
  // Take outside changes (reset, URL load) but not the echo of our own edit.
  useEffect(() => {
    setText((t) => (parseNumberInput(t) === value || (t === '' && value === '') ? t : show(value)))
  }, [value])
  return (
    <input
      type="text"
      inputMode="decimal"
      className="flt-input flt-input-number"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || (text !== '' && toNumber(text) === null) || undefined}
      placeholder={placeholder ?? 'Number'}
      value={text}
      onChange={(e) => {
        setText(e.target.value)
        onChange(parseNumberInput(e.target.value))
      }}
    />
  )
}
