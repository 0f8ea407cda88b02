/** The open parcel's details: beside the map on desktop, a bottom sheet on phones. */
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CompsResult } from '../../features/value/comps-analysis'
import { useAppStore } from '../../state/store'
import { compsCircle, compsOverlay, compsSources, downloadCompsCsv, todayIso } from '../workspace/comps-wiring'
import { CardHoldingsActions } from './card-holdings-actions'
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
  // The latest comps result, for the comps report (the panel's own state stays the panel's).
  const [compsResult, setCompsResult] = useState<CompsResult | null>(null)
  const showComps = useCallback(
    (result: CompsResult | null, subject: ParcelRecord) => {
      setCompsResult(result)
      workspace.showComps(compsOverlay(result, subject))
    },
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
              actions={
                compsResult && (
                  <button type="button" onClick={() => workspace.reports.comps(comps.subject, compsResult)}>
                    Report
                  </button>
                )
              }
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
            actions={<CardHoldingsActions record={record} />}
            onReport={(r) => workspace.reports.parcel(r)}
          />
        </Suspense>
      ) : (
        <div className="details-waiting">
          <p role={waiting?.status === 'failed' ? 'alert' : 'status'}>
            {waiting?.status === 'failed' ? waiting.message : 'Loading parcel…'}
          </p>
          <button type="button" className="link-button" onClick={closeDetails}>
            Close details
          </button>
        </div>
      )}
    </aside>
  )
}
