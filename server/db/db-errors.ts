/**
 * Why a statement did not produce rows, as values the HTTP layer maps to answers (a timeout or a
 * full queue is the caller's request being too expensive or the server being busy, never a 500).
 */
export class QueryTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`statement ran longer than ${timeoutMs} ms`)
    this.name = 'QueryTimeoutError'
  }
}

/** The caller went away (its AbortSignal fired) before the statement finished. */
export class QueryCancelledError extends Error {
  constructor() {
    super('statement cancelled: the request was aborted')
    this.name = 'QueryCancelledError'
  }
}

/** Too many statements are already waiting; try again in `retryAfterSeconds`. */
export class DatabaseBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many statements waiting for the database')
    this.name = 'DatabaseBusyError'
  }
}

/** The database cannot be reached or restarted under the statement. */
export class DatabaseUnavailableError extends Error {
  constructor(reason: string) {
    super(`database unavailable: ${reason}`)
    this.name = 'DatabaseUnavailableError'
  }
}

/**
 * What may be logged of a database error: message and SQLSTATE only. Driver errors carry the SQL and
 * its parameters (up to megabytes of caller text), which never go to a log.
 */
export function describeDbError(e: unknown): string {
  if (!(e instanceof Error)) return String(e).slice(0, 500)
  const code = (e as { code?: unknown }).code
  return `${e.name}: ${e.message.slice(0, 500)}${typeof code === 'string' ? ` (${code})` : ''}`
}
