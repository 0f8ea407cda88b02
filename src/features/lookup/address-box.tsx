/**
 * Address search (WAI-ARIA combobox with a listbox popup): type 3+ characters, arrows move through
 * matches, Enter picks the highlighted match or else the top one (waiting for the answer to what
 * was typed if it is still on its way), Escape closes then clears. While the list on screen answers
 * an earlier keystroke it is shown dimmed and cannot be picked: a click on it opened the wrong parcel.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { useAddressLookup } from '../../api/address'
import './lookup.css'

function summarize(r: ParcelRecord): { title: string; detail: string } {
  const s = (k: string) => (typeof r[k] === 'string' || typeof r[k] === 'number' ? String(r[k]) : '')
  const place = [s('city'), s('county') && `${s('county')} County`, s('state')].filter(Boolean).join(', ')
  return { title: s('situs') || s('parcel_id') || r.svc_uuid, detail: [s('owner'), place].filter(Boolean).join(' · ') }
}

/** Touch screens and narrow windows (app.css hides shortcut letters on the same query): no `/` to press. */
const NO_KEYBOARD = '(pointer: coarse), (max-width: 760px)'

function subscribeNoKeyboard(onChange: () => void): () => void {
  const query = window.matchMedia?.(NO_KEYBOARD)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}
const noKeyboard = () => window.matchMedia?.(NO_KEYBOARD).matches ?? false

export interface AddressBoxProps {
  onChoose(record: ParcelRecord): void
  /** The server's covered counties: an address with no match offers them (issue 18, problem 9). */
  covered?: readonly CoverageCounty[]
  onJump?(county: CoverageCounty): void
}

const countyName = (c: CoverageCounty) => `${c.county} County, ${c.state}`

export function AddressBox({ onChoose, covered = [], onJump }: AddressBoxProps) {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()
  const withoutKeyboard = useSyncExternalStore(subscribeNoKeyboard, noKeyboard)
  const { data, error, isPending, fresh } = useAddressLookup(text)
  const results = data?.results ?? []
  // Enter pressed before the answer to the current text arrived: pick its top match when it does.
  const [enterPending, setEnterPending] = useState(false)
  // Keep the highlighted option inside the current result list.
  const activeIndex = active < results.length ? active : -1
  const searching = text.trim().length >= 3

  // "/" focuses the box from anywhere (unless typing elsewhere).
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const t = e.target as HTMLElement | null
      if (e.key !== '/' || t?.closest('input, textarea, select, [contenteditable="true"]')) return
      e.preventDefault()
      inputRef.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const choose = (r: ParcelRecord | undefined) => {
    if (!r) return
    setOpen(false)
    setEnterPending(false)
    setText(summarize(r).title)
    onChoose(r)
  }
  const chooseRef = useRef(choose)
  chooseRef.current = choose

  useEffect(() => {
    if (!enterPending || !fresh) return
    setEnterPending(false)
    if (results[0]) chooseRef.current(results[0])
  }, [enterPending, fresh, results])

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      if (results.length === 0) return
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (Math.min(i, results.length - 1) + step + results.length) % results.length)
    } else if (e.key === 'Enter') {
      if (!searching) return
      e.preventDefault()
      if (fresh && results.length) choose(results[Math.max(activeIndex, 0)])
      else if (!fresh) setEnterPending(true)
    } else if (e.key === 'Escape') {
      setEnterPending(false)
      if (open) setOpen(false)
      else setText('')
    }
  }

  const showList = open && searching
  let status = ''
  if (searching && isPending) status = 'Searching…'
  else if (searching && error) status = error.message
  else if (searching && data)
    status = results.length
      ? `${results.length} match${results.length === 1 ? '' : 'es'}`
      : covered.length
        ? `No matches. Addresses are searched in ${covered.length === 1 ? 'one county' : `${covered.length} counties`}: ${covered.map(countyName).join('; ')}.`
        : 'No matches'
  const offerCounties = status.startsWith('No matches') && covered.length > 0 && !!onJump

  return (
    <div className="address-box">
      <label htmlFor={`${listId}-input`} className="visually-hidden">
        Find a parcel by address
      </label>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && activeIndex >= 0 ? `${listId}-opt-${activeIndex}` : undefined}
        placeholder={withoutKeyboard ? 'Find address…' : 'Find address…  ( / )'}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setActive(-1)
          setOpen(true)
          setEnterPending(false)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <span className="visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
      <div
        id={listId}
        role="listbox"
        aria-label="Address matches"
        aria-busy={!fresh || undefined}
        className={fresh ? 'address-list' : 'address-list address-list-stale'}
        hidden={!showList}
      >
        {showList && status && results.length === 0 && !offerCounties && <div className="address-status">{status}</div>}
        {showList && offerCounties && (
          <div className="address-status">
            <p>No matches. This server has addresses in:</p>
            <ul className="address-covered">
              {covered.map((c) => (
                <li key={`${c.state_fp}${c.county_fp}`}>
                  <button
                    type="button"
                    className="link-button"
                    tabIndex={-1}
                    // mousedown, not click: it fires before the input's blur closes the list.
                    onMouseDown={(e) => {
                      e.preventDefault()
                      setOpen(false)
                      onJump?.(c)
                    }}
                  >
                    {countyName(c)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {showList &&
          results.map((r, i) => {
            const d = summarize(r)
            return (
              <div
                key={r.svc_uuid}
                id={`${listId}-opt-${i}`}
                role="option"
                aria-selected={i === activeIndex}
                aria-disabled={!fresh || undefined}
                tabIndex={-1}
                className="address-option"
                // mousedown, not click: it fires before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault()
                  if (fresh) choose(r)
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="address-title">{d.title}</span>
                <span className="address-detail">{d.detail}</span>
              </div>
            )
          })}
      </div>
    </div>
  )
}
