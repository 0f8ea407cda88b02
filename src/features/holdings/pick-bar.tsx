/** While picking parcels for the assemblage: what a map click does now, the count, and Done. */
import { useAppStore } from '../../state/store'

export function PickBar() {
  const picking = useAppStore((s) => s.picking)
  const count = useAppStore((s) => s.assemblage?.ids.length ?? 0)
  const setPicking = useAppStore((s) => s.setPicking)
  const openHoldings = useAppStore((s) => s.openHoldings)
  const setSheetOpen = useAppStore((s) => s.setSearchSheetOpen)
  if (!picking) return null
  return (
    <div className="hold-pickbar" role="status" aria-label="Picking parcels">
      <span>
        Click parcels to add or remove · <strong>{count}</strong> in the assemblage
      </span>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          setPicking(false)
          openHoldings('assemblage')
          setSheetOpen(true)
        }}
      >
        Done
      </button>
    </div>
  )
}
