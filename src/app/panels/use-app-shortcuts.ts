/** The app-wide keys, routed to the store and the workspace (src/app/use-shortcuts.ts decodes them). */
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../state/store'
import { useShortcuts } from './use-shortcuts'
import { useWorkspace } from './workspace-context'

export function useAppShortcuts(): void {
  const workspace = useWorkspace()
  const s = useAppStore(
    useShallow((st) => ({
      setTool: st.setTool,
      toolLocked: st.toolLocked,
      setToolLocked: st.setToolLocked,
      openDialog: st.openDialog,
      undoAreas: st.undoAreas,
      redoAreas: st.redoAreas,
      dialogOpen: st.ui.kind !== 'none',
    })),
  )
  useShortcuts({
    onTool: s.setTool,
    onToggleLock: () => s.setToolLocked(!s.toolLocked),
    onEscape: () => workspace.escape(),
    onHelp: () => s.openDialog({ kind: 'shortcuts' }),
    onUndo: s.undoAreas,
    onRedo: s.redoAreas,
    disabled: s.dialogOpen,
  })
}
