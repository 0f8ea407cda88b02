import type { CoverageResponse } from '../../contract/tiles'

/**
 * Where GET /coverage stands (app/workspace/coverage-flow.ts fetches it). Here, below the features,
 * because features read it (the changes flow asks the data version and the server's extensions)
 * and features do not import the app.
 */
export type CoverageState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'ready'; coverage: CoverageResponse }
  | { status: 'failed'; message: string }
