/** The header bar: brand, address search, and the app-wide actions. */
import type { ParcelRecord } from '../../../contract/schemas'
import { OfflinePacksButton, offlinePacksLabel } from '../../features/field/field-panels'
import { AddressBox } from '../../features/lookup/address-box'
import { InboxButton, WatchesDialogs } from '../../features/watches/watches-panels'
import { WordsBox } from '../../features/words/words-box'
import { useAppStore } from '../../state/store'
import { useValueStore } from '../../state/use-value-store'
import { useMediaQuery } from '../../ui/use-media-query'
import { CopyLinkButton } from './copy-link-button'
import { HeaderMoreMenu } from './header-more-menu'
import { useCoverage, useWorkspace } from './workspace-context'

/** The phone layout's width (app.css): the header's actions share one row there. */
const PHONE_QUERY = '(max-width: 760px)'

export function AppHeader() {
  const workspace = useWorkspace()
  const openDialog = useAppStore((s) => s.openDialog)
  const sheetOpen = useAppStore((s) => s.searchSheetOpen)
  const setSheetOpen = useAppStore((s) => s.setSearchSheetOpen)
  const coverage = useCoverage()
  const holdingsTab = useAppStore((s) => s.holdingsTab)
  const openHoldings = useAppStore((s) => s.openHoldings)
  const phone = useMediaQuery(PHONE_QUERY)
  const packs = useValueStore(workspace.field.packs)
  const more = [
    { label: 'Saved searches', onSelect: () => openDialog({ kind: 'saved' }) },
    { label: offlinePacksLabel(packs.length), onSelect: () => workspace.field.panelOpen.set(true) },
    { label: 'Settings', onSelect: () => openDialog({ kind: 'settings' }) },
  ]
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
      <WordsBox flow={workspace.words} />
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
        <InboxButton />
        <CopyLinkButton />
        {phone ? (
          <HeaderMoreMenu actions={more} />
        ) : (
          <>
            <button type="button" className="ghost-button" onClick={more[0]!.onSelect}>
              Saved searches
            </button>
            <OfflinePacksButton />
            <button type="button" className="ghost-button" onClick={() => openDialog({ kind: 'shortcuts' })}>
              Shortcuts
            </button>
            <button type="button" className="ghost-button" onClick={more[2]!.onSelect}>
              Settings
            </button>
          </>
        )}
      </div>
      <WatchesDialogs
        onOpenParcel={(id, version) => {
          // On a phone the search sheet would cover the card.
          setSheetOpen(false)
          workspace.parcels.openChanged(id, version)
        }}
      />
    </header>
  )
}
