/**
 * The "Export" popover menu (ui/popover-menu.tsx): a note of how many records go, one action per
 * format, and the owner mailing list; progress and errors show beside the button.
 */
import { useMemo, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { EXPORT_OFFERS } from '../../../formats/format-registry'
import { loadedRecords } from '../../format/record-columns'
import { downloadBlob } from '../../ui/download'
import { PopoverMenu } from '../../ui/popover-menu'
import { buildExport, type ExportKind } from './export-formats'
import { MailingListDialog } from './mailing-list-dialog'
import { useExportJob } from './use-export-job'
import './export.css'

const count = new Intl.NumberFormat('en-US')

export interface ExportMenuProps {
  records: readonly (ParcelRecord | undefined)[]
  visibleColumns: string[]
  searchSummary: string
  disabled?: boolean
  /** The setup was edited since these rows were found: the file holds the search that ran (issue 18). */
  previousSearch?: boolean
}

export function ExportMenu({ records, visibleColumns, searchSummary, disabled, previousSearch }: ExportMenuProps) {
  const [open, setOpen] = useState(false)
  const [mailing, setMailing] = useState(false)
  const loaded = useMemo(() => loadedRecords(records), [records])
  const skipped = records.length - loaded.length
  const { state, run, cancel } = useExportJob()
  const running = state.status === 'running'

  const start = (kind: ExportKind, label: string) =>
    void run(label, async (options) => {
      const file = await buildExport({ kind, records: loaded, visibleColumns, searchSummary }, options)
      downloadBlob(file.blob, file.fileName)
      return `Saved ${count.format(loaded.length)} records as ${file.fileName}.`
    })
  const actions = [
    ...EXPORT_OFFERS.map(({ kind, label }) => ({ label, onSelect: () => start(kind, label) })),
    { label: 'Owner mailing list…', onSelect: () => setMailing(true) },
  ]

  return (
    <PopoverMenu
      label="Export"
      className="exp"
      toggleClassName="button exp-toggle"
      open={open}
      onOpenChange={setOpen}
      disabled={disabled || running || loaded.length === 0}
      actions={actions}
      noteDescribesActions
      note={
        <>
          {count.format(loaded.length)} loaded records will be exported
          {skipped > 0 ? ` (${count.format(skipped)} not loaded yet are left out)` : ''}.
          {previousSearch && ` They are the results of the search that ran (${searchSummary}), not of the edits since.`}
        </>
      }
    >
      <ExportStatus state={state} onCancel={cancel} />
      {mailing && (
        <MailingListDialog records={records} searchSummary={searchSummary} onClose={() => setMailing(false)} />
      )}
    </PopoverMenu>
  )
}

function ExportStatus({ state, onCancel }: { state: ReturnType<typeof useExportJob>['state']; onCancel(): void }) {
  return (
    <div className="exp-status">
      <p aria-live="polite" className="exp-live">
        {state.status === 'running' &&
          `Exporting ${state.label}: ${count.format(state.done)} / ${count.format(state.total)}…`}
        {state.status === 'done' && state.message}
      </p>
      {state.status === 'running' && (
        <button type="button" className="exp-cancel" onClick={onCancel}>
          Cancel export
        </button>
      )}
      {state.status === 'error' && (
        <p role="alert" className="exp-error">
          {state.message}
        </p>
      )}
    </div>
  )
}
