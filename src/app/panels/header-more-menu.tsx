/**
 * On a phone the header's less frequent actions (saved searches, offline packs, settings) sit behind
 * "More": in one sideways-scrolling row they were off the right edge with nothing to say they were
 * there. A disclosure (ui/use-disclosure.ts), each action closing it before its dialog opens so
 * the dialog hands focus back to "More".
 */
import { useId, useState } from 'react'
import { useDisclosure } from '../../ui/use-disclosure'

export interface HeaderAction {
  label: string
  onSelect: () => void
}

export function HeaderMoreMenu({ actions }: { actions: readonly HeaderAction[] }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const { root, toggle, close, onKeyDown } = useDisclosure(open, setOpen, '.header-more-list button')
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbles here from the buttons inside
    <div className="header-more" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="ghost-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        More ▾
      </button>
      <ul id={menuId} className="header-more-list" hidden={!open}>
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
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
