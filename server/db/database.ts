/**
 * The data-access seam: everything above it speaks plain PostGIS SQL with bound parameters, so the
 * embedded PGlite and a PostgreSQL server are interchangeable.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres'
  query<T extends Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>
  exec(sql: string): Promise<void>
  close(): Promise<void>
}

/**
 * Per-session settings. The word-similarity threshold (default 0.6) is lowered so an address with a
 * typo ("mian st") still reaches the trigram index's candidate set; ranking sorts the rest out.
 */
export const SESSION_SETUP = 'SET pg_trgm.word_similarity_threshold = 0.4; SET pg_trgm.similarity_threshold = 0.3'
