/**
 * The custom assemblage: parcels picked on the map or from a card, kept in the store by id (and so
 * in the link, `g=`). Their records are found where they already are (search rows, lookups,
 * portfolio and list answers) or fetched — one parcel by the card's own request (`svc_uuid eq`, so
 * a parcel whose card was open costs nothing), many (a shared link) in `svc_uuid in` chunks of 100:
 * calls = ⌈k / 100⌉ for k parcels not yet known. Then merged like a holding: outline, acres (shared
 * footprints once), owners with their mailing addresses, total value.
 */
import type { ParcelRecord, QueryRequest } from '../../../contract/schemas'
import { ApiError } from '../../api/api-error'
import { parcelByIdBody } from '../../api/parcel-by-id'
import { type QuerySourceLike, Runner } from '../../calls/runner'
import type { AppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import { outlineOf } from './dissolve'
import { dissolveOffThread } from './dissolve-client'
import { footprints, type HoldingSummary, summarizeHolding } from './holding-summary'
import type { AssemblageState } from './holdings-views'

export interface AssemblageFlowDeps {
  store: AppStore
  query(): QuerySourceLike | null
  /** A record the app already holds (search rows, lookups, holdings). */
  known(id: string): ParcelRecord | undefined
  reportError(e: ApiError): void
  changed(): void
}

const CHUNK = 100

export class AssemblageFlow {
  readonly state = new ValueStore<AssemblageState>({ status: 'empty' })
  private readonly fetched = new Map<string, ParcelRecord>()
  private readonly gone = new Set<string>()
  private generation = 0
  private calls = 0

  constructor(private readonly d: AssemblageFlowDeps) {
    d.store.subscribe((s, prev) => {
      if (s.assemblage !== prev.assemblage) void this.refresh()
    })
    // A link's assemblage: after the workspace that owns this flow is built (its lookups read it).
    if (d.store.getState().assemblage) queueMicrotask(() => void this.refresh())
  }

  /** Records of the assemblage's parcels, as far as loaded. */
  records(): ParcelRecord[] {
    const s = this.state.get()
    return s.status === 'ready' ? s.records : []
  }

  recordById(id: string): ParcelRecord | undefined {
    return this.fetched.get(id)
  }

  async refresh(): Promise<void> {
    const ref = this.d.store.getState().assemblage
    const mine = ++this.generation
    if (!ref) {
      this.state.set({ status: 'empty' })
      this.d.changed()
      return
    }
    const have = (id: string) => this.fetched.get(id) ?? this.d.known(id)
    const missing = ref.ids.filter((id) => !have(id) && !this.gone.has(id))
    if (missing.length > 0) {
      const prev = this.state.get()
      if (prev.status !== 'ready') this.state.set({ status: 'loading', ref })
      try {
        await this.fetchMissing(missing)
      } catch (e) {
        if (mine !== this.generation) return
        if (e instanceof ApiError) this.d.reportError(e)
        this.state.set({
          status: 'failed',
          ref,
          message: e instanceof Error ? e.message : 'The parcels could not be loaded.',
        })
        return
      }
      if (mine !== this.generation) return
    }
    const records = ref.ids.map(have).filter((r): r is ParcelRecord => !!r)
    for (const r of records) this.fetched.set(r.svc_uuid, r)
    const parts = footprints(records)
    let summary: HoldingSummary | null = null
    if (parts.length > 0) {
      const groups = await dissolveOffThread(parts)
      if (mine !== this.generation) return
      const outline = groups.length === 1 ? (groups[0]?.outline ?? null) : outlineOf(groups.map((g) => g.outline))
      if (outline) summary = summarizeHolding('A1', ref.name, records, outline)
    }
    const gone = ref.ids.filter((id) => !have(id))
    this.state.set({ status: 'ready', ref, records, summary, missing: gone, calls: this.calls })
    this.d.changed()
  }

  private async fetchMissing(ids: string[]): Promise<void> {
    const query = this.d.query()
    if (!query) throw new Error('No parcel server is connected.')
    const runner = new Runner({ signal: new AbortController().signal })
    // One parcel: the card's own request (cached when its card was open). Many: id chunks.
    const bodies: QueryRequest[] =
      ids.length === 1
        ? [parcelByIdBody(ids[0] as string)]
        : chunks([...ids].sort(), CHUNK).map((c) => ({
            filters: [{ field: 'svc_uuid', op: 'in', value: c }],
            order: { field: 'svc_uuid', direction: 'asc' },
            limit: CHUNK,
          }))
    const pages = await runner.pool(bodies, (b) => runner.get(query, b))
    this.calls += runner.tally.calls
    for (const p of pages) for (const r of p.results) this.fetched.set(r.svc_uuid, r)
    for (const id of ids) if (!this.fetched.has(id)) this.gone.add(id)
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
