import { defineConfig } from '@playwright/test'
import { chromiumLaunch } from './e2e/chromium-launch'
import { proxyPort } from './e2e/proxy-e2e-env'

const PORT = Number(process.env.E2E_PORT ?? 8797)
const CI = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs the browser a third of its CPU (screencast frames read back from
    // software WebGL, DOM snapshots per action): share-link.spec.ts, same machine and load, 233 → 155
    // core-seconds across Chromium and the test worker with it off. So a passing test records none;
    // a failing one is retried (CI) with a trace. Locally, without retries, E2E_TRACE=on records all.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'on-first-retry',
    viewport: { width: 1400, height: 900 },
    // As a person with "reduce motion" set sees it: MapLibre then jumps instead of flying (its
    // non-essential camera animations), so a test does not wait out and render, in software WebGL,
    // every frame of each fly. lookup + holdings (9 tests, same run, loaded machine): 127 s → 89 s
    // of CPU (issue 36). E2E_MOTION=full runs them with the animations.
    reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
    launchOptions: chromiumLaunch,
  },
  webServer: [
    {
      command: 'node --import tsx e2e/serve.ts',
      url: `http://localhost:${PORT}/healthz`,
      env: { PORT: String(PORT) },
      timeout: 600_000,
      reuseExistingServer: !CI,
      stdout: 'pipe',
    },
    {
      // e2e/proxy-mode.spec.ts: a proxy-mode server in front of a second server as the hosted API.
      command: 'node --import tsx e2e/serve-proxy.ts',
      url: `http://localhost:${proxyPort()}/healthz`,
      timeout: 600_000,
      reuseExistingServer: !CI,
      stdout: 'pipe',
    },
  ],
})
