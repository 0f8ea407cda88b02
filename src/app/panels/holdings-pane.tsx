/**
 * Holdings & lists in the left panel (a sheet on phones): the owner's portfolio, the assemblage and
 * list lookups, wired to the workspace's holdings flows; exports through the export feature's
 * writers, the assemblage's link and save through the share codec and saved searches.
 */
import { useShallow } from 'zustand/react/shallow'
import { AssemblagePanel } from '../../features/holdings/assemblage-panel'
import { holdingsFile, parcelListFile, tableFile } from '../../features/holdings/holdings-files'
import { HoldingsPanel } from '../../features/holdings/holdings-panel'
import type { FileKind } from '../../features/holdings/holdings-views'
import { ListPanel } from '../../features/holdings/list-panel'
import { OwnerPanel } from '../../features/holdings/owner-panel'
import { saveSearch } from '../../features/saved/saved-store'
import { savedStorage } from '../../features/saved/use-saved-searches'
import { OwnerWatchAction } from '../../features/watches/owner-watch-action'
import { useAppStore } from '../../state/store'
import { useValueStore } from '../../state/use-value-store'
import { copyText } from '../../ui/copy-text'
import { downloadBlob } from '../../ui/download'
import { shareQuery } from './copy-link-button'
import { useCoverage, useWorkspace } from './workspace-context'

const save = async (file: Promise<{ blob: Blob; fileName: string }> | { blob: Blob; fileName: string }) => {
  const { blob, fileName } = await file
  downloadBlob(blob, fileName)
}

export function HoldingsPane() {
  const s = useAppStore(
    useShallow((st) => ({
      tab: st.holdingsTab,
      openHoldings: st.openHoldings,
      picking: st.picking,
      setPicking: st.setPicking,
    })),
  )
  if (!s.tab) return null
  return (
    <HoldingsPanel tab={s.tab} onTab={s.openHoldings} onClose={() => s.openHoldings(null)}>
      {s.tab === 'owner' ? <OwnerTab /> : s.tab === 'assemblage' ? <AssemblageTab /> : <ListTab />}
    </HoldingsPanel>
  )
}

function OwnerTab() {
  const { holdings, reports } = useWorkspace()
  const setSheetOpen = useAppStore((s) => s.setSearchSheetOpen)
  const state = useValueStore(holdings.owner.state)
  const merge = useValueStore(holdings.merged)
  const title = state.status === 'idle' ? 'owner' : state.question.name
  const exportParcels = (kind: FileKind) => {
    const labels = new Map<string, string>()
    for (const h of holdings.holdings()) for (const id of h.parcelIds) labels.set(id, h.label)
    void save(parcelListFile(holdings.owner.records(), labels, kind, title))
  }
  return (
    <>
      <OwnerPanel
        state={state}
        merge={merge}
        onAsk={(name) => holdings.owner.ask(name)}
        onAdjust={(c) => holdings.owner.adjust(c)}
        onRun={() => void holdings.owner.run()}
        onConfirm={(yes) => holdings.owner.confirm(yes)}
        onCancel={() => holdings.owner.cancel()}
        onInclude={(key, on) => holdings.owner.setIncluded(key, on)}
        onFrame={(id) => {
          // On a phone the panel is a sheet over the map: show the map to see the holding.
          setSheetOpen(false)
          holdings.frameHoldings(id)
        }}
        onShowTable={() =>
          holdings.show({ source: 'owner', title: `Holdings of ${title}`, records: holdings.owner.records() })
        }
        onReport={() => {
          const portfolio = holdings.portfolio()
          if (portfolio) reports.holding(portfolio)
        }}
        onExportHoldings={(kind) => void save(holdingsFile(holdings.holdings(), kind, title))}
        onExportParcels={exportParcels}
      />
      {state.status === 'done' && (
        // The owner as the person ticked it: the included spellings, in the states their parcels are in.
        <OwnerWatchAction
          owner={state.question.name}
          names={state.result.groups.filter((g) => state.included.includes(g.key)).map((g) => g.name)}
          states={holdings.owner.records().map((r) => String(r.state ?? ''))}
        />
      )}
    </>
  )
}

function AssemblageTab() {
  const workspace = useWorkspace()
  const { holdings } = workspace
  const state = useValueStore(holdings.assemblage.state)
  const s = useAppStore(
    useShallow((st) => ({
      picking: st.picking,
      setPicking: st.setPicking,
      renameAssemblage: st.renameAssemblage,
      toggle: st.toggleAssemblageParcel,
      setAssemblage: st.setAssemblage,
      setSheetOpen: st.setSearchSheetOpen,
      openHoldings: st.openHoldings,
    })),
  )
  const name = state.status === 'empty' ? 'assemblage' : state.ref.name
  return (
    <AssemblagePanel
      state={state}
      picking={s.picking}
      onPicking={(on) => {
        s.setPicking(on)
        // On a phone the panel is a sheet over the map: get it out of the way to pick.
        if (on) s.setSheetOpen(false)
      }}
      onRename={s.renameAssemblage}
      onRemove={(id) => s.toggle(id)}
      onClear={() => s.setAssemblage(null)}
      onFrame={() => {
        s.setSheetOpen(false)
        holdings.frameAssemblage()
      }}
      onOpen={(id) => workspace.parcels.openById(id)}
      onCopyLink={() => copyText(`${window.location.origin}${window.location.pathname}?${shareQuery()}`)}
      onSave={(n) =>
        saveSearch(savedStorage(), {
          name: n,
          query: shareQuery(),
          summary: `Assemblage of ${state.status === 'ready' ? state.records.length : 0} parcels`,
        })
      }
      // Its outline joins the search areas; the search panel shows them, ready for Search.
      onSearchArea={() => {
        if (workspace.holdings.searchAssemblage() > 0) s.openHoldings(null)
      }}
      onExport={(kind) => {
        const a = holdings.assemblage.state.get()
        if (a.status === 'ready' && a.summary) void save(holdingsFile([a.summary], kind, name))
      }}
    />
  )
}

function ListTab() {
  const { holdings } = useWorkspace()
  const state = useValueStore(holdings.list.state)
  const coverage = useCoverage()
  const source = state.status === 'empty' ? 'list' : state.setup.source
  return (
    <ListPanel
      state={state}
      counties={coverage.status === 'ready' ? coverage.coverage.counties : []}
      onLoad={(text, src) => holdings.list.load(text, src)}
      onChange={(c) => holdings.list.change(c)}
      onRun={() => void holdings.list.run()}
      onCancel={() => holdings.list.cancel()}
      onClear={() => holdings.list.clear()}
      onShowTable={() => {
        const l = holdings.list.state.get()
        if (l.status === 'done') holdings.show({ source: 'list', title: `List: ${source}`, records: l.result.records })
      }}
      onExport={(onlyNotFound) => {
        const table = holdings.list.answers(onlyNotFound)
        if (table) void save(tableFile(table, `${source} ${onlyNotFound ? 'not found' : 'answers'}`))
      }}
    />
  )
}
