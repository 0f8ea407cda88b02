/**
 * A list editor for `in` / `nin`: type and press Enter or comma to add, paste a comma- or
 * newline-separated list to add many, Backspace in the empty box removes the last chip.
 */
import { type ClipboardEvent, type KeyboardEvent, useId, useState } from 'react'
import { addListItems, parseListText } from './filter-edit'

type Item = string | number

/** Rendering thousands of chips (a pasted UUID column) would stall typing; the rest are counted. */
const MAX_CHIPS_SHOWN = 60

export interface ChipsInputProps {
  values: readonly Item[]
  onChange(values: Item[]): void
  numeric: boolean
  label: string
  describedBy?: string
  suggestions?: readonly string[]
}

export function ChipsInput({ values, onChange, numeric, label, describedBy, suggestions }: ChipsInputProps) {
  const [text, setText] = useState('')
  const listId = useId()

  const commit = (raw: string) => {
    const items = parseListText(raw, numeric)
    if (items.length > 0) onChange(addListItems([...values], items))
    setText('')
  }
  const removeAt = (i: number) => onChange(values.filter((_, j) => j !== i))

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault()
      commit(text)
    } else if (e.key === 'Backspace' && text === '' && values.length > 0) {
      e.preventDefault()
      removeAt(values.length - 1)
    }
  }
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text')
    if (!/[,;\t\r\n]/.test(pasted)) return
    e.preventDefault()
    commit(text + pasted)
  }

  const shown = values.slice(0, MAX_CHIPS_SHOWN)
  return (
    <div className="flt-chips">
      {values.length > 0 && (
        <ul className="flt-chip-list" aria-label={`${label}: ${values.length} selected`}>
          {shown.map((v, i) => {
            const bad = numeric && typeof v !== 'number'
            return (
              <li key={`${typeof v}:${v}`} className={bad ? 'flt-chip flt-chip-bad' : 'flt-chip'}>
                <span className="flt-chip-text" title={bad ? 'Not a number' : undefined}>
                  {String(v)}
                </span>
                <button
                  type="button"
                  className="flt-chip-remove"
                  aria-label={`Remove ${String(v)}`}
                  onClick={() => removeAt(i)}
                >
                  ×
                </button>
              </li>
            )
          })}
          {values.length > MAX_CHIPS_SHOWN && (
            <li className="flt-chip-more">+{(values.length - MAX_CHIPS_SHOWN).toLocaleString('en-US')} more</li>
          )}
        </ul>
      )}
      <div className="flt-chips-entry">
        <input
          type="text"
          className="flt-input"
          aria-label={label}
          aria-describedby={describedBy}
          placeholder={numeric ? 'Type a number, Enter to add' : 'Type, Enter to add; paste a list'}
          inputMode={numeric ? 'decimal' : undefined}
          value={text}
          list={suggestions ? listId : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => text.trim() && commit(text)}
        />
        {values.length > 1 && (
          <button type="button" className="flt-link-button" onClick={() => onChange([])}>
            Clear all
          </button>
        )}
      </div>
      {suggestions && (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </div>
  )
}
