/**
 * Copy link when the setup was edited after the last Search (issue 18, problem 1): the rows on
 * screen answer the search that ran, the panels show the edits. A link of the edits alone would
 * open with no results at all, so the choice is the user's: the results (the search that ran, run
 * again on opening) or the edited search (not run). A disclosure like Export, not role="menu".
 */
import { useId } from 'react'
import { useDisclosure } from '../../ui/use-disclosure'
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
  const { root, toggle, close, onKeyDown } = useDisclosure(open, onOpenChange, '.link-choice-list button')
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
