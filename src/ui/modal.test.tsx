/** The one modal every dialog uses: a native <dialog>, labelled by its title, that gives focus back. */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import { Modal } from './modal'

afterEach(cleanup)

function Harness({ onClose }: { onClose?(): void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open report
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <Modal
          title="Report"
          className="report-dialog"
          onClose={() => {
            onClose?.()
            setOpen(false)
          }}
        >
          <label>
            Title <input />
          </label>
        </Modal>
      )}
    </>
  )
}

async function openModal(onClose?: () => void) {
  const user = userEvent.setup()
  render(<Harness onClose={onClose} />)
  const opener = screen.getByRole('button', { name: 'Open report' })
  await user.click(opener)
  const dialog = screen.getByRole('dialog', { name: 'Report' }) as HTMLDialogElement
  return { user, opener, dialog }
}

it('opens as a modal dialog named by its heading, with its content and a Close button', async () => {
  const { dialog } = await openModal()
  expect(dialog.open).toBe(true)
  expect(dialog.className).toContain('report-dialog')
  const heading = screen.getByRole('heading', { level: 2, name: 'Report' })
  expect(dialog.getAttribute('aria-labelledby')).toBe(heading.id)
  expect(screen.getByLabelText('Title')).toBeTruthy()
  expect(dialog.contains(screen.getByRole('button', { name: 'Close' }))).toBe(true)
})

it('× closes it and focus goes back to the button that opened it', async () => {
  const onClose = vi.fn()
  const { user, opener } = await openModal(onClose)
  await user.click(screen.getByLabelText('Title'))
  await user.click(screen.getByRole('button', { name: 'Close' }))
  expect(onClose).toHaveBeenCalledTimes(1)
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(opener)
})

it('Escape (the dialog’s cancel event) asks the owner to close instead of closing the dialog behind its back', async () => {
  const onClose = vi.fn()
  const { user, opener, dialog } = await openModal(onClose)
  await user.type(screen.getByLabelText('Title'), 'draft')
  // A browser fires `cancel` on the open modal when Escape is pressed; happy-dom does not, so it is sent here.
  const cancel = new Event('cancel', { cancelable: true })
  dialog.dispatchEvent(cancel)
  // The native close is prevented: React state stays the one truth about whether the dialog is open.
  expect(cancel.defaultPrevented).toBe(true)
  expect(onClose).toHaveBeenCalledTimes(1)
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(document.activeElement).toBe(opener)
})

it('an owner that keeps the dialog open on Escape keeps it open', async () => {
  const user = userEvent.setup()
  const onClose = vi.fn()
  render(
    <Modal title="Unsaved changes" onClose={onClose}>
      <p>Still here</p>
    </Modal>,
  )
  const dialog = screen.getByRole('dialog', { name: 'Unsaved changes' }) as HTMLDialogElement
  dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
  expect(onClose).toHaveBeenCalledTimes(1)
  expect(dialog.open).toBe(true)
  expect(screen.getByText('Still here')).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Close' }))
  expect(onClose).toHaveBeenCalledTimes(2)
})

it('opens with focus on the field marked data-autofocus, not on the × button', () => {
  render(
    <Modal title="Search a county" onClose={() => {}}>
      <label htmlFor="st">State</label>
      <select id="st" data-autofocus>
        <option>Iowa</option>
      </select>
    </Modal>,
  )
  expect(document.activeElement).toBe(screen.getByLabelText('State'))
})
