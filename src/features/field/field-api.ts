/** The field flow for the field's panels (field-panels.tsx), handed down by the app's provider. */
import { featureApi } from '../../ports/feature-api'
import type { FieldFlow } from './field-flow'

export const fieldApi = featureApi<FieldFlow>('field')
