/** Messages between the embedded database's owner (main thread) and its worker (pglite-worker.ts). */
export type WorkerRequest =
  | { kind: 'query'; id: number; sql: string; params: unknown[] }
  | { kind: 'exec'; id: number; sql: string; params: [] }
  /** `sql` is `COPY … FROM '/dev/blob'`; `data` the rows in COPY text format. */
  | { kind: 'copy'; id: number; sql: string; params: []; data: string }
  | { kind: 'close' }

export interface WorkerErrorInfo {
  name: string
  message: string
  code: string | undefined
  /** The engine is unusable after this error (a WebAssembly trap). */
  fatal: boolean
}

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'rows'; id: number; rows: Record<string, unknown>[] }
  | { kind: 'error'; id: number; error: WorkerErrorInfo }
  | { kind: 'closed' }

/** An error raised inside the worker, rebuilt on the main thread (SQLSTATE kept, SQL and params never sent). */
export class WorkerQueryError extends Error {
  readonly code: string | undefined
  constructor(info: WorkerErrorInfo) {
    super(info.message)
    this.name = info.name
    this.code = info.code
  }
}
