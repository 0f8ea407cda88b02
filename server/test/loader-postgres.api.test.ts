import { describe, it } from 'vitest'
import { postgresBackend } from './loader-harness.test-support'
import { describeLoader } from './loader-suite.test-support'

/**
 * The same suite on PostgreSQL + PostGIS, in a database of its own on the server PLAT_TEST_PG names
 * (a superuser URL). Without it the variant says so: a failure on CI, a named skip locally.
 */
const url = process.env.PLAT_TEST_PG
if (url) {
  describeLoader('loader → PostgreSQL → HTTP', () => postgresBackend(url))
} else if (process.env.CI) {
  describe('loader → PostgreSQL → HTTP', () => {
    it('needs PLAT_TEST_PG (a PostgreSQL + PostGIS superuser URL) on CI', () => {
      throw new Error('PLAT_TEST_PG is not set: the PostgreSQL variant of the loader tests cannot run')
    })
  })
} else {
  describe('loader → PostgreSQL → HTTP', () => {
    it.skip('SKIPPED: PLAT_TEST_PG is not set, so the PostgreSQL variant of the loader tests did not run', () => {})
  })
}
