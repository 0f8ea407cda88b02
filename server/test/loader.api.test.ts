import { inject } from 'vitest'
import { describeLoader } from './loader-suite.test-support'

// Runs in both API projects: on the embedded database, then (npm run test:api's second half) on PostgreSQL.
describeLoader(inject('backend'))
