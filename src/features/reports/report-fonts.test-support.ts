/**
 * The report font read from disk for tests (no network in unit and component tests): importing this
 * file loads the package's files in place of the app's fetch, and installs their metrics at once so
 * a test may lay a report out without awaiting anything.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { readFontMetrics } from './font-metrics'
import { loadReportFonts, type ReportFontFiles } from './report-fonts'
import { setFontMetrics } from './text-metrics'

const resolve = createRequire(import.meta.url).resolve

export const REPORT_FONT_PATHS = {
  normal: resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const

const files: ReportFontFiles = {
  normal: new Uint8Array(readFileSync(REPORT_FONT_PATHS.normal)),
  bold: new Uint8Array(readFileSync(REPORT_FONT_PATHS.bold)),
}

void loadReportFonts(async () => files)
setFontMetrics({ normal: readFontMetrics(files.normal), bold: readFontMetrics(files.bold) })
