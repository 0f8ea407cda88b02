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
}

export const LIMITED_REQUESTS = 5
export const RECORDS_ALLOWANCE = 150

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    keys: TestKeys
    /** every parcel of the test server, fetched once page by page through the API (JSON array) */
    allParcelsFile: string
  }
}
