import { embeddedBackend } from './loader-harness.test-support'
import { describeLoader } from './loader-suite.test-support'

describeLoader('loader → embedded database → HTTP', async () => embeddedBackend())
