/**
 * Parcel Watch in the app (issue 41, docs/watches-app.md): the key's watches and their events, kept
 * fresh by a modest poll, the inbox's unseen count, and the intents the buttons and the inbox call
 * (propose a watch, create, rename, pause, delete). Every call here is free on our server (watches
 * run on its change log), but each is still a request, so the poll is slow: GET /watches and one
 * GET /watches/{id}/events?since= per active watch every POLL_MS, and again when the window gets
 * focus (at most once per FOCUS_GAP_MS). A server without watches (proxy mode's 501, another
 * server's 404) makes the state `absent` and the poll stops: no error, no retry loop.
 */
import { ownerKey } from '../../../contract/owner-key'
import type { Watch, WatchEvent, WatchEventsResponse, WatchPatch } from '../../../contract/watches/watch-schemas'
import type { NewWatchBody } from '../../api/watches'
import { ValueStore } from '../../state/value-store'
import { readSeen, type SeenMarks, type SeenStorage, writeSeen } from './seen-marks'

/** Two minutes: a county reload is rare (daily at most), and each poll asks once per active watch. */
const POLL_MS = 120_000
/** Coming back to the tab asks again, but not for every alt-tab. */
const FOCUS_GAP_MS = 30_000
/** Events kept per watch in memory: the inbox is a list to read, not an archive (the feed keeps 200). */
const KEEP_PER_WATCH = 200
const PAGE = 1000
const MAX_PAGES = 5

export interface WatchesApi {
  /** null: the server keeps no watches. */
  list(signal: AbortSignal): Promise<Watch[] | null>
  create(body: NewWatchBody): Promise<Watch>
  update(id: string, patch: WatchPatch): Promise<Watch>
  remove(id: string): Promise<void>
  events(id: string, q: { since: number; limit: number }, signal: AbortSignal): Promise<WatchEventsResponse>
}

export interface WatchesDeps {
  api: WatchesApi
  /**
   * Whether the server may keep watches at all: one that says nothing of its coverage (proxy mode,
   * another API) has no change log, and is not even asked — its 501 would still be a failed request
   * in the browser's console.
   */
  mayKeepWatches(): Promise<boolean>
  storage: SeenStorage | null
  /** The seen marks' entry for the server and key in use now (seen-marks.ts `seenEntry`). */
  who(): Promise<string>
  now(): number
  /** Calls `fn` every `ms`; returns the stop. */
  every(ms: number, fn: () => void): () => void
  /** Calls `fn` when the window gets focus; returns the stop. */
  onFocus(fn: () => void): () => void
}

/** An event as the inbox lists it: with its watch, and whether this browser has shown it. */
export interface InboxEvent extends WatchEvent {
  watchId: string
  watchName: string
  unseen: boolean
}

export type WatchesState =
  | { status: 'loading' }
  /** The server keeps no watches (proxy mode, or a server without the extension). */
  | { status: 'absent' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; watches: readonly Watch[]; events: readonly InboxEvent[]; unseen: number }

/** A watch a button proposes: what it covers, and the name the dialog offers. */
export interface WatchDraft {
  body: NewWatchBody
  /** "this parcel (12 Main St)", "the owner MILLER FARMS LLC (2 spellings, IA)" */
  what: string
  status: 'editing' | 'saving'
  error?: string
}

const message = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback)

export class WatchesFlow {
  readonly state = new ValueStore<WatchesState>({ status: 'loading' })
  readonly draft = new ValueStore<WatchDraft | null>(null)
  readonly inboxOpen = new ValueStore<boolean>(false)
  /** The event the person opened: its parcel's card shows the before/after. */
  readonly opened = new ValueStore<InboxEvent | null>(null)
  /** What the last inbox action could not do, in words. */
  readonly problem = new ValueStore<string | null>(null)
  private watches: Watch[] = []
  private events = new Map<string, WatchEvent[]>()
  private seen: SeenMarks = {}
  /** Events that were new when the inbox opened: still marked "New" there while it stays open. */
  private fresh = new Set<string>()
  private entry: string | null = null
  private lastPoll = Number.NEGATIVE_INFINITY
  private polling: Promise<void> | null = null
  private abort: AbortController | null = null
  private readonly stops: (() => void)[] = []

