/** Saved searches: save the current one by name, reopen, rename, delete, export/import as a file. */
import { useId, useState } from 'react'
import { Modal } from '../ui/modal'
import { mergeSavedFile, savedSearchesFile } from './saved-file'
import { deleteSearch, findByName, renameSearch, replaceAll, type SavedSearch, saveSearch } from './saved-store'
import { useSavedSearches } from './use-saved-searches'
import './saved.css'

export interface SavedSearchesDialogProps {
  /** The current search as a link query ('' when there is nothing to save). */
  currentQuery: string
  suggestedName: string
  onOpen(query: string): void
  onClose(): void
}

const when = (iso: string) => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
}

export function SavedSearchesDialog({ currentQuery, suggestedName, onOpen, onClose }: SavedSearchesDialogProps) {
  const ids = { name: useId(), file: useId() }
  const { searches, problem, readOnly, apply } = useSavedSearches()
  const [name, setName] = useState(suggestedName)
  const [message, setMessage] = useState('')
  const [confirmReplace, setConfirmReplace] = useState(false)

  const report = (r: { ok: true } | { ok: false; error: string }, done: string) => setMessage(r.ok ? done : r.error)

  const save = () => {
    if (!confirmReplace && findByName(localStorage, name)) {
      setConfirmReplace(true)
      setMessage(`A saved search is already called “${name.trim()}”. Save again to replace it.`)
      return
    }
    setConfirmReplace(false)
    report(
      apply((s) => saveSearch(s, { name, query: currentQuery, summary: suggestedName })),
      `Saved “${name.trim()}”.`,
    )
  }

  const exportFile = () => {
    const url = URL.createObjectURL(new Blob([savedSearchesFile(searches)], { type: 'application/json' }))
    const a = document.createElement('a')
    a.href = url
    a.download = `plat-saved-searches-${new Date().toISOString().slice(0, 10)}.json`
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  }

  const importFile = async (file: File | undefined) => {
    if (!file) return
    const merged = mergeSavedFile(searches, await file.text())
    if ('error' in merged) setMessage(merged.error)
    else
      report(
        apply((s) => replaceAll(s, merged.searches)),
        merged.message,
      )
  }

  return (
    <Modal title="Saved searches" onClose={onClose} className="saved-dialog">
      <form
        className="saved-form"
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        <label htmlFor={ids.name}>Save the current search as</label>
        <input
          id={ids.name}
          value={name}
          maxLength={100}
          onChange={(e) => {
            setName(e.target.value)
            setConfirmReplace(false)
          }}
        />
        <button type="submit" className="set-button set-primary" disabled={!currentQuery || readOnly}>
          {confirmReplace ? 'Replace' : 'Save'}
        </button>
      </form>
      {!currentQuery && <p className="muted">Draw an area or add filters first: there is no search to save yet.</p>}
      <p role="status" className="saved-message">
        {message || problem || ''}
      </p>

      {searches.length === 0 ? (
        <p className="muted">No saved searches in this browser yet.</p>
      ) : (
        <ul className="saved-list" aria-label="Saved searches">
          {searches.map((s) => (
            <SavedRow key={s.id} search={s} onOpen={onOpen} apply={apply} onMessage={setMessage} />
          ))}
        </ul>
      )}

      <div className="saved-file-actions">
        <button type="button" className="set-button" onClick={exportFile} disabled={searches.length === 0}>
          Export to file
        </button>
        <label htmlFor={ids.file} className="set-button">
          Import from file…
        </label>
        <input
          id={ids.file}
          className="saved-file-input"
          type="file"
          accept=".json,application/json"
          onChange={(e) => void importFile(e.target.files?.[0])}
        />
      </div>
    </Modal>
  )
}

function SavedRow({
  search,
  onOpen,
  apply,
  onMessage,
}: {
  search: SavedSearch
  onOpen(query: string): void
  apply: ReturnType<typeof useSavedSearches>['apply']
  onMessage(m: string): void
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view')
  const [name, setName] = useState(search.name)
  const renameId = useId()
  return (
    <li className="saved-row">
      <div className="saved-row-text">
        <strong>{search.name}</strong>
        <span className="muted">
          {when(search.savedAt)}
          {search.summary && search.summary !== search.name ? ` · ${search.summary}` : ''}
        </span>
      </div>
      {mode === 'rename' ? (
        <form
          className="saved-row-actions"
          onSubmit={(e) => {
            e.preventDefault()
            const r = apply((s) => renameSearch(s, search.id, name))
            onMessage(r.ok ? `Renamed to “${name.trim()}”.` : r.error)
            if (r.ok) setMode('view')
          }}
        >
          <label htmlFor={renameId} className="visually-hidden">
            New name for {search.name}
          </label>
          <input id={renameId} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="set-button">
            Rename
          </button>
          <button type="button" className="set-button" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      ) : mode === 'delete' ? (
        <div className="saved-row-actions">
          <span>Delete “{search.name}”?</span>
          <button
            type="button"
            className="set-button set-danger"
            onClick={() => {
              const r = apply((s) => deleteSearch(s, search.id))
              onMessage(r.ok ? `Deleted “${search.name}”.` : r.error)
            }}
          >
            Delete
          </button>
          <button type="button" className="set-button" onClick={() => setMode('view')}>
            Keep
          </button>
        </div>
      ) : (
        <div className="saved-row-actions">
          <button type="button" className="set-button set-primary" onClick={() => onOpen(search.query)}>
            Open <span className="visually-hidden">{search.name}</span>
          </button>
          <button type="button" className="set-button" onClick={() => setMode('rename')}>
            Rename <span className="visually-hidden">{search.name}</span>
          </button>
          <button type="button" className="set-button" onClick={() => setMode('delete')}>
            Delete <span className="visually-hidden">{search.name}</span>
          </button>
        </div>
      )}
    </li>
  )
}
