/**
 * Taking an area offline, step by step: what the pack will hold and weigh (before anything is
 * downloaded), then a progress bar with Cancel, then what was stored and how long it took.
 */
import { useId, useState } from 'react'
import type { DownloadProgress } from './pack-download'
import { formatBytes } from './pack-estimate'
import type { PackPlan } from './pack-maker'
import type { PackMeta } from './pack-types'

export type PackJobView =
  | { stage: 'plan'; plan: PackPlan; updating: string | null }
  | { stage: 'refused'; reason: string }
  | { stage: 'downloading'; plan: PackPlan; progress: DownloadProgress; startedAt: number }
  | { stage: 'done'; meta: PackMeta; seconds: number }
  | { stage: 'failed'; message: string }

const n = new Intl.NumberFormat('en-US')

export interface PackJobProps {
  job: PackJobView
  /** Free space the browser grants this site (null: unknown). */
  freeBytes: number | null
  onDownload(keepBuildings: boolean): void
  onCancel(): void
  onClose(): void
  onShowPacks(): void
}

export function PackJob({ job, freeBytes, onDownload, onCancel, onClose, onShowPacks }: PackJobProps) {
  const [buildings, setBuildings] = useState(true)
  const buildingsId = useId()
  switch (job.stage) {
    case 'refused':
    case 'failed':
      return (
        <div className="pack-job">
          <p role="alert">{job.stage === 'refused' ? job.reason : job.message}</p>
          <div className="pack-actions">
            <button type="button" className="ghost-button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )
    case 'plan': {
      const { plan } = job
      const e = plan.estimate
      const tooBig = freeBytes !== null && e.totalBytes > freeBytes
      return (
        <div className="pack-job">
          <p className="pack-name">{plan.name}</p>
          <dl className="pack-facts">
            <dt>Parcel map tiles</dt>
            <dd>
              {plan.tiles.length === 0
                ? 'none (this server makes no parcel tiles)'
                : `${n.format(e.tiles)} tiles, zoom ${plan.coverage?.tiles?.min_zoom ?? 10}–${plan.coverage?.tiles?.max_zoom ?? 16}, ≈ ${formatBytes(e.tileBytes)}`}
            </dd>
            <dt>Parcel records</dt>
            <dd>
              {n.format(e.records)} already loaded, {formatBytes(e.recordBytes)} (no API calls)
            </dd>
            <dt>Data</dt>
            <dd>
              version {plan.coverage?.version ?? 'unknown'}
              {plan.dataDate ? `, loaded ${new Date(plan.dataDate).toLocaleDateString('en-US')}` : ''}
            </dd>
            <dt>Estimated size</dt>
            <dd data-testid="pack-estimate">≈ {formatBytes(e.totalBytes)}</dd>
          </dl>
          {plan.hasBuildings && (
            <p>
              <input
                id={buildingsId}
                type="checkbox"
                checked={buildings}
                onChange={(ev) => setBuildings(ev.target.checked)}
              />{' '}
              <label htmlFor={buildingsId}>Include building footprints</label>
            </p>
          )}
          <p className="muted">
            Base map offline: state and county lines and town names come with the app; parcel tiles are free (not
            counted against your allowance).
          </p>
          {tooBig && (
            <p role="alert">
              The browser grants this site about {formatBytes(freeBytes ?? 0)} more: take a smaller area or delete a
              pack.
            </p>
          )}
          <div className="pack-actions">
            <button type="button" className="ghost-button" onClick={onClose}>
              Not now
            </button>
            <button
              type="button"
              className="primary-button"
              data-autofocus
              disabled={tooBig}
              onClick={() => onDownload(buildings)}
            >
              {job.updating ? 'Update pack' : 'Download'} (≈ {formatBytes(e.totalBytes)})
            </button>
          </div>
        </div>
      )
    }
    case 'downloading': {
      const p = job.progress
      const text = `${n.format(p.done)} of ${n.format(p.total)} tiles, ${formatBytes(p.bytes)}`
      return (
        <div className="pack-job">
          <p className="pack-name">{job.plan.name}</p>
          <progress
            className="pack-progress"
            max={Math.max(1, p.total)}
            value={p.done}
            aria-label="Pack download"
            aria-valuetext={text}
          />
          <p aria-live="polite">
            {text}
            {p.failed > 0 ? `, ${n.format(p.failed)} failed` : ''}
          </p>
          <div className="pack-actions">
            <button type="button" className="ghost-button" onClick={onCancel}>
              Cancel download
            </button>
          </div>
        </div>
      )
    }
    case 'done': {
      const m = job.meta
      return (
        <div className="pack-job">
          <p role="status">
            <strong>{m.name}</strong> is available offline: {n.format(m.records)} parcels, {n.format(m.tiles)} tiles,{' '}
            {formatBytes(m.tileBytes + m.recordBytes)}, in {job.seconds.toFixed(1)} s.
            {m.missingTiles > 0 &&
              ` ${n.format(m.missingTiles)} tiles could not be fetched: Update the pack to finish it.`}
          </p>
          <p className="muted">
            Its outline shows on the map. With no signal, the map, the details, the table and filters work inside it.
          </p>
          <div className="pack-actions">
            <button type="button" className="ghost-button" onClick={onShowPacks}>
              Offline packs
            </button>
            <button type="button" className="primary-button" data-autofocus onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )
    }
  }
}
