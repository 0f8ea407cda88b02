/**
 * Over the results of a link or saved search opened after the data changed (issue 23): "4 of these
 * 228 parcels changed since Mar 3, 2025: 2 sold, 1 new owner, 1 split", the parcels listed (each
 * opens; a split one offers its successors), removed parcels of the areas apart, and Dismiss, which
 * makes the search about the data as it is now (the link stops saying it).
 */
import { useId, useState } from 'react'
import type { ChangesState } from './changes-summary'
import { day, detailOf, headline, kindLabel, nameOf, removedLine } from './changes-text'
import './changes.css'

export interface ChangesNoticeProps {
  state: ChangesState
  /** opens a parcel of the results (or a successor of a split one) */
  onOpen(id: string): void
  onDismiss(): void
  /** a result's name for the successor buttons (its parcel number or address) */
  labelOf(id: string): string
}

export function ChangesNotice({ state, onOpen, onDismiss, labelOf }: ChangesNoticeProps) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  if (state.status === 'none') return null
  if (state.status !== 'ready') {
    const text =
      state.status === 'loading'
        ? `Checking what changed since ${day(state.since.date)}…`
        : state.status === 'unknown'
          ? `The data changed since this link was made (${day(state.since.date)}), but the server’s change log does not reach back that far.`
          : `What changed since ${day(state.since.date)} could not be read: ${state.message}`
    return (
      <section className="changes-notice changes-notice-quiet" aria-label="Changes since the link was made">
        <p role="status">{text}</p>
      </section>
    )
  }
  const { summary } = state
  const removed = removedLine(summary)
  const any = summary.changed.length + summary.removed.length > 0
  return (
    <section className="changes-notice" aria-label="Changes since the link was made">
      <div className="changes-head">
        <p className="changes-headline" role="status">
          {headline(summary, state.results, state.since.date)}
          {removed && <span className="changes-removed"> {removed}</span>}
        </p>
        <div className="changes-actions">
          {any && (
            <button
              type="button"
              className="link-button"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide changes' : 'Show changes'}
            </button>
          )}
          <button type="button" className="link-button" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      </div>
      {any && (
        <ul id={listId} className="changes-list" hidden={!open} aria-label="Changed parcels">
          {summary.changed.map((item) => {
            const c = item.change
            const successors = c.kind === 'split' || c.kind === 'renumbered'
            return (
              <li key={`${c.kind}:${c.svc_uuid}`} className="changes-item">
                <span className={`changes-kind changes-kind-${c.kind}`}>{kindLabel(c.kind)}</span>
                {successors ? (
                  <span className="changes-name">{nameOf(c)}</span>
                ) : (
                  <button type="button" className="link-button changes-name" onClick={() => onOpen(c.svc_uuid)}>
                    {nameOf(c)}
                  </button>
                )}
                <span className="changes-detail">
                  {detailOf(item)}
                  {successors && ':'}
                </span>
                {successors &&
                  item.resultIds.map((id) => (
                    <button key={id} type="button" className="link-button" onClick={() => onOpen(id)}>
                      {labelOf(id)}
                    </button>
                  ))}
              </li>
            )
          })}
          {summary.removed.map((c) => (
            <li key={`removed:${c.svc_uuid}`} className="changes-item">
              <span className="changes-kind changes-kind-removed">Removed</span>
              <span className="changes-name">{nameOf(c)}</span>
              <span className="changes-detail">no longer on the server</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
