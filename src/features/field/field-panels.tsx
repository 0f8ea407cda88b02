/**
 * The field's place in the layout (issue 24): "Where am I" and the offline notice over the map, the
 * packs list and the take-offline steps as dialogs, the "new version" notice, and the results'
 * "Offline & field" menu. Each reads the workspace's field flow and calls its intents.
 */
import './field.css'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import type { SearchRunView } from '../../ports/feature-context'
import { useAppStore } from '../../state/store'
import { useValueStore } from '../../state/use-value-store'
import { Modal } from '../../ui/modal'
import { fieldApi } from './field-api'
import { FieldMenu } from './field-menu'
import { OfflineNotice } from './offline-notice'
import { PositionBanner } from './position-banner'
import { UpdateNotice } from './update-notice'

// The dialogs' contents load on first use, not with the app's first paint.
const PackJob = lazy(() => import('./pack-job').then((m) => ({ default: m.PackJob })))
const PacksPanel = lazy(() => import('./packs-panel').then((m) => ({ default: m.PacksPanel })))

/** The browser's own idea of the network (airplane mode, no signal). */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false)
  useEffect(() => {
    const on = () => setOnline(true)
    const off = () => setOnline(false)
    window.addEventListener('online', on)
    window.addEventListener('offline', off)
    return () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', off)
    }
  }, [])
  return online
}

/** Over the map: the locate button's banner and, with no signal, where the packs are. */
export function FieldMapOverlays({ onOpen }: { onOpen(record: ParcelRecord): void }) {
  const field = fieldApi.useApi()
  const place = useValueStore(field.place)
  const packs = useValueStore(field.packs)
  const answeredBy = useValueStore(field.answeredOffline)
  const online = useOnline()
  const center = useAppStore((s) => s.view.center)
  const viewInPack = packs.some(
    (p) => center[0] >= p.bbox[0] && center[0] <= p.bbox[2] && center[1] >= p.bbox[1] && center[1] <= p.bbox[3],
  )
  const overlays = useRef<HTMLDivElement>(null)
  const locating = place.status !== 'off'
  // While the position is followed, the map is told which of its edges the banners cover, so the
  // dot is framed clear of them (desktop: under the toolbar, at the top; phone: by the thumb, at
  // the bottom). Measured as laid out, again whenever the banners change size.
  useEffect(() => {
    const el = overlays.current
    const map = el?.parentElement?.querySelector<HTMLElement>('.maplibregl-canvas')
    if (!el || !map || !locating || typeof ResizeObserver === 'undefined') return
    const measure = () => {
      const o = el.getBoundingClientRect()
      const m = map.getBoundingClientRect()
      const atTop = o.top + o.height / 2 < m.top + m.height / 2
      const covered = o.height === 0 ? 0 : atTop ? o.bottom - m.top : m.bottom - o.top
      const room = Math.max(0, Math.min(Math.round(covered), m.height / 2 - 40))
      field.setBannerRoom(atTop ? { top: room, bottom: 0 } : { top: 0, bottom: room })
    }
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    observer.observe(map)
    return () => observer.disconnect()
  }, [locating, field])
  return (
    <div className="field-overlays" ref={overlays}>
      <PositionBanner place={place} onOpen={onOpen} onStop={() => field.stopLocating()} />
      <OfflineNotice
        offline={!online}
        answeredBy={online ? null : answeredBy}
        packs={packs}
        viewInPack={viewInPack}
        onGoTo={(id) => field.goTo(id)}
      />
      {place.status === 'off' && (
        <button type="button" className="ghost-button where-am-i" onClick={() => field.locate()}>
          Where am I?
        </button>
      )}
    </div>
  )
}

/** Header: the packs on this device. */
/** The header's packs action, with how many this device holds. */
export const offlinePacksLabel = (packs: number) => `Offline packs${packs ? ` (${packs})` : ''}`

export function OfflinePacksButton() {
  const field = fieldApi.useApi()
  const packs = useValueStore(field.packs)
  return (
    <button type="button" className="ghost-button" onClick={() => field.panelOpen.set(true)}>
      {offlinePacksLabel(packs.length)}
    </button>
  )
}

/** Over the results: take the search offline, or export it for other apps. */
export function ResultsFieldMenu({ search }: { search: SearchRunView }) {
  const field = fieldApi.useApi()
  const busy = useValueStore(field.job)?.stage === 'downloading'
  return (
    <FieldMenu
      disabled={busy || search.rows.length === 0 || search.status === 'planning' || search.status === 'loading'}
      onTakeOffline={() => field.planSearch()}
      onExport={(kind) => field.exportSearch(kind)}
    />
  )
}

/** The packs list and the take-offline steps, as dialogs; the service worker's "new version". */
export function FieldDialogs() {
  const field = fieldApi.useApi()
  const open = useValueStore(field.panelOpen)
  const job = useValueStore(field.job)
  const packs = useValueStore(field.packs)
  const storage = useValueStore(field.storage)
  useEffect(() => {
    if (open) void field.refreshStorage()
  }, [open, field])
  const free = storage?.quota != null && storage.usage != null ? storage.quota - storage.usage : null
  return (
    <>
      <UpdateNotice />
      {open && !job && (
        <Modal title="Offline packs" onClose={() => field.panelOpen.set(false)} className="packs-dialog">
          <Suspense fallback={<p>Loading…</p>}>
            <PacksPanel
              packs={packs}
              storage={storage}
              available={field.available}
              busy={false}
              onGoTo={(id) => field.goTo(id)}
              onOpenSearch={(id) => field.openPackSearch(id)}
              onUpdate={(id) => void field.planUpdate(id)}
              onDelete={(id) => {
                const name = packs.find((p) => p.id === id)?.name ?? 'this pack'
                if (window.confirm(`Delete the offline pack “${name}”?`)) void field.remove(id)
              }}
              onExport={(id, kind) => field.exportPack(id, kind)}
              onTakeView={() => field.planView()}
            />
          </Suspense>
        </Modal>
      )}
      {job && (
        <Modal title="Take offline" onClose={() => (job.stage === 'downloading' ? field.cancel() : field.closeJob())}>
          <Suspense fallback={<p>Loading…</p>}>
            <PackJob
              job={job}
              freeBytes={free}
              onDownload={(keep) => void field.download(keep)}
              onCancel={() => field.cancel()}
              onClose={() => field.closeJob()}
              onShowPacks={() => {
                field.closeJob()
                field.panelOpen.set(true)
              }}
            />
          </Suspense>
        </Modal>
      )}
    </>
  )
}
