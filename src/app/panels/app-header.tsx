/** The header bar: brand, address search, and the app-wide actions. */
import type { ParcelRecord } from '../../../contract/schemas'
import { AddressBox } from '../../features/lookup/address-box'
import { useAppStore } from '../../state/store'
import { CopyLinkButton } from './copy-link-button'
import { OfflinePacksButton } from './field-panels'
import { useCoverage, useWorkspace } from './workspace-context'

export function AppHeader() {
  const workspace = useWorkspace()
  const openDialog = useAppStore((s) => s.openDialog)
  const sheetOpen = useAppStore((s) => s.searchSheetOpen)
  const setSheetOpen = useAppStore((s) => s.setSearchSheetOpen)
  const coverage = useCoverage()
  const holdingsTab = useAppStore((s) => s.holdingsTab)
  const openHoldings = useAppStore((s) => s.openHoldings)
  return (
    <header className="app-header">
      <h1 className="brand">
        <span aria-hidden="true" className="brand-mark" />
        Plat
      </h1>
      <AddressBox
        onChoose={(r: ParcelRecord) => workspace.parcels.showAddress(r)}
        covered={coverage.status === 'ready' ? coverage.coverage.counties : []}
        onJump={(c) => workspace.jumpTo(c)}
      />
      <div className="header-actions">
        <button
          type="button"
          className="ghost-button sheet-toggle"
          aria-expanded={sheetOpen}
          aria-controls="search-controls"
          onClick={() => setSheetOpen(!sheetOpen)}
        >
          {sheetOpen ? 'Show map' : 'Areas & filters'}
        </button>
        <button
          type="button"
          className="ghost-button"
          aria-pressed={holdingsTab !== null}
          onClick={() => {
            openHoldings(holdingsTab ? null : 'owner')
            setSheetOpen(holdingsTab === null)
          }}
        >
          Holdings &amp; lists
        </button>
        <CopyLinkButton />
        <button type="button" className="ghost-button" onClick={() => openDialog({ kind: 'saved' })}>
          Saved searches
        </button>
        <OfflinePacksButton />
        <button type="button" className="ghost-button desktop-only" onClick={() => openDialog({ kind: 'shortcuts' })}>
          Shortcuts
        </button>
        <button type="button" className="ghost-button" onClick={() => openDialog({ kind: 'settings' })}>
          Settings
        </button>
      </div>
    </header>
  )
}
