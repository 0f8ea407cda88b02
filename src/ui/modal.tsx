/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (the focus trap),
 * Escape fires `cancel`, and focus returns to the opener on close.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react'

export function Modal({
  title,
  onClose,
  children,
  className,
}: {
  title: string
  onClose(): void
  children: ReactNode
  className?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    // showModal() focuses the first focusable element, the × button; a dialog that asks for input
    // marks its first field with data-autofocus to start there instead (issue 18, problem 10).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    const onCancel = (e: Event) => {
      e.preventDefault()
      onCloseRef.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (dialog.open) dialog.close()
      opener?.focus?.()
    }
  }, [])
  return (
    <dialog ref={ref} className={`modal ${className ?? ''}`} aria-labelledby={titleId}>
      <header className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  )
}
