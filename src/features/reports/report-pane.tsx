/** The open report (the workspace's report desk), over the whole app; its view loads on first use. */
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { Modal } from '../../ui/modal'
import { reportDeskApi } from './report-desk-api'

const ReportView = lazy(() => import('./report-view').then((m) => ({ default: m.ReportView })))

export function ReportPane() {
  const desk = reportDeskApi.useApi()
  const state = useSyncExternalStore(desk.state.subscribe, desk.state.get, desk.state.get)
  const failure = useSyncExternalStore(desk.failure.subscribe, desk.failure.get, desk.failure.get)
  if (failure && !state)
    return (
      <Modal title="Report" onClose={() => desk.close()}>
        <p role="alert">{failure}</p>
        <div className="dialog-actions">
          <button type="button" className="primary-button" data-autofocus onClick={() => desk.retry()}>
            Try again
          </button>
          <button type="button" className="ghost-button" onClick={() => desk.close()}>
            Close
          </button>
        </div>
      </Modal>
    )
  if (!state) return null
  // A child of <body>, beside the app: the print stylesheet prints it alone.
  return createPortal(
    <Suspense fallback={null}>
      <ReportView
        doc={state.doc}
        paper={state.paper}
        pages={state.pages}
        maps={state.maps}
        onPaper={(p) => desk.setPaper(p)}
        onClose={() => desk.close()}
      />
    </Suspense>,
    document.body,
  )
}
