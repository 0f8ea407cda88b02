/**
 * Tests that need a PostgreSQL + PostGIS server find it through PLAT_TEST_PG: the URL of a server
 * where they may create and drop databases (`.ci/run` starts a throw-away cluster and sets it; so
 * does `scripts/pg-test-cluster.sh` locally). Without it the PostgreSQL tests say so by name and
 * are skipped locally, and fail in CI: never a silent pass.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, it } from 'vitest'

export const TEST_PG = process.env.PLAT_TEST_PG || undefined

export const MISSING_PG = 'PLAT_TEST_PG is not set (see docs/testing.md, "Tests on PostgreSQL")'

/** `describe` for PostgreSQL-only tests; the reason shows in the report when they cannot run. */
export function describePostgres(name: string, fn: (url: string) => void): void {
  if (TEST_PG) {
    const url = TEST_PG
    describe(name, () => fn(url))
  } else if (process.env.CI) {
    describe(name, () => {
      it('has a PostgreSQL server to run on', () => {
        throw new Error(`${MISSING_PG}: CI must run the PostgreSQL tests`)
      })
    })
  } else {
    describe.skipIf(true)(`${name} — SKIPPED: ${MISSING_PG}`, () => {
      it('needs PostgreSQL', () => {})
    })
  }
}

/** A fresh database (with PostGIS available) on the PLAT_TEST_PG server, and how to drop it. */
export async function createTestDatabase(
  serverUrl: string,
  prefix = 'plat_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await c.end()
      }
    },
  }
}
