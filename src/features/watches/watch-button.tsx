/**
 * "Watch this parcel / owner / area": proposes the watch (the dialog names it), or, when one already
 * covers it, says so and opens the inbox. Hidden where the server keeps no watches (proxy mode).
 */
import type { ReactNode } from 'react'
import type { NewWatchBody } from '../../api/watches'
import { useValueStore } from '../../state/use-value-store'
import type { WatchesFlow } from './watches-flow'
import './watches.css'

export interface WatchButtonProps {
  flow: WatchesFlow
  /** "parcel", "owner", "area" */
  noun: string
  /** The watch already covering it, found on the flow. */
  watched(flow: WatchesFlow): { name: string } | undefined
  /** The body to propose (null: nothing to watch yet). */
  body(): NewWatchBody | null
  what: string
  className?: string
  /** The button's words where "Watch this …" is too long (a row of short actions). */
  labels?: { watch: ReactNode; watching: ReactNode }
  /** Called after either click: a dialog the button sits in closes for the one it opens. */
  onAction?(): void
}

export function WatchButton({
  flow,
  noun,
  watched,
  body,
  what,
  className = 'pd-action',
  labels,
  onAction,
}: WatchButtonProps) {
  const state = useValueStore(flow.state)
  if (state.status === 'absent') return null
  const watch = state.status === 'ready' ? watched(flow) : undefined
  if (watch)
    return (
      <button
        type="button"
        className={`${className} wt-watching`}
        aria-pressed="true"
        title={`Watched as “${watch.name}”: open the inbox`}
        onClick={() => {
          onAction?.()
          flow.openInbox()
        }}
      >
        {labels?.watching ?? `Watching this ${noun} ✓`}
      </button>
    )
  return (
    <button
      type="button"
      className={className}
      aria-pressed="false"
      onClick={() => {
        const b = body()
        if (!b) return
        onAction?.()
        flow.propose(b, what)
      }}
    >
      {labels?.watch ?? `Watch this ${noun}`}
    </button>
  )
}
