/**
 * Connection and search settings. Built on the shared Modal (a native <dialog> opened with
 * showModal(): role dialog, modal, labelled by its "Settings" heading, focus moved in and trapped,
 * Escape closes, focus returns to the opener). Edits are a draft: Save applies them, Cancel drops
 * them; a field that does not pass its check says why, and Save then moves the cursor to it instead
 * of closing. The API key is only ever held in component state and the connection store; never logged.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useConnection } from '../../api/connection'
import { useSearchSettings } from '../../config/search-settings'
import type { LoadPolicy } from '../../state/search-spec'
import { Modal } from '../../ui/modal'
import { checkApiKey, checkBaseUrl } from './connection-check'
import './settings.css'

export interface SettingsDialogProps {
  /** Why the dialog opened on its own, e.g. "Invalid API key." Shown as an alert. */
  reason?: string
  onClose(): void
  /** Optional: when both are given, the dialog also offers the load policy radios. */
  loadPolicy?: LoadPolicy
  onLoadPolicyChange?(policy: LoadPolicy): void
}

/** A positive whole number of calls, or null when the text is not one. */
function parseThreshold(text: string): number | null {
  const t = text.trim()
  if (!/^\d+$/.test(t)) return null
  const n = Number(t)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

export function SettingsDialog({ reason, onClose, loadPolicy, onLoadPolicyChange }: SettingsDialogProps) {
  const connection = useConnection()
  const search = useSearchSettings()
  const [baseUrl, setBaseUrl] = useState(connection.baseUrl)
  const [apiKey, setApiKey] = useState(connection.apiKey)
  const [showKey, setShowKey] = useState(false)
  const [remember, setRemember] = useState(connection.remember)
  const [threshold, setThreshold] = useState(String(search.confirmThreshold))
  const [policy, setPolicy] = useState<LoadPolicy>(loadPolicy ?? 'all')
  const keyRef = useRef<HTMLInputElement>(null)
  const urlRef = useRef<HTMLInputElement>(null)
  const thresholdRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const ids = {
    url: `${id}-url`,
    urlNote: `${id}-url-note`,
    key: `${id}-key`,
    keyError: `${id}-key-error`,
    remember: `${id}-remember`,
    rememberHint: `${id}-remember-hint`,
    threshold: `${id}-threshold`,
    thresholdError: `${id}-threshold-error`,
  }
  const thresholdValue = parseThreshold(threshold)
  const urlCheck = checkBaseUrl(baseUrl, window.location.origin)
  const keyCheck = checkApiKey(apiKey)
  const urlNote = urlCheck.ok ? urlCheck.note : urlCheck.reason
  const showPolicy = loadPolicy !== undefined && onLoadPolicyChange !== undefined

  // Opened because of a key problem: put the cursor in the key field. Deferred one task so it runs
  // after the dialog's showModal() has done its own initial focusing.
  useEffect(() => {
    if (!reason) return
    const t = setTimeout(() => keyRef.current?.focus(), 0)
    return () => clearTimeout(t)
  }, [reason])

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const firstInvalid = !urlCheck.ok ? urlRef : !keyCheck.ok ? keyRef : thresholdValue === null ? thresholdRef : null
    if (firstInvalid) {
      firstInvalid.current?.focus()
      return
    }
    connection.set({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim(), remember })
    if (thresholdValue !== null && thresholdValue !== search.confirmThreshold)
      search.set({ confirmThreshold: thresholdValue })
    if (showPolicy && policy !== loadPolicy) onLoadPolicyChange(policy)
    onClose()
  }

  return (
    <Modal title="Settings" onClose={onClose} className="set-dialog">
      <form className="set-form" onSubmit={onSubmit} noValidate>
        {reason && (
          <p className="set-reason" role="alert">
            {reason}
          </p>
        )}

        <fieldset className="set-group">
          <legend>Connection</legend>
          <div className="set-field">
            <label htmlFor={ids.url}>API base URL</label>
            <input
              ref={urlRef}
              id={ids.url}
              type="url"
              inputMode="url"
              placeholder="same origin"
              autoComplete="off"
              spellCheck={false}
              value={baseUrl}
              aria-invalid={!urlCheck.ok}
              aria-describedby={urlNote ? ids.urlNote : undefined}
              onChange={(e) => setBaseUrl(e.target.value)}
            />
            {urlNote && (
              <p id={ids.urlNote} className={urlCheck.ok ? 'set-hint' : 'error-text'}>
                {urlNote}
              </p>
            )}
          </div>
          <div className="set-field">
            <label htmlFor={ids.key}>API key</label>
            <div className="set-key-row">
              <input
                ref={keyRef}
                id={ids.key}
                type={showKey ? 'text' : 'password'}
                autoComplete="off"
                spellCheck={false}
                value={apiKey}
                aria-invalid={!keyCheck.ok}
                aria-describedby={keyCheck.ok ? undefined : ids.keyError}
                onChange={(e) => setApiKey(e.target.value)}
              />
              <button
                type="button"
                className="button"
                aria-pressed={showKey}
                aria-controls={ids.key}
                onClick={() => setShowKey((v) => !v)}
              >
                {showKey ? 'Hide' : 'Show'}
              </button>
            </div>
            {!keyCheck.ok && (
              <p id={ids.keyError} className="error-text">
                {keyCheck.reason}
              </p>
            )}
          </div>
          <div className="set-check">
            <input
              id={ids.remember}
              type="checkbox"
              checked={remember}
              aria-describedby={ids.rememberHint}
              onChange={(e) => setRemember(e.target.checked)}
            />
            <label htmlFor={ids.remember}>Remember on this device</label>
          </div>
          <p id={ids.rememberHint} className="set-hint">
            When ticked, the URL and key are kept in this tab's session storage and survive a reload; otherwise they are
            held in memory only and forgotten when the page closes.
          </p>
        </fieldset>

        <fieldset className="set-group">
          <legend>Searching</legend>
          <div className="set-field set-inline">
            <label htmlFor={ids.threshold}>Ask before searches costing more than</label>
            <input
              ref={thresholdRef}
              id={ids.threshold}
              className="set-number"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={threshold}
              aria-invalid={thresholdValue === null}
              aria-describedby={thresholdValue === null ? ids.thresholdError : undefined}
              onChange={(e) => setThreshold(e.target.value)}
            />
            <span>calls</span>
          </div>
          {thresholdValue === null && (
            <p id={ids.thresholdError} className="error-text">
              Enter a whole number of calls, 1 or more.
            </p>
          )}
          {showPolicy && (
            <div className="set-radios" role="radiogroup" aria-label="Loading results">
              <label>
                <input
                  type="radio"
                  name={`${id}-policy`}
                  value="all"
                  checked={policy === 'all'}
                  onChange={() => setPolicy('all')}
                />
                Load all matching records
              </label>
              <label>
                <input
                  type="radio"
                  name={`${id}-policy`}
                  value="scroll"
                  checked={policy === 'on-demand'}
                  onChange={() => setPolicy('on-demand')}
                />
                Load pages as I scroll
              </label>
            </div>
          )}
        </fieldset>

        <div className="set-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary">
            Save
          </button>
        </div>
      </form>
    </Modal>
  )
}
