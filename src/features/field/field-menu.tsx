/**
 * "Offline & field" over the results: take this search offline, or export it for other apps
 * (GeoPackage, PMTiles, KML/GPX waypoints). A popover menu (ui/popover-menu.tsx) like the Export
 * menu beside it, with the export's progress or failure beside the button.
 */
import { useState } from 'react'
import { PopoverMenu } from '../../ui/popover-menu'
import { FIELD_EXPORTS, type FieldExportKind } from './export-kinds'

export interface FieldMenuProps {
  disabled: boolean
  onTakeOffline(): void
  onExport(kind: FieldExportKind): Promise<void>
}

export function FieldMenu({ disabled, onTakeOffline, onExport }: FieldMenuProps) {
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<string | null>(null)
  const run = async (kind: FieldExportKind) => {
    setStatus('Preparing the file…')
    try {
      await onExport(kind)
      setStatus(null)
    } catch (e) {
      setStatus(`Export failed: ${(e as Error).message}`)
    }
  }
  const actions = [
    { label: 'Take this search offline…', onSelect: onTakeOffline },
    ...FIELD_EXPORTS.map((f) => ({ label: `Export ${f.label}`, onSelect: () => void run(f.kind) })),
  ]
  return (
    <PopoverMenu
      label="Offline & field ▾"
      className="field-menu"
      open={open}
      onOpenChange={setOpen}
      disabled={disabled}
      actions={actions}
    >
      {status && (
        <span className="field-menu-status" role="status">
          {status}
        </span>
      )}
    </PopoverMenu>
  )
}
