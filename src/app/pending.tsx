/**
 * PLACEHOLDERS for the UI engineer's components (docs/spa-interfaces.md). Each export is replaced
 * by the real import as soon as its file lands; then this file is deleted.
 */
import type { ParcelRecord } from '../../contract/schemas'

export function ParcelDetails({ record, onClose }: { record: ParcelRecord; onClose(): void }) {
  return (
    <div>
      <button type="button" onClick={onClose}>
        Close
      </button>
      <pre>{JSON.stringify({ ...record, geom: undefined }, null, 1)}</pre>
    </div>
  )
}
export function SettingsDialog({ reason, onClose }: { reason?: string; onClose(): void }) {
  return (
    <div role="dialog" aria-label="Settings">
      {reason}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  )
}
