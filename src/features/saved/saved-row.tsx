/** One saved search: open it, rename it in place, or delete it after an inline confirmation. */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { cleanName, deleteSearch, MAX_NAME, renameSearch, type SavedSearch, type WriteResult } from './saved-store'
import type { useSavedSearches } from './use-saved-searches'

type Mode = 'view' | 'rename' | 'delete'

const when = (iso: string) => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
}

export function SavedRow({
  search,
  onOpen,
  apply,
  onMessage,
  onDeleted,
  action,
}: {
  search: SavedSearch
  onOpen(query: string): void
  apply: ReturnType<typeof useSavedSearches>['apply']
  onMessage(m: string): void
  /** The row is about to vanish; the dialog moves focus somewhere that stays. */
  onDeleted(): void
  /** Another feature's action on this search (the app composes it: "Watch"). */
  action?: ReactNode
}) {
  const [mode, setMode] = useState<Mode>('view')
  const [name, setName] = useState(search.name)
  const renameId = useId()
  const renameInput = useRef<HTMLInputElement>(null)
  const keepButton = useRef<HTMLButtonElement>(null)
  const renameButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  // Which view-mode button gets focus back after a rename or delete is cancelled or done.
  const returnTo = useRef<'rename' | 'delete' | null>(null)

  useEffect(() => {
    // select() alone focuses in Chrome and Firefox, but the spec does not promise it: focus first.
    if (mode === 'rename') {
      renameInput.current?.focus()
      renameInput.current?.select()
    } else if (mode === 'delete') keepButton.current?.focus()
    else if (returnTo.current) {
      ;(returnTo.current === 'rename' ? renameButton : deleteButton).current?.focus()
      returnTo.current = null
    }
  }, [mode])

  const back = (from: 'rename' | 'delete') => {
    returnTo.current = from
    setMode('view')
  }
  // Escape leaves the inline step instead of closing the whole dialog.
  const escapeTo = (from: 'rename' | 'delete') => (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    e.preventDefault()
    e.stopPropagation()
    back(from)
  }
  const report = (r: WriteResult, done: string) => onMessage(r.ok ? done : r.error)

  return (
    <li className="saved-row">
      <div className="saved-row-text">
        <strong>{search.name}</strong>
        <span className="muted">
          <time dateTime={search.savedAt}>{when(search.savedAt)}</time>
          {search.summary && search.summary !== search.name ? ` · ${search.summary}` : ''}
        </span>
      </div>
      {mode === 'rename' ? (
        <form
          className="saved-row-actions"
          onKeyDown={escapeTo('rename')}
          onSubmit={(e) => {
            e.preventDefault()
            const r = apply((s) => renameSearch(s, search.id, name))
            report(r, `Renamed to “${cleanName(name)}”.`)
            if (r.ok) back('rename')
          }}
        >
          <label htmlFor={renameId} className="visually-hidden">
            New name for {search.name}
          </label>
          <input
            ref={renameInput}
            id={renameId}
            value={name}
            maxLength={MAX_NAME}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="button button-primary">
            Rename
          </button>
          <button type="button" className="button" onClick={() => back('rename')}>
            Cancel
          </button>
        </form>
      ) : mode === 'delete' ? (
        <div className="saved-row-actions">
          <span>Delete “{search.name}”?</span>
          <button
            type="button"
            className="button button-danger"
            onKeyDown={escapeTo('delete')}
            onClick={() => {
              const r = apply((s) => deleteSearch(s, search.id))
              report(r, `Deleted “${search.name}”.`)
              if (r.ok) onDeleted()
            }}
          >
            Delete
          </button>
          <button
            ref={keepButton}
            type="button"
            className="button"
            onKeyDown={escapeTo('delete')}
            onClick={() => back('delete')}
          >
            Keep
          </button>
        </div>
      ) : (
        <div className="saved-row-actions">
          <button type="button" className="button button-primary" onClick={() => onOpen(search.query)}>
            Open<span className="visually-hidden"> {search.name}</span>
          </button>
          <button
            ref={renameButton}
            type="button"
            className="button"
            onClick={() => {
              setName(search.name)
              setMode('rename')
            }}
          >
            Rename<span className="visually-hidden"> {search.name}</span>
          </button>
          {action}
          <button ref={deleteButton} type="button" className="button" onClick={() => setMode('delete')}>
            Delete<span className="visually-hidden"> {search.name}</span>
          </button>
        </div>
      )}
    </li>
  )
}
