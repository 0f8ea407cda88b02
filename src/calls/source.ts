/**
 * Where a metered run reads one endpoint's answers: the cache first (free), else the network. The
 * app's sources are TanStack Query memory + IndexedDB (cache/cached-sources.ts); tests hand in a
 * Map. Every runner — search, holdings, comparable sales — reads through this one shape.
 */
export interface Source<Req, Res> {
  /** The cached answer, if any; never touches the network. */
  peek(req: Req): Promise<Res | undefined>
  /** Answer from the network (and cache it). `network` false if the cache answered after all. */
  fetch(req: Req, signal: AbortSignal): Promise<{ value: Res; network: boolean }>
}

/**
 * A source that can also answer from memory synchronously: a repeat that memory holds whole (a
 * comps search reopened) renders in the same frame, without waiting a microtask per call.
 */
export interface MemorySource<Req, Res> extends Source<Req, Res> {
  peekMemory(req: Req): Res | undefined
}
