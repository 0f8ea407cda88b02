/**
 * Copy link when the setup was edited after the last Search (issue 18, problem 1): the rows on
 * screen answer the search that ran, the panels show the edits. A link of the edits alone would
 * open with no results at all, so the choice is the user's: the results (the search that ran, run
 * again on opening) or the edited search (not run). A disclosure like Export, not role="menu".
 */
import { type KeyboardEvent, useEffect, useId, useRef } from 'react'
import './link-choice.css'

export interface LinkChoiceProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** Copies the link to the search the rows answer (it runs when opened). */
  onCopyResults(): void
  /** Copies the link to the edited, not yet searched setup. */
  onCopyEdited(): void
  /** What the shown results are, e.g. "2 areas" (the submitted search's summary). */
  resultsSummary: string
}

export function LinkChoice({ open, onOpenChange, onCopyResults, onCopyEdited, resultsSummary }: LinkChoiceProps) {
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    root.current?.querySelector<HTMLButtonElement>('.link-choice-list button')?.focus()
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) onOpenChange(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open, onOpenChange])
  const close = () => {
    onOpenChange(false)
    toggle.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation()
      close()
    }
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles here from the buttons inside
    <div className="link-choice" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="ghost-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpenChange(!open)}
      >
        Copy link
      </button>
      <div id={id} className="link-choice-popover" hidden={!open}>
        <p className="link-choice-note">The search was edited since the results on screen were found.</p>
        <ul className="link-choice-list">
          <li>
            <button
              type="button"
              onClick={() => {
                close()
                onCopyResults()
              }}
            >
              Link to these results
              <span className="link-choice-detail">{resultsSummary}, searched when opened</span>
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close()
                onCopyEdited()
              }}
            >
              Link to the edited search
              <span className="link-choice-detail">Not searched yet: opens with no results</span>
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
