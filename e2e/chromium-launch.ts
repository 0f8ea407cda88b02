/**
 * How the browser tests, the app benchmark and the field screenshots start Chromium: Debian's build
 * (Playwright cannot download its own here), WebGL in software (SwiftShader), and two costs of a
 * desktop browser that no test uses taken off — the CI machine has two cores and the browser tests
 * share them with the API suites (issue 36).
 */
import { readFileSync, statfsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Chromium pre-loads the address bar's drop-down, a WebUI page (chrome://omnibox-popup.top-chrome),
 * in a renderer of its own for every browser context, headless or not: in a whole e2e run, sampled
 * per process (2026-11-30), 116 such renderers took 91 of ~1,400 core-seconds. Headless has no
 * address bar to drop it from, so these features are off.
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']

/**
 * The features Playwright itself turns off. Chromium keeps only the last `--disable-features` it is
 * given (tried: two of them, and the first one's features came back), so ours must carry Playwright's
 * too. Read from the installed Playwright rather than copied, so an upgrade that adds one is not
 * silently undone; if its bundle no longer reads as expected, say so instead of guessing.
 */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url)
  const bundle = join(dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js')
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]\.filter/.exec(readFileSync(bundle, 'utf8'))?.[1]
  const names = [...(list ?? '').matchAll(/"(\w+)"/g)].map((m) => m[1] as string)
  if (names.length === 0)
    throw new Error(`e2e/chromium-launch.ts: Playwright's disabled-features list was not found in ${bundle}`)
  return names
}

/**
 * Playwright tells Chromium to keep its shared memory in /tmp instead of /dev/shm, for containers
 * whose /dev/shm is Docker's 64 MB. Here /tmp is a disk and /dev/shm a tmpfs of many GB (Debian's own
 * wrapper keeps /dev/shm from 3.8 GB free), so with room there Chromium uses it as it does outside tests.
 */
const SHM_ROOM_BYTES = 1024 ** 3
function devShmHasRoom(): boolean {
  try {
    const fs = statfsSync('/dev/shm')
    return fs.bavail * fs.bsize >= SHM_ROOM_BYTES
  } catch {
    return false
  }
}

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--enable-unsafe-swiftshader',
    '--disable-background-networking',
    '--disable-component-update',
    `--disable-features=${[...playwrightDisabledFeatures(), ...UNUSED_FEATURES].join(',')}`,
  ],
  ignoreDefaultArgs: devShmHasRoom() ? ['--disable-dev-shm-usage'] : [],
}
