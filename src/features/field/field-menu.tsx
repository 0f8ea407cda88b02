/**
 * "Offline & field" over the results: take this search offline, or export it for other apps
 * (GeoPackage, PMTiles, KML/GPX waypoints). A disclosure like the Export menu beside it.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { FIELD_EXPORTS, type FieldExportKind } from './export-kinds'

export interface FieldMenuProps {
  disabled: boolean
  onTakeOffline(): void
  onExport(kind: FieldExportKind): Promise<void>
}

export function FieldMenu({ disabled, onTakeOffline, onExport }: FieldMenuProps) {
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<string | null>(null)
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])
  const run = async (kind: FieldExportKind) => {
    setOpen(false)
    setStatus('Preparing the file…')
    try {
      await onExport(kind)
      setStatus(null)
    } catch (e) {
      setStatus(`Export failed: ${(e as Error).message}`)
    }
  }
  return (
    <div className="field-menu" ref={root}>
      <button
        type="button"
        className="ghost-button"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      >
        Offline & field ▾
      </button>
      {open && (
        <div id={menuId} className="field-menu-list">
          <button
            type="button"
            onClick={() => {
              setOpen(false)
              onTakeOffline()
            }}
          >
            Take this search offline…
          </button>
          {FIELD_EXPORTS.map((f) => (
            <button key={f.kind} type="button" onClick={() => void run(f.kind)}>
              Export {f.label}
            </button>
          ))}
        </div>
      )}
      {status && (
        <span className="field-menu-status" role="status">
          {status}
        </span>
      )}
    </div>
  )
}
