/**
 * `npm run test:api`'s second half: the whole API suite again, on PostgreSQL. It needs PLAT_TEST_PG
 * (a server where tests may create databases; `.ci/run` starts one). Without it this says so loudly
 * and fails in CI; locally it lets the rest of `npm test` go on.
 */
import { spawnSync } from 'node:child_process'
import { MISSING_PG, TEST_PG } from '../db/postgres.test-support'

if (!TEST_PG) {
  const line = '='.repeat(78)
  console.error(`\n${line}\n  PostgreSQL API suite NOT RUN: ${MISSING_PG}.`)
  console.error('  Start a throw-away cluster with: eval "$(scripts/pg-test-cluster.sh start)"')
  console.error(`${line}\n`)
  process.exit(process.env.CI ? 1 : 0)
}
const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api-pg'], {
  stdio: 'inherit',
})
process.exit(vitest.status ?? 1)
