/**
 * The packs on this device: each with its size, data date and status, and what can be done with it
 * (show it on the map, reopen its search, update, export, delete), the storage budget the browser
 * grants, and "Take this map view offline".
 */
import { useState } from 'react'
import { FIELD_EXPORTS, type FieldExportKind } from './export-kinds'
import { formatBytes } from './pack-estimate'
import type { PackMeta } from './pack-types'

const n = new Intl.NumberFormat('en-US')
const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US') : 'unknown')

export interface StorageView {
  usage: number | null
  quota: number | null
  persisted: boolean | null
}

export interface PacksPanelProps {
  packs: readonly PackMeta[]
  storage: StorageView | null
  available: boolean
  busy: boolean
  onGoTo(id: string): void
  onOpenSearch(id: string): void
  onUpdate(id: string): void
  onDelete(id: string): void
  onExport(id: string, kind: FieldExportKind): Promise<void>
  onTakeView(): void
}

function StorageBudget({ storage, packBytes }: { storage: StorageView | null; packBytes: number }) {
  if (!storage) return null
  const { usage, quota } = storage
  return (
    <div className="storage-budget">
      {usage !== null && quota !== null && quota > 0 && (
        <meter min={0} max={quota} value={usage} aria-label="Storage used by this site" />
      )}
      <p>
        Packs: {formatBytes(packBytes)}.{' '}
        {usage !== null && quota !== null
          ? `This site uses ${formatBytes(usage)} of ${formatBytes(quota)} the browser allows.`
          : 'The browser does not say how much space it allows.'}{' '}
        {storage.persisted === true
          ? 'Kept under storage pressure (persistent).'
          : storage.persisted === false
            ? 'The browser may clear them when space runs low.'
            : ''}
      </p>
    </div>
  )
}

function PackRow({
  pack,
  busy,
  ...on
}: { pack: PackMeta; busy: boolean } & Omit<
  PacksPanelProps,
  'packs' | 'storage' | 'available' | 'busy' | 'onTakeView'
>) {
  const [exporting, setExporting] = useState<string | null>(null)
  const [kind, setKind] = useState<FieldExportKind>('gpkg')
  const size = pack.tileBytes + pack.recordBytes
  const run = async () => {
    setExporting('Preparing…')
    try {
      await on.onExport(pack.id, kind)
      setExporting(null)
    } catch (e) {
      setExporting(`Export failed: ${(e as Error).message}`)
    }
  }
  return (
    <li className="pack-row" aria-label={pack.name}>
      <div className="pack-row-head">
        <strong>{pack.name}</strong>
        <span className="muted">
          {n.format(pack.records)} parcels · {n.format(pack.tiles)} tiles · {formatBytes(size)}
        </span>
      </div>
      <p className="muted">
        Data of {date(pack.dataDate)} (version {pack.dataVersion || '–'}), stored {date(pack.updatedAt)}
        {pack.status === 'partial' && ` · ${n.format(pack.missingTiles)} tiles missing: Update to finish`}
        {pack.status === 'downloading' && ' · download interrupted: Update or delete it'}
      </p>
      <div className="pack-actions">
        <button type="button" className="ghost-button" onClick={() => on.onGoTo(pack.id)}>
          Show on map
        </button>
        {pack.searchQuery && (
          <button type="button" className="ghost-button" onClick={() => on.onOpenSearch(pack.id)}>
            Open its search
          </button>
        )}
        <button type="button" className="ghost-button" disabled={busy} onClick={() => on.onUpdate(pack.id)}>
          Update
        </button>
        <button type="button" className="ghost-button danger" disabled={busy} onClick={() => on.onDelete(pack.id)}>
          Delete
        </button>
      </div>
      <div className="pack-actions">
        <label>
          Export as{' '}
          <select value={kind} onChange={(e) => setKind(e.target.value as FieldExportKind)}>
            {FIELD_EXPORTS.map((f) => (
              <option key={f.kind} value={f.kind}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="ghost-button" disabled={exporting === 'Preparing…'} onClick={run}>
          Export
        </button>
        {exporting && <span role="status">{exporting}</span>}
      </div>
    </li>
  )
}

export function PacksPanel(props: PacksPanelProps) {
  const { packs, storage, available, busy, onTakeView } = props
  if (!available) return <p>This browser cannot store offline packs (no IndexedDB).</p>
  const packBytes = packs.reduce((sum, p) => sum + p.tileBytes + p.recordBytes, 0)
  return (
    <div className="packs-panel">
      <StorageBudget storage={storage} packBytes={packBytes} />
      {packs.length === 0 ? (
        <p>
          No offline packs yet. Run a search and press <strong>Take offline</strong> over the results, or take the map
          view.
        </p>
      ) : (
        <ul className="pack-list" aria-label="Offline packs">
          {packs.map((p) => (
            <PackRow key={p.id} pack={p} {...props} />
          ))}
        </ul>
      )}
      <button type="button" className="ghost-button" disabled={busy} onClick={onTakeView}>
        Take this map view offline
      </button>
    </div>
  )
}
