/** The watches flow for the watch buttons and the inbox, handed down by the app's provider. */
import { featureApi } from '../../ports/feature-api'
import type { WatchesFlow } from './watches-flow'

export const watchesApi = featureApi<WatchesFlow>('watches')
