/**
 * A few slots per owner (an API key) for one kind of work, with a short line behind them: work
 * beyond both is refused at once rather than queued without end (issue 19: one key looping heavy
 * area searches on many connections starved every other caller). Slots are per process. Used for
 * area searches per key (http/parcel-routes.ts) and, with one owner, for the PostgreSQL connections
 * heavy statements may hold (postgres-database.ts).
 */
export interface KeyedSlots {
  /**
   * A slot for `owner` (call the returned function to give it back), after waiting in line when all
   * of theirs are taken; null when the line is full too, or when `signal` fires while waiting.
   */
  acquire(owner: string, signal?: AbortSignal): Promise<(() => void) | null>
}

interface Owner {
  active: number
  line: Array<(granted: boolean) => void>
}

export function keyedSlots({ running, waiting }: { running: number; waiting: number }): KeyedSlots {
  const owners = new Map<string, Owner>()

  const release = (owner: string, state: Owner) => {
    let done = false
    return () => {
      if (done) return
      done = true
      const next = state.line.shift()
      // The slot passes straight to the next in line (it stays counted as active).
      if (next) return next(true)
      state.active--
      if (state.active === 0) owners.delete(owner)
    }
  }

  return {
    async acquire(owner, signal) {
      if (signal?.aborted) return null
      let state = owners.get(owner)
      if (!state) {
        state = { active: 0, line: [] }
        owners.set(owner, state)
      }
      const own = state
      if (own.active < running) {
        own.active++
        return release(owner, own)
      }
      if (own.line.length >= waiting) return null
      const granted = await new Promise<boolean>((resolve) => {
        const onAbort = () => {
          const at = own.line.indexOf(wake)
          if (at >= 0) own.line.splice(at, 1)
          resolve(false)
        }
        const wake = (ok: boolean) => {
          signal?.removeEventListener('abort', onAbort)
          resolve(ok)
        }
        own.line.push(wake)
        signal?.addEventListener('abort', onAbort, { once: true })
      })
      return granted ? release(owner, own) : null
    },
  }
}
