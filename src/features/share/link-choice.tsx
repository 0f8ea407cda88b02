/**
 * Copy link when the setup was edited after the last Search (issue 18, problem 1): the rows on
 * screen answer the search that ran, the panels show the edits. A link of the edits alone would
 * open with no results at all, so the choice is the user's: the results (the search that ran, run
 * again on opening) or the edited search (not run). A popover menu like Export (ui/popover-menu.tsx).
 */
import { PopoverMenu } from '../../ui/popover-menu'
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
  return (
    <PopoverMenu
      label="Copy link"
      className="link-choice"
      open={open}
      onOpenChange={onOpenChange}
      note="The search was edited since the results on screen were found."
      actions={[
        {
          label: 'Link to these results',
          detail: `${resultsSummary}, searched when opened`,
          onSelect: onCopyResults,
        },
        {
          label: 'Link to the edited search',
          detail: 'Not searched yet: opens with no results',
          onSelect: onCopyEdited,
        },
      ]}
    />
  )
}
