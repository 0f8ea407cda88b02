/**
 * The "Export" disclosure: a button with aria-expanded controlling a list of buttons (the APG
 * disclosure pattern, simpler and more predictable for screen readers than role="menu").
 */
import { useId, useMemo, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { loadedRecords } from '../../format/record-columns'
import { downloadBlob } from '../../ui/download'
import { useDisclosure } from '../../ui/use-disclosure'
import { buildExport, EXPORT_KINDS, type ExportKind } from './export-formats'
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
  const ids = { menu: useId(), note: useId() }
  const { root, toggle, close, onKeyDown } = useDisclosure(open, setOpen, '.exp-menu button')
  const loaded = useMemo(() => loadedRecords(records), [records])
  const skipped = records.length - loaded.length
  const { state, run, cancel } = useExportJob()
  const running = state.status === 'running'

  const start = (kind: ExportKind, label: string) => {
    close()
    void run(label, async (options) => {
      const file = await buildExport({ kind, records: loaded, visibleColumns, searchSummary }, options)
      downloadBlob(file.blob, file.fileName)
      return `Saved ${count.format(loaded.length)} records as ${file.fileName}.`
    })
  }

  const none = loaded.length === 0
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles here from the buttons inside
    <div className="exp" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="button exp-toggle"
        aria-expanded={open}
        aria-controls={ids.menu}
        disabled={disabled || running || none}
        onClick={() => setOpen(!open)}
      >
        Export
      </button>
      <div id={ids.menu} className="exp-popover" hidden={!open}>
        <p id={ids.note} className="exp-note">
          {count.format(loaded.length)} loaded records will be exported
          {skipped > 0 ? ` (${count.format(skipped)} not loaded yet are left out)` : ''}.
          {previousSearch && ` They are the results of the search that ran (${searchSummary}), not of the edits since.`}
        </p>
        <ul className="exp-menu" aria-describedby={ids.note}>
          {EXPORT_KINDS.map(({ kind, label }) => (
            <li key={kind}>
              <button type="button" onClick={() => start(kind, label)}>
                {label}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => {
                // Focus the toggle first so the dialog returns focus there, not to a hidden item.
                close()
                setMailing(true)
              }}
            >
              Owner mailing list…
            </button>
          </li>
        </ul>
      </div>
      <ExportStatus state={state} onCancel={cancel} />
      {mailing && (
        <MailingListDialog records={records} searchSummary={searchSummary} onClose={() => setMailing(false)} />
      )}
    </div>
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