  constructor(private readonly d: WatchesDeps) {}

  /** Starts the poll (the workspace's feature module does, once). */
  start(): void {
    void this.refresh()
    this.stops.push(
      this.d.every(POLL_MS, () => void this.refresh()),
      this.d.onFocus(() => {
        if (this.d.now() - this.lastPoll >= FOCUS_GAP_MS) void this.refresh()
      }),
    )
  }

  dispose(): void {
    this.stopPolling()
    this.abort?.abort()
  }

  /** Another server or key: it may keep watches where the last did not, so ask afresh. */
  restart(): void {
    this.dispose()
    this.polling = null
    this.state.set({ status: 'loading' })
    this.start()
  }

  /** Whether the watch buttons should show: the server keeps watches (or has not said yet). */
  offered(): boolean {
    return this.state.get().status !== 'absent'
  }

  /** Asks the server now (a poll already under way is joined, not doubled). */
  refresh(): Promise<void> {
    if (this.state.get().status === 'absent') return Promise.resolve()
    if (!this.polling) {
      const run: Promise<void> = this.poll().finally(() => {
        if (this.polling === run) this.polling = null
      })
      this.polling = run
    }
    return this.polling
  }

  private async poll(): Promise<void> {
    this.lastPoll = this.d.now()
    const who = await this.d.who()
    if (who !== this.entry) {
      // Another server or key: its watches and marks, not the last one's.
      this.entry = who
      this.seen = readSeen(this.d.storage, who)
      this.watches = []
      this.events = new Map()
    }
    const abort = new AbortController()
    this.abort = abort
    try {
      const watches = (await this.d.mayKeepWatches()) ? await this.d.api.list(abort.signal) : null
      if (abort.signal.aborted) return
      if (watches === null) {
        this.stopPolling()
        return this.state.set({ status: 'absent' })
      }
      const known = new Set(this.watches.map((w) => w.id))
      for (const id of this.events.keys()) if (!watches.some((w) => w.id === id)) this.events.delete(id)
      this.watches = watches
      // A paused watch hears no reload: after its first read there is nothing new to ask it for.
      const ask = watches.filter((w) => !w.paused || !known.has(w.id) || !this.events.has(w.id))
      for (const w of ask) await this.readEvents(w.id, abort.signal)
      if (!abort.signal.aborted) this.publish()
    } catch (e) {
      if (abort.signal.aborted) return
      // The inbox says it; the badge keeps what it knew. The next poll is the retry, at its pace.
      if (this.state.get().status !== 'ready')
        this.state.set({ status: 'failed', message: message(e, 'The watches could not be read.') })
    }
  }

  private async readEvents(id: string, signal: AbortSignal): Promise<void> {
    const list = this.events.get(id) ?? []
    for (let page = 0; page < MAX_PAGES; page++) {
      const since = list.at(-1)?.id ?? 0
      const answer = await this.d.api.events(id, { since, limit: PAGE }, signal)
      list.push(...answer.events)
      if (answer.next === null || answer.events.length === 0) break
    }
    this.events.set(id, list.slice(-KEEP_PER_WATCH))
  }

  private publish(): void {
    const events: InboxEvent[] = []
    for (const w of this.watches)
      for (const e of this.events.get(w.id) ?? [])
        events.push({
          ...e,
          watchId: w.id,
          watchName: w.name,
          unseen: e.id > (this.seen[w.id] ?? 0) || this.fresh.has(`${w.id}:${e.id}`),
        })
    // Newest first: by commit time, then by position in its watch's log.
    events.sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
    this.state.set({
      status: 'ready',
      watches: this.watches,
      events,
      unseen: events.filter((e) => e.id > (this.seen[e.watchId] ?? 0)).length,
    })
  }

  private stopPolling(): void {
    for (const stop of this.stops.splice(0)) stop()
  }

  // --- the inbox ----------------------------------------------------------------------------------

  /** Opens the inbox: what it lists is seen from now on, and it asks for anything newer. */
  openInbox(): void {
    const s = this.state.get()
    this.fresh = new Set(
      s.status === 'ready' ? s.events.filter((e) => e.unseen).map((e) => `${e.watchId}:${e.id}`) : [],
    )
    this.inboxOpen.set(true)
    this.problem.set(null)
    this.markSeen()
    void this.refresh().then(() => {
      if (this.inboxOpen.get()) this.markSeen()
    })
  }

