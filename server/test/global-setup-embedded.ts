import type { TestProject } from 'vitest/node'
import { setupApiServer } from './global-setup'

export default (project: TestProject) => setupApiServer(project, 'embedded')
