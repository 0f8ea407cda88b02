/**
 * The watches' place in the layout: the header's inbox button with its badge of unseen changes, the
 * inbox as a dialog, the dialog that names a new watch, and the opened event over the parcel card.
 */
import { useValueStore } from '../../state/use-value-store'
import { Modal } from '../../ui/modal'
import { EventChange } from './event-change'
import { InboxPanel } from './inbox-panel'
import { WatchDialog } from './watch-dialog'
import { watchesApi } from './watches-api'
import './watches.css'

/**
 * "Inbox" with the count of changes this browser has not shown. It stays where the server keeps no
 * watches: the inbox is where the app says so.
 */
export function InboxButton() {
  const flow = watchesApi.useApi()
  const state = useValueStore(flow.state)
  const unseen = state.status === 'ready' ? state.unseen : 0
  return (
    <button
      type="button"
      className="ghost-button wt-inbox-button"
      aria-label={unseen ? `Watch inbox, ${unseen} new change${unseen === 1 ? '' : 's'}` : 'Watch inbox'}
      onClick={() => flow.openInbox()}
    >
      {/* On a phone the icon stands for the word, so the header's actions keep to one row (watches.css). */}
      <svg className="wt-inbox-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path
          d="M1.5 9.5 3.5 2.5h9l2 7v4h-13zM1.5 9.5h4l1 2h3l1-2h4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
      </svg>
      <span className="wt-inbox-word">Inbox</span>
      {unseen > 0 && (
        <span className="wt-badge" aria-hidden="true">
          {unseen > 99 ? '99+' : unseen}
        </span>
      )}
    </button>
  )
}

/** The inbox and the new-watch dialog, as the flow says they are open. */
export function WatchesDialogs({ onOpenParcel }: { onOpenParcel(id: string, dataVersion: string): void }) {
  const flow = watchesApi.useApi()
  const open = useValueStore(flow.inboxOpen)
  const state = useValueStore(flow.state)
  const problem = useValueStore(flow.problem)
  const draft = useValueStore(flow.draft)
  return (
    <>
      {open && (
        <Modal title="Watch inbox" onClose={() => flow.closeInbox()} className="wt-inbox-dialog">
          <InboxPanel
            state={state}
            problem={problem}
            onOpenEvent={(e) => {
              flow.openEvent(e)
              onOpenParcel(e.svc_uuid, e.data_version)
            }}
            onRename={(id, name) => void flow.rename(id, name)}
            onPause={(id, paused) => void flow.setPaused(id, paused)}
            onDelete={(id) => void flow.remove(id)}
          />
        </Modal>
      )}
      {draft && (
        <WatchDialog
          key={draft.what}
          draft={draft}
          onCreate={(name) => void flow.create(name)}
          onCancel={() => flow.cancelDraft()}
        />
      )}
    </>
  )
}

/** The opened event's before/after, over the card of its parcel (nothing for any other parcel). */
export function OpenedEventChange({ svcUuid, link }: { svcUuid: string | null; link: string }) {
  const flow = watchesApi.useApi()
  const opened = useValueStore(flow.opened)
  if (!opened || opened.svc_uuid !== svcUuid) return null
  return <EventChange event={opened} link={link} onClose={() => flow.openEvent(null)} />
}
