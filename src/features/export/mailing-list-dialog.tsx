/** Owner mailing list: a preview, a CSV download and printable address labels. */
import { useMemo, useState } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'
import { extensionOf, mimeOf } from '../../../formats/format-registry'
import { formatAcres } from '../../format/format-value'
import { downloadBlob, printHtml } from '../../ui/download'
import { Modal } from '../../ui/modal'
import { exportFileName } from './file-name'
import { mailingLabelsHtml } from './mailing-labels'
import { buildMailingList, mailingCsv } from './mailing-list'
import './export.css'

const PREVIEW_ROWS = 50
const count = new Intl.NumberFormat('en-US')

export interface MailingListDialogProps {
  records: readonly (ParcelRecord | undefined)[]
  searchSummary: string
  onClose(): void
}

export function MailingListDialog({ records, searchSummary, onClose }: MailingListDialogProps) {
  const list = useMemo(() => buildMailingList(records), [records])
  const [message, setMessage] = useState('')
  const owners = list.entries.length
  const empty = owners === 0

  const downloadCsv = () => {
    const name = exportFileName(`${searchSummary} owners`, extensionOf('csv'))
    downloadBlob(new Blob([mailingCsv(list.entries)], { type: mimeOf('csv') }), name)
    setMessage(`Saved ${count.format(owners)} owners as ${name}.`)
  }

  const printLabels = () => {
    const html = mailingLabelsHtml(list.entries, `Mailing labels — ${searchSummary || 'Plat'}`)
    if (printHtml(html)) {
      setMessage('The labels opened in a new window; use its print dialog at 100% scale.')
      return
    }
    const name = exportFileName(`${searchSummary} labels`, 'html')
    downloadBlob(new Blob([html], { type: 'text/html;charset=utf-8' }), name)
    setMessage(`Pop-ups are blocked, so the labels were saved as ${name}; open it and print.`)
  }

  return (
    <Modal title="Owner mailing list" onClose={onClose} className="exp-dialog">
      <p>
        {count.format(owners)} {owners === 1 ? 'owner' : 'owners'} from {count.format(list.parcels)} loaded parcels.
        {list.withoutOwner > 0 &&
          ` ${count.format(list.withoutOwner)} ${list.withoutOwner === 1 ? 'parcel' : 'parcels'} without an owner name ${list.withoutOwner === 1 ? 'was' : 'were'} left out.`}
      </p>
      {!empty && (
        // A scrolling region must be reachable by keyboard (WCAG 2.1.1): focusable and named.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable preview, focusable so arrow keys scroll it
        <section className="exp-preview" tabIndex={0} aria-label="Owner preview">
          <table>
            <caption>
              {owners > PREVIEW_ROWS ? `First ${PREVIEW_ROWS} of ${count.format(owners)} owners` : 'All owners'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Owner</th>
                <th scope="col">Mailing address</th>
                <th scope="col">Parcels</th>
                <th scope="col">Recorded acres</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.slice(0, PREVIEW_ROWS).map((e) => (
                <tr key={e.key}>
                  <td>{e.name}</td>
                  <td>{e.mailAddress}</td>
                  <td className="exp-num">{count.format(e.parcelCount)}</td>
                  <td className="exp-num">{formatAcres(e.totalAcres)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <div className="exp-actions">
        <button type="button" onClick={downloadCsv} disabled={empty}>
          Download CSV
        </button>
        <button type="button" onClick={printLabels} disabled={empty}>
          Print labels
        </button>
      </div>
      <p aria-live="polite" className="exp-live">
        {message}
      </p>
    </Modal>
  )
}
