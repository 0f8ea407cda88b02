/**
 * On a phone the header's less frequent actions (saved searches, offline packs, settings) sit behind
 * "More": in one sideways-scrolling row they were off the right edge with nothing to say they were
 * there. A popover menu (ui/popover-menu.tsx), each action closing it before its dialog opens so
 * the dialog hands focus back to "More".
 */
import { useState } from 'react'
import { PopoverMenu, type PopoverMenuAction } from '../../ui/popover-menu'

export function HeaderMoreMenu({ actions }: { actions: readonly PopoverMenuAction[] }) {
  const [open, setOpen] = useState(false)
  return <PopoverMenu label="More ▾" className="header-more" open={open} onOpenChange={setOpen} actions={actions} />
}
