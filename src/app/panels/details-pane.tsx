/** The open parcel's details: beside the map on desktop, a bottom sheet on phones. */
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import type { ParcelFate } from '../../features/changes/changes-summary'
import { ParcelFateNote } from '../../features/changes/parcel-fate'
import { useAppStore } from '../../state/store'
import { compsCircle, compsOverlay, compsSources, downloadCompsCsv, todayIso } from '../workspace/comps-wiring'
import { useLookup, usePick, useSearchResult, useWorkspace } from './workspace-context'

const ParcelDetails = lazy(() =>
  import('../../features/parcel/parcel-details').then((m) => ({ default: m.ParcelDetails })),
)
const CompsPanel = lazy(() => import('../../features/value/comps-panel').then((m) => ({ default: m.CompsPanel })))

export function DetailsPane() {
  const workspace = useWorkspace()
  const selectedId = useAppStore((s) => s.selectedId)
  const open = useAppStore((s) => s.detailsOpen)
  const closeDetails = useAppStore((s) => s.closeDetails)
  const lookup = useLookup()
  const pick = usePick()
  const rows = useSearchResult().rows
  const client = useQueryClient()
  // Comparable sales for a subject, and a comp's card opened from its table (comps stay mounted).
  const [comps, setComps] = useState<{ subject: ParcelRecord; comp: ParcelRecord | null } | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the record changes when lookups or rows do
  const record = useMemo(
    () => (selectedId ? (workspace.parcels.recordById(selectedId) ?? null) : null),
    [selectedId, lookup, rows, workspace],
  )
  // A parcel clicked on the map (not a loaded result) is on its way, or could not be loaded.
  const waiting = !record && pick && pick.id === selectedId ? pick : null
  const fate = useParcelFate(waiting?.status === 'failed' ? waiting.id : null)
  const showComps = useCallback(
    (result: Parameters<typeof compsOverlay>[0], subject: ParcelRecord) =>
      workspace.showComps(compsOverlay(result, subject)),
    [workspace],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears the map's comps when the panel goes
  useEffect(() => {
    if (!comps) workspace.showComps(null)
  }, [comps === null, workspace])
  // Another parcel opened, or the details closed: the comps were for the one before.
  if (comps && (!open || comps.subject.svc_uuid !== selectedId)) setComps(null)
  if (!open || (!record && !waiting)) return null
  return (
    // data-covers-map: the map frames a parcel in the part this panel leaves visible.
    <aside className="details-pane" aria-label="Parcel details" data-covers-map="">
      {record && comps ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <div hidden={comps.comp !== null}>
            <CompsPanel
              subject={comps.subject}
              sources={compsSources(client)}
              circle={compsCircle}
              today={todayIso()}
              onClose={() => setComps(null)}
              onOpenComp={(comp) => setComps({ ...comps, comp })}
              onDownload={downloadCompsCsv}
              onResult={showComps}
            />
          </div>
          {comps.comp && (
            <>
              <button
                type="button"
                className="link-button comps-back"
                onClick={() => setComps({ ...comps, comp: null })}
              >
                ← Back to comparable sales
              </button>
              <ParcelDetails record={comps.comp} onClose={() => setComps({ ...comps, comp: null })} />
            </>
          )}
        </Suspense>
      ) : record ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <ParcelDetails
            record={record}
            onClose={closeDetails}
            onOwnerSearch={(r) => workspace.searchOwner(r)}
            onComps={(subject) => setComps({ subject, comp: null })}
          />
        </Suspense>
      ) : (
        <div className="details-waiting">
          {fate ? (
            // A link's parcel that a reload split, merged or renumbered: where its land is now (issue 23).
            <ParcelFateNote
              fate={fate}
              onOpen={(id) => workspace.parcels.fetch(id)}
              labelOf={(id) => {
                const r = workspace.parcels.recordById(id)
                return String(r?.parcel_id ?? r?.situs ?? `parcel ${id.slice(0, 8)}`)
              }}
            />
          ) : (
            <p role={waiting?.status === 'failed' ? 'alert' : 'status'}>
              {waiting?.status === 'failed' ? waiting.message : 'Loading parcel…'}
            </p>
          )}
          <button type="button" className="link-button" onClick={closeDetails}>
            Close details
          </button>
        </div>
      )}
    </aside>
  )
}

/** What became of a parcel that could not be loaded, from the change log (null while unknown). */
function useParcelFate(id: string | null): ParcelFate | null {
  const workspace = useWorkspace()
  const [fate, setFate] = useState<{ id: string; fate: ParcelFate } | null>(null)
  useEffect(() => {
    if (!id) return
    const abort = new AbortController()
    void workspace.changes.fateOf(id, abort.signal).then((f) => {
      if (!abort.signal.aborted && f) setFate({ id, fate: f })
    })
    return () => abort.abort()
  }, [id, workspace])
  return fate && fate.id === id ? fate.fate : null
}
