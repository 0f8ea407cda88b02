/** The one open dialog (the store's `ui` union), each loaded on first use. */
import type { Polygon } from 'geojson'
import { lazy } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { SavedSearchWatchAction } from '../../features/watches/saved-search-watch-action'
import { describeSearch } from '../../format/search-summary'
import { useAppStore } from '../../state/store'
import { Modal } from '../../ui/modal'
import { shareQuery } from './copy-link-button'
import { useWorkspace } from './workspace-context'

const ShortcutsDialog = lazy(() => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })))
const SettingsDialog = lazy(() =>
  import('../../features/settings/settings-dialog').then((m) => ({ default: m.SettingsDialog })),
)
const SavedSearchesDialog = lazy(() =>
  import('../../features/saved/saved-searches-dialog').then((m) => ({ default: m.SavedSearchesDialog })),
)
const ImportDialog = lazy(() =>
  import('../../features/import/import-dialog').then((m) => ({ default: m.ImportDialog })),
)
const BufferForm = lazy(() => import('../../features/import/buffer-form').then((m) => ({ default: m.BufferForm })))
const CountyDialog = lazy(() => import('./county-dialog').then((m) => ({ default: m.CountyDialog })))
const SortDialog = lazy(() => import('./sort-dialog').then((m) => ({ default: m.SortDialog })))

export function AppDialogs() {
  const workspace = useWorkspace()
  const s = useAppStore(
    useShallow((st) => ({
      ui: st.ui,
      closeDialog: st.closeDialog,
      loadPolicy: st.loadPolicy,
      setLoadPolicy: st.setLoadPolicy,
      mode: st.mode,
      areas: st.areas,
      filters: st.filters,
    })),
  )
  const ui = s.ui
  const onPolygons = (
    polygons: Parameters<typeof workspace.draw.addAreas>[0],
    notices: string[],
    source: string,
    names?: ReadonlyMap<Polygon, string>,
  ) => workspace.draw.addAreas(polygons, notices, source, undefined, names)
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
          currentQuery={s.areas.length > 0 || s.filters.length > 0 ? shareQuery() : ''}
          suggestedName={describeSearch({ mode: s.mode, areas: s.areas, filters: s.filters })}
          onOpen={(q) => {
            s.closeDialog()
            workspace.openSearch(q)
          }}
          onClose={s.closeDialog}
          rowAction={(search) => (
            <SavedSearchWatchAction name={search.name} query={search.query} onAction={s.closeDialog} />
          )}
        />
      )
    case 'import':
      return <ImportDialog onImport={onPolygons} onClose={s.closeDialog} />
    case 'county':
      return (
        <CountyDialog
          onClose={s.closeDialog}
          onPick={(polygons, name) => {
            s.closeDialog()
            workspace.searches.polygons(polygons, name)
          }}
        />
      )
    case 'sort':
      return (
        <SortDialog
          order={ui.order}
          calls={ui.calls}
          onConfirm={() => {
            s.closeDialog()
            workspace.searches.applySort(ui.order, { costAccepted: true })
          }}
          onClose={s.closeDialog}
        />
      )
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
