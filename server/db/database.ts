/**
 * The data-access seam: everything above it speaks plain PostGIS SQL with bound parameters, so the
 * embedded PGlite and a PostgreSQL server are interchangeable.
 */
export interface Queryable {
  query<T extends Record<string, unknown>>(sql: string, params?: readonly unknown[], opts?: QueryOptions): Promise<T[]>
  exec(sql: string, opts?: QueryOptions): Promise<void>
}

export interface QueryOptions {
  /** Cancels the statement (e.g. when the HTTP client hangs up); the promise rejects with QueryCancelledError. */
  signal?: AbortSignal | undefined
  /** Gives up on the statement after this long (QueryTimeoutError); 0 or absent: no limit (loads, migrations). */
  timeoutMs?: number | undefined
  /**
   * Marks the statement as heavy work done for this owner (an API key's id): a bounded piece of an
   * area search. The embedded database serves cheap statements (the default) before heavy ones and
   * lets owners take turns (pglite-queue.ts); PostgreSQL keeps some connections free of heavy work.
   */
  heavyFor?: string | undefined
  /**
   * PostgreSQL: plan the statement with sequential scans disabled (`enable_seqscan = off`), for a
   * statement that must reach its table only through an index whatever the planner estimates (the
   * address lookup: a common word looks cheaper to scan for; issue 39). The embedded database
   * ignores it.
   */
  indexPathsOnly?: boolean | undefined
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it
   * throws. Nothing else runs on the embedded database meanwhile (it has one connection).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Bulk-loads rows given in COPY text format (tab-separated, `\N` for null, one row per line) into
   * `table (columns)`: `COPY … FROM STDIN` on PostgreSQL, `COPY … FROM '/dev/blob'` on the embedded
   * database. Far faster than INSERT for the loader's staging table (issue 23).
   */
  copyFrom(table: string, columns: readonly string[], text: string): Promise<void>
  close(): Promise<void>
}

/**
 * Per-session settings. The word-similarity threshold (default 0.6) is lowered so an address with a
 * typo ("mian st") still reaches the trigram index's candidate set; ranking sorts the rest out.
 */
export const SESSION_SETUP = 'SET pg_trgm.word_similarity_threshold = 0.4; SET pg_trgm.similarity_threshold = 0.3'
