/** The report desk for the report pane (report-pane.tsx), handed down by the app's provider. */
import { featureApi } from '../../ports/feature-api'
import type { ReportDesk } from './report-desk'

export const reportDeskApi = featureApi<ReportDesk>('report')
