import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['contract/**/*.test.ts', 'src/**/*.test.ts', 'server/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'server/test/**'],
        },
      },
      {
        // Panels in a simulated DOM (happy-dom) with Testing Library; the network is faked at fetch.
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/test/**/*.api.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
