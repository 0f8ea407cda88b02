/**
 * How many ids one `svc_uuid in` list may hold on this server, learnt as the session goes. The spec
 * sets no cap; ours takes 50,000, another server may answer 413 (or 422 on the list). A refusal
 * halves the size for every later chunk of every later search of the session, so one refused call is
 * paid once, not once per search. One instance per search session: the only home of this number.
 */
import { DEFAULT_MAX_CHUNK } from './chunk-plan'

export class ChunkSizer {
  private size: number

  constructor(initial = DEFAULT_MAX_CHUNK) {
    this.size = Math.max(1, Math.floor(initial))
  }

  /** Largest id list to send now. */
  get max(): number {
    return this.size
  }

  /** A list of `refusedSize` ids was refused: later lists hold at most half of it. Returns the new max. */
  refused(refusedSize: number): number {
    this.size = Math.max(1, Math.min(this.size, Math.floor(refusedSize / 2)))
    return this.size
  }
}
