/** The `api-pg` project's global setup (vitest.config.ts takes one file per project): PostgreSQL; the work is in global-setup.ts. */
import type { TestProject } from 'vitest/node'
import { setupApiServer } from './global-setup'

export default (project: TestProject) => setupApiServer(project, 'postgres')
