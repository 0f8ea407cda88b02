/**
 * `npm run lint:openapi`: writes the document GET /openapi.json serves to a temporary file and lints
 * it with Redocly (rules in redocly.yaml), so CI fails on an error in what the server describes.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openApiDocument } from './openapi-document'

const dir = mkdtempSync(join(tmpdir(), 'plat-openapi-'))
const file = join(dir, 'openapi.json')
writeFileSync(file, JSON.stringify(openApiDocument(), null, 2))
const lint = spawnSync('node_modules/.bin/redocly', ['lint', file, '--config', 'redocly.yaml'], {
  stdio: 'inherit',
  // Offline in CI: no usage data, no version check.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
})
rmSync(dir, { recursive: true, force: true })
process.exit(lint.status ?? 1)
