/** Asks before a new sort order spends calls (the server must page the matches again in that order). */
import { fieldDef } from '../../../contract/fields'
import type { SortOrder } from '../../state/search-slice'
import { Modal } from '../../ui/modal'

export function SortDialog({
  order,
  calls,
  onConfirm,
  onClose,
}: {
  order: SortOrder
  calls: number
  onConfirm(): void
  onClose(): void
}) {
  const what = order
    ? `by ${fieldDef(order.field)?.label ?? order.field}, ${order.direction === 'asc' ? 'ascending' : 'descending'}`
    : 'in the server’s default order'
  return (
    <Modal title="Sort on the server?" onClose={onClose}>
      <p>
        Not every match is loaded, so sorting {what} asks the server again: about{' '}
        <strong>
          {calls.toLocaleString('en-US')} API call{calls === 1 ? '' : 's'}
        </strong>
        , counted against the key’s allowance. The rows loaded now are replaced.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Keep the current order
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm}>
          Sort on the server
        </button>
      </div>
    </Modal>
  )
}
