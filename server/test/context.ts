/** What the api project's global setup hands to every test file through vitest `provide`/`inject`. */
export interface TestKeys {
  /** every endpoint, no monthly limit */
  full: string
  /** created with --inactive: 403 */
  inactive: string
  /** plan with the query endpoint only */
  queryOnly: string
  /** 5 requests a month (requests unit) */
  limited: string
  /** 150 records a month (records unit) */
  records: string
  /**
   * Every endpoint, no limit, for the files that fill a key's share of area searches on purpose
   * (fair-scheduling: loops; concurrency: forty at once). On the full key they took the share from
   * whatever file ran beside them, whose area search then got a 503 (CI, 2026-11-29).
   */
  heavy: string
  burst: string
  /** spends its query body budget on purpose (query-body-budget.api.test.ts): no other file uses it */
  bodies: string
  /**
   * One each for the files that send query bodies of megabytes on purpose (nested-body: two of
   * 4 MB; query-validation: 4 MiB and 20,001 ids; long-lists: four 50,000-name lists). On the full
   * key they spent its per-key body budget (8 MiB, then 2 MiB/s: server/http/body-budget.ts), and
   * whatever file read a page beside them got a 503 (the PostgreSQL suite, 2026-11-30).
   */
  nested: string
  limits: string
  lists: string
}

export type Backend = 'embedded' | 'postgres'

/** The one browser origin the test server allows (CORS_ORIGINS). */
export const CORS_ORIGIN = 'https://allowed.example'
/** A hashed asset of the test server's stand-in app (with .br and .gz copies). */
export const STATIC_ASSET = 'assets/app-3f9a1c.js'

export const LIMITED_REQUESTS = 5
export const RECORDS_ALLOWANCE = 150

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    keys: TestKeys
    /** every parcel of the test server, fetched once page by page through the API (JSON array) */
    allParcelsFile: string
    /** which database the server runs on */
    backend: Backend
    /** the server's output (LOG_REQUESTS=on), appended as it runs */
    serverLogFile: string
  }
}
