/**
 * "Ask in words" (issue 43), beside the address search: type a sentence, Enter reads it in the
 * browser (no call) and sets up the ordinary search — the filter panel shows its rows — and the box
 * shows what it understood: each part underlined in the sentence and listed in words, the words it
 * could not place marked with the reason. Nothing runs until Search. Escape clears; `W` focuses.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useValueStore } from '../../state/use-value-store'
import type { WordsFlow } from './words-flow'
import { NOT_UNDERSTOOD, wordsParts, wordsPieces } from './words-parts'
import './words.css'

const FOCUS_KEY = 'w'

export function WordsBox({ flow }: { flow: WordsFlow }) {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const { sentence, parse, notice } = useValueStore(flow.state)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const parts = useMemo(() => (parse ? wordsParts(parse) : []), [parse])
  const pieces = useMemo(() => (parse ? wordsPieces(sentence, parse, parts) : []), [sentence, parse, parts])

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const t = e.target as HTMLElement | null
      if (e.key.toLowerCase() !== FOCUS_KEY || e.ctrlKey || e.metaKey || e.altKey) return
      if (t?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return
      e.preventDefault()
      inputRef.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const clear = () => {
    setText('')
    setOpen(false)
    flow.clear()
  }
  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      if (!text.trim()) return
      flow.read(text)
      setOpen(true)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      clear()
    }
  }
  const onPanelKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape') return
    e.preventDefault()
    setOpen(false)
    inputRef.current?.focus()
  }
  const unknown = parse?.unknown ?? []
  const showPanel = open && parse !== null

  return (
    <div className="words-box">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Ask in words
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        placeholder="Ask in words…  ( W )"
        title="For example: corn over 80 acres in Story County, largest first. Enter reads it; nothing runs until Search."
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="go"
        aria-controls={`${id}-panel`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onInputKey}
      />
      <section
        id={`${id}-panel`}
        className="words-panel"
        aria-label="What the words ask"
        hidden={!showPanel}
        onKeyDown={onPanelKey}
      >
        {showPanel && (
          <>
            <p className="words-sentence" data-testid="words-sentence">
              {pieces.map((p) =>
                p.unknown ? (
                  <mark key={p.start} className="words-unknown" title={p.unknown}>
                    {p.text}
                  </mark>
                ) : p.parts.length ? (
                  <u key={p.start} className="words-understood" title={p.parts.map((n) => parts[n]?.text).join('; ')}>
                    {p.text}
                  </u>
                ) : (
                  <span key={p.start}>{p.text}</span>
                ),
              )}
            </p>
            {parts.length > 0 ? (
              <ul className="words-parts" aria-label="Understood">
                {parts.map((p) => (
                  <li key={`${p.kind}-${p.span.start}-${p.text}`} className={`words-part words-part-${p.kind}`}>
                    <span className="words-quote">“{sentence.slice(p.span.start, p.span.end)}”</span> {p.text}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Nothing in these words could be read as a search.</p>
            )}
            {unknown.length > 0 && (
              <ul className="words-parts words-not-understood" aria-label="Not understood">
                {unknown.map((u) => (
                  <li key={`${u.span.start}-${u.span.end}`}>
                    <span className="words-quote">“{u.text}”</span> {u.reason ?? NOT_UNDERSTOOD}
                  </li>
                ))}
              </ul>
            )}
            {notice && <p className="notice notice-warning">{notice}</p>}
            <p className="muted words-hint">Set up as the filters, where you can change it. Nothing has run yet.</p>
            <div className="words-actions">
              <button type="button" className="primary-button" onClick={() => flow.search()}>
                Search
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setOpen(false)
                  flow.showFilters()
                }}
              >
                Edit the filters
              </button>
              <button type="button" className="button" onClick={clear}>
                Clear
              </button>
            </div>
          </>
        )}
      </section>
    </div>
  )
}
