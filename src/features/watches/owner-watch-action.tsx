/**
 * "Watch this owner" under an owner's holdings: the name, the spellings the person ticked and the
 * states their parcels are in (the holdings pane reads them from the portfolio and hands them here).
 */
import { ownerKey } from '../../../contract/owner-key'
import { WATCH_LIMITS } from '../../../contract/watches/watch-schemas'
import { WatchButton } from './watch-button'
import { watchesApi } from './watches-api'

export interface OwnerWatchProps {
  owner: string
  /** Every name the person ticked (the owner's own spellings among them are left out). */
  names: readonly string[]
  states: readonly string[]
}

/** The other spellings an owner watch needs: one per owner key, none the owner's own, within the limit. */
function ownerVariants(owner: string, names: readonly string[]): string[] {
  const seen = new Set([ownerKey(owner)])
  const out: string[] = []
  for (const name of names) {
    const key = ownerKey(name)
    if (key === null || seen.has(key)) continue
    seen.add(key)
    out.push(name.trim())
  }
  return out.slice(0, WATCH_LIMITS.variants)
}

export function OwnerWatchAction({ owner, names, states }: OwnerWatchProps) {
  const flow = watchesApi.useApi()
  const usable = [...new Set(states.filter((s) => /^[A-Za-z]{2}$/.test(s)).map((s) => s.toUpperCase()))].sort()
  if (usable.length === 0 || owner.trim() === '') return null
  const variants = ownerVariants(owner, names)
  const spellings = variants.length ? `, ${variants.length + 1} spellings` : ''
  return (
    <WatchButton
      flow={flow}
      noun="owner"
      className="button"
      what={`the owner ${owner} (${usable.join(', ')}${spellings})`}
      watched={(f) => f.ownerWatch(owner)}
      body={() => ({ name: `Owner ${owner}`.slice(0, 200), owner, variants, states: usable })}
    />
  )
}
