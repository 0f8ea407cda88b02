/**
 * Names a proposed watch and makes it: a sensible name to start from, what it covers, and that it
 * costs no calls (watches run on the server's change log, not on the key's allowance).
 */
import { type FormEvent, useId, useState } from 'react'
import { Modal } from '../../ui/modal'
import type { WatchDraft } from './watches-flow'

export interface WatchDialogProps {
  draft: WatchDraft
  onCreate(name: string): void
  onCancel(): void
}

export function WatchDialog({ draft, onCreate, onCancel }: WatchDialogProps) {
  const [name, setName] = useState(draft.body.name)
  const id = useId()
  const saving = draft.status === 'saving'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (name.trim()) onCreate(name)
  }
  return (
    <Modal title="Watch for changes" onClose={onCancel} className="wt-dialog">
      <form className="wt-form" onSubmit={submit}>
        <p>
          Be told in the inbox when {draft.what} changes at a county reload: a new owner, a sale, a value or acreage
          change, a split or merge, a removal.
        </p>
        <label htmlFor={id}>Name</label>
        <input
          id={id}
          data-autofocus=""
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          disabled={saving}
        />
        <p className="muted">Costs no calls: the server checks its change log at each reload.</p>
        {draft.error && (
          <p className="error-text" role="alert">
            {draft.error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="primary-button" disabled={saving || name.trim() === ''}>
            {saving ? 'Creating…' : 'Create watch'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
