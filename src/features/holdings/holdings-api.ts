/** The holdings flows for the holdings' panels (card-holdings-actions.tsx), handed down by the app's provider. */
import { featureApi } from '../../ports/feature-api'
import type { HoldingsFlows } from './holdings-flows'

export const holdingsApi = featureApi<HoldingsFlows>('holdings')
