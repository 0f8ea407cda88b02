/** The one open dialog (the store's `ui` union), each loaded on first use. */
import type { Polygon } from 'geojson'
import { lazy } from 'react'
import type { AppState } from '../state/store'
import { Modal } from '../ui/modal'

const ShortcutsDialog = lazy(() => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })))
const SettingsDialog = lazy(() => import('../settings/settings-dialog').then((m) => ({ default: m.SettingsDialog })))
const SavedSearchesDialog = lazy(() =>
  import('../saved/saved-searches-dialog').then((m) => ({ default: m.SavedSearchesDialog })),
)
const ImportDialog = lazy(() => import('../import/import-dialog').then((m) => ({ default: m.ImportDialog })))
const BufferForm = lazy(() => import('../import/buffer-form').then((m) => ({ default: m.BufferForm })))

export interface AppDialogsProps {
  s: Pick<AppState, 'ui' | 'closeDialog' | 'loadPolicy' | 'setLoadPolicy'>
  currentQuery: string
  summary: string
  onOpenQuery(query: string): void
  onPolygons(polygons: Polygon[], notices: string[], source: string): void
}

export function AppDialogs({ s, currentQuery, summary, onOpenQuery, onPolygons }: AppDialogsProps) {
  const ui = s.ui
  switch (ui.kind) {
    case 'settings':
      return (
        <SettingsDialog
          reason={ui.reason}
          onClose={s.closeDialog}
          loadPolicy={s.loadPolicy}
          onLoadPolicyChange={s.setLoadPolicy}
        />
      )
    case 'shortcuts':
      return <ShortcutsDialog onClose={s.closeDialog} />
    case 'saved':
      return (
        <SavedSearchesDialog
          currentQuery={currentQuery}
          suggestedName={summary}
          onOpen={(q) => {
            s.closeDialog()
            onOpenQuery(q)
          }}
          onClose={s.closeDialog}
        />
      )
    case 'import':
      return <ImportDialog onImport={onPolygons} onClose={s.closeDialog} />
    case 'buffer':
      return (
        <Modal title={`Buffer ${ui.label}`} onClose={s.closeDialog}>
          <p>Adds a search area covering everything within this distance of the {ui.label}.</p>
          <BufferForm
            geometry={ui.geometry}
            onPolygons={(polygons) => {
              onPolygons(polygons, [], `the buffered ${ui.label}`)
              s.closeDialog()
            }}
          />
        </Modal>
      )
    default:
      return null
  }
}
