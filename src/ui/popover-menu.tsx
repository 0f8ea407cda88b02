/**
 * A button that shows and hides a popover of actions: Export, the stale "Copy link" choice and the
 * phone header's "More". The APG disclosure pattern (aria-expanded on the toggle, plain buttons in a
 * list), simpler and more predictable for screen readers than role="menu". On open the first action
 * takes focus; a press outside closes it; Escape closes it and returns focus to the toggle, and so
 * does every action before it runs, so a dialog the action opens hands focus back to the toggle, not
 * to a hidden item. The look is `.popover-menu` in ui.css; each menu sizes itself through its class.
 */
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef } from 'react'

export interface PopoverMenuAction {
  label: string
  /** A second, quieter line inside the button (part of its accessible name). */
  detail?: string
  onSelect(): void
}

export interface PopoverMenuProps {
  /** The toggle's text and accessible name. */
  label: string
  open: boolean
  onOpenChange(open: boolean): void
  /** Labels are the React keys, so they must differ within one menu. */
  actions: readonly PopoverMenuAction[]
  /** A line above the actions. */
  note?: ReactNode
  /** The note says what the actions will do, so the list is aria-describedby it (Export's count). */
  noteDescribesActions?: boolean
  /** The root's own class: the menu's size and place (the popover aligns to the root's right edge). */
  className: string
  toggleClassName?: string
  disabled?: boolean
  /** More inside the root after the popover (Export's progress and dialog): presses there do not close it. */
  children?: ReactNode
}

export function PopoverMenu(props: PopoverMenuProps) {
  const { label, open, onOpenChange, actions, note, noteDescribesActions, className, children } = props
  const ids = { panel: useId(), note: useId() }
  const { root, toggle, close, onKeyDown } = useDisclosure(open, onOpenChange)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles here from the buttons inside
    <div className={`popover-menu ${className}`} ref={root} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className={props.toggleClassName ?? 'ghost-button'}
        aria-expanded={open}
        aria-controls={ids.panel}
        disabled={props.disabled}
        onClick={() => onOpenChange(!open)}
      >
        {label}
      </button>
      <div id={ids.panel} className="popover-menu-panel" hidden={!open}>
        {note !== undefined && (
          <p id={ids.note} className="popover-menu-note">
            {note}
          </p>
        )}
        <ul className="popover-menu-list" aria-describedby={noteDescribesActions ? ids.note : undefined}>
          {actions.map((a) => (
            <li key={a.label}>
              <button
                type="button"
                onClick={() => {
                  close()
                  a.onSelect()
                }}
              >
                {a.label}
                {a.detail !== undefined && <span className="popover-menu-detail">{a.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {children}
    </div>
  )
}

function useDisclosure(open: boolean, onOpenChange: (open: boolean) => void) {
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    root.current?.querySelector<HTMLElement>('.popover-menu-list button')?.focus()
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) onOpenChange(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open, onOpenChange])
  const close = useCallback(() => {
    onOpenChange(false)
    toggle.current?.focus()
  }, [onOpenChange])
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation()
      close()
    }
  }
  return { root, toggle, close, onKeyDown }
}
