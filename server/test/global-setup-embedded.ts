/** The `api` project's global setup (vitest.config.ts takes one file per project): the embedded database; the work is in global-setup.ts. */
import type { TestProject } from 'vitest/node'
import { setupApiServer } from './global-setup'

export default (project: TestProject) => setupApiServer(project, 'embedded')
