import { defineConfig } from 'vitest/config'

/** The API suite runs once per backend: same files, a server on the embedded database or on PostgreSQL. */
const apiProject = (name: string, setup: string, include: string[]) => ({
  test: {
    name,
    environment: 'node' as const,
    include,
    globalSetup: [setup],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // One worker runs the files one after another instead of a fresh process (and module graph) per
    // file: the files talk to servers over HTTP and share no module state (no vi.mock, no stubbed
    // env). Alone on this 2-core machine, warm caches: embedded 436 → 407 s, 625 → 584 core-s;
    // PostgreSQL 221 → 197 s, 285 → 251 core-s (issue 36).
    isolate: false,
  },
})

/** Fails a unit or component test that reaches the network by accident. */
const NETWORK_GUARD = 'scripts/test-network-guard.ts'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'contract/**/*.test.ts',
            'formats/**/*.test.ts',
            'src/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'server/test/**', '**/*.db.test.ts'],
          testTimeout: 60_000,
          pool: 'threads',
          isolate: false,
          setupFiles: [NETWORK_GUARD],
          env: { TEST_NETWORK: 'loopback' },
        },
      },
      {
        // Tests on a real database (embedded PostGIS in-process, or PLAT_TEST_PG): seconds each, so
        // kept out of `unit`, which must stay fast enough to run on every change.
        test: {
          name: 'db',
          environment: 'node',
          include: ['server/**/*.db.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The PWA plugin's virtual module exists only in Vite builds: a stub the tests drive.
        resolve: {
          alias: {
            'virtual:pwa-register': new URL('./src/features/field/pwa-register.test-support.ts', import.meta.url)
              .pathname,
          },
        },
        // Panels in a simulated DOM (happy-dom) with Testing Library; the network is faked at fetch.
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx'],
          pool: 'threads',
          isolate: false,
          setupFiles: [NETWORK_GUARD],
          env: { TEST_NETWORK: 'none' },
          // A user-event interaction takes ~100 ms of real time; on a loaded 2-core machine a
          // multi-step dialog test passed 5 s (seen: settings-dialog at 8 s under load 21).
          testTimeout: 20_000,
        },
      },
      apiProject('api', 'server/test/global-setup-embedded.ts', ['server/test/**/*.api.test.ts']),
      apiProject('api-pg', 'server/test/global-setup-postgres.ts', [
        'server/test/**/*.api.test.ts',
        'server/test/**/*.pg-api.test.ts',
      ]),
    ],
  },
})