  closeInbox(): void {
    this.inboxOpen.set(false)
    this.fresh.clear()
  }

  /** Opens an event: the inbox closes so the parcel's card (with its before/after) shows. */
  openEvent(event: InboxEvent | null): void {
    this.opened.set(event)
    if (event) this.closeInbox()
  }

  markSeen(): void {
    if (!this.entry) return
    const marks: Record<string, number> = {}
    for (const w of this.watches) {
      const last = this.events.get(w.id)?.at(-1)?.id ?? 0
      marks[w.id] = Math.max(last, this.seen[w.id] ?? 0)
    }
    this.seen = marks
    writeSeen(this.d.storage, this.entry, marks)
    if (this.state.get().status === 'ready') this.publish()
  }

  async rename(id: string, name: string): Promise<void> {
    await this.change(id, { name }, 'The watch could not be renamed')
  }

  async setPaused(id: string, paused: boolean): Promise<void> {
    await this.change(id, { paused }, paused ? 'The watch could not be paused' : 'The watch could not be resumed')
  }

  async remove(id: string): Promise<void> {
    try {
      await this.d.api.remove(id)
      this.watches = this.watches.filter((w) => w.id !== id)
      this.events.delete(id)
      if (this.opened.get()?.watchId === id) this.opened.set(null)
      this.publish()
    } catch (e) {
      this.problem.set(`The watch could not be deleted: ${message(e, 'the server did not answer')}`)
    }
  }

  private async change(id: string, patch: WatchPatch, failed: string): Promise<void> {
    this.problem.set(null)
    try {
      const next = await this.d.api.update(id, patch)
      this.watches = this.watches.map((w) => (w.id === id ? next : w))
      this.publish()
    } catch (e) {
      this.problem.set(`${failed}: ${message(e, 'the server did not answer')}`)
    }
  }

  // --- making a watch -----------------------------------------------------------------------------

  /** A button proposes a watch: the dialog opens with its default name. */
  propose(body: NewWatchBody, what: string): void {
    this.draft.set({ body, what, status: 'editing' })
  }

  cancelDraft(): void {
    this.draft.set(null)
  }

  /** Creates the proposed watch under `name`; the dialog closes once the server has it. */
  async create(name: string): Promise<void> {
    const draft = this.draft.get()
    if (!draft || draft.status === 'saving') return
    this.draft.set({ ...draft, status: 'saving', error: undefined })
    try {
      const watch = await this.d.api.create({ ...draft.body, name: name.trim() || draft.body.name })
      this.watches = [...this.watches, watch]
      this.events.set(watch.id, [])
      if (this.draft.get()?.body === draft.body) this.draft.set(null)
      this.publish()
    } catch (e) {
      if (this.draft.get()?.body === draft.body)
        this.draft.set({ ...draft, status: 'editing', error: message(e, 'The watch could not be made.') })
    }
  }

  /** The watch already covering this parcel by its id, if one does. */
  parcelWatch(svcUuid: string): Watch | undefined {
    return this.watches.find((w) => w.kind === 'parcels' && w.parcels?.includes(svcUuid))
  }

  /** The owner watch made for this name (spelling and case aside), if one is. */
  ownerWatch(owner: string): Watch | undefined {
    const key = ownerKey(owner)
    return key === null ? undefined : this.watches.find((w) => w.kind === 'owner' && ownerKey(w.owner) === key)
  }

  /** The area watch made for exactly this area and these filters, if one is. */
  areaWatch(body: { area: Record<string, unknown>; filters?: readonly unknown[] }): Watch | undefined {
    const key = areaKey(body.area, body.filters)
    return this.watches.find((w) => w.kind === 'area' && w.area && areaKey(w.area, w.filters) === key)
  }
}

/** An area watch's identity: its polygons' coordinates and its filters (the server may add properties). */
function areaKey(area: Record<string, unknown>, filters: readonly unknown[] = []): string {
  const features = Array.isArray(area.features) ? area.features : []
  return JSON.stringify([
    features.map((f: { geometry?: { coordinates?: unknown } }) => f?.geometry?.coordinates),
    filters,
  ])
}
