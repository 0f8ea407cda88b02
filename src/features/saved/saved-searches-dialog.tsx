/** Saved searches: save the current one by name, reopen, rename, delete, export/import as a file. */
import { type ReactNode, useId, useRef, useState } from 'react'
import { downloadBlob } from '../../ui/download'
import { Modal } from '../../ui/modal'
import { MAX_FILE_BYTES, mergeSavedFile, savedFileName, savedSearchesFile } from './saved-file'
import { SavedRow } from './saved-row'
import { cleanName, findByName, listSaved, MAX_NAME, replaceAll, type SavedSearch, saveSearch } from './saved-store'
import { savedStorage, useSavedSearches } from './use-saved-searches'
import './saved.css'

export interface SavedSearchesDialogProps {
  /** The current search as a link query ('' when there is nothing to save). */
  currentQuery: string
  /** Prefills the name; also kept as the search's summary. */
  suggestedName: string
  onOpen(query: string): void
  onClose(): void
  /** An action another feature offers on each saved search (the app composes it: "Watch"). */
  rowAction?(search: SavedSearch): ReactNode
}

export function SavedSearchesDialog({
  currentQuery,
  suggestedName,
  onOpen,
  onClose,
  rowAction,
}: SavedSearchesDialogProps) {
  const ids = { name: useId(), why: useId(), file: useId(), list: useId() }
  const { searches, problem, readOnly, apply } = useSavedSearches()
  const [name, setName] = useState(() => cleanName(suggestedName))
  const [message, setMessage] = useState('')
  // Set after a first Save hit an existing name: the next Save replaces it.
  const [confirmReplace, setConfirmReplace] = useState(false)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const why = !currentQuery
    ? 'Draw an area or add filters first: there is no search to save yet.'
    : readOnly
      ? 'Saving is off: see the note below.'
      : ''

  const save = () => {
    const clean = cleanName(name)
    if (clean && !confirmReplace && findByName(savedStorage(), clean)) {
      setConfirmReplace(true)
      setMessage(`A saved search is already called “${clean}”. Press Replace to overwrite it.`)
      return
    }
    setConfirmReplace(false)
    const r = apply((s) => saveSearch(s, { name, query: currentQuery, summary: suggestedName }))
    setMessage(r.ok ? `Saved “${clean}”.` : r.error)
  }

  const importFile = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_FILE_BYTES) {
      setMessage('This file is too large to be a Plat saved-searches file.')
      return
    }
    let text: string
    try {
      text = await file.text()
    } catch {
      setMessage('The file could not be read.')
      return
    }
    // Merge into what is stored now, not the rendered list: another tab may have saved meanwhile.
    const merged = mergeSavedFile(listSaved(savedStorage()).searches, text)
    if (!merged.ok) return setMessage(merged.error)
    const r = merged.added > 0 ? apply((s) => replaceAll(s, merged.searches)) : { ok: true as const }
    setMessage(r.ok ? merged.message : r.error)
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
          maxLength={MAX_NAME}
          disabled={!!why}
          aria-describedby={why ? ids.why : undefined}
          onChange={(e) => {
            setName(e.target.value)
            setConfirmReplace(false)
          }}
        />
        <button
          type="submit"
          className="button button-primary"
          disabled={!!why}
          aria-describedby={why ? ids.why : undefined}
        >
          {confirmReplace ? 'Replace' : 'Save'}
        </button>
        {why && (
          <p id={ids.why} className="muted saved-why">
            {why}
          </p>
        )}
      </form>
      {/* Always rendered: a live region added together with its text is often not announced. */}
      <p role="status" aria-live="polite" className="saved-message">
        {message}
      </p>
      {problem && <p className="saved-problem">{problem}</p>}

      <h3 id={ids.list} ref={listHeading} tabIndex={-1} className="saved-heading">
        Saved in this browser ({searches.length})
      </h3>
      {searches.length === 0 ? (
        <p className="muted">No saved searches in this browser yet.</p>
      ) : (
        <ul className="saved-list" aria-labelledby={ids.list}>
          {searches.map((s) => (
            <SavedRow
              key={s.id}
              search={s}
              onOpen={onOpen}
              apply={apply}
              onMessage={setMessage}
              onDeleted={() => listHeading.current?.focus()}
              action={rowAction?.(s)}
            />
          ))}
        </ul>
      )}

      <div className="saved-file-actions">
        <button
          type="button"
          className="button"
          disabled={searches.length === 0}
          onClick={() => {
            downloadBlob(new Blob([savedSearchesFile(searches)], { type: 'application/json' }), savedFileName())
            setMessage(`Exported ${searches.length} saved search${searches.length === 1 ? '' : 'es'}.`)
          }}
        >
          Export to file
        </button>
        {/* The real file input stays focusable (keyboard users tab to it); the label is what shows. */}
        <input
          ref={fileInput}
          id={ids.file}
          className="saved-file-input"
          type="file"
          accept=".json,application/json"
          disabled={readOnly}
          onChange={(e) => {
            void importFile(e.target.files?.[0]).finally(() => {
              // Lets the same file be picked again after fixing it.
              if (fileInput.current) fileInput.current.value = ''
            })
          }}
        />
        <label htmlFor={ids.file} className="button">
          Import from file…
        </label>
      </div>
    </Modal>
  )
}
