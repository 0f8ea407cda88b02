/**
 * What the holdings panels show, as plain state (the workspace's flows hold it, the panels render
 * it): the owner's portfolio question and answer, the merged holdings, the assemblage, a list.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import type { Spent } from '../../calls/tally'
import type { AssemblageRef } from '../../state/holdings-slice'
import type { BatchPlan } from './batch-plan'
import type { BatchResult } from './batch-run'
import type { ColumnGuess, Table } from './batch-table'
import type { HoldingSummary } from './holding-summary'
import type { PortfolioResult } from './portfolio'

export interface OwnerQuestion {
  name: string
  /** Words the user may search spellings by; the first is the default. */
  words: string[]
  word: string
  mailing: string[]
  byAddress: boolean
}

export type OwnerState =
  | { status: 'idle' }
  | { status: 'ready'; question: OwnerQuestion; states: string[] }
  | { status: 'running'; question: OwnerQuestion; tally: Spent }
  | { status: 'asking'; question: OwnerQuestion; tally: Spent; calls: number; records: number }
  | {
      status: 'done'
      question: OwnerQuestion
      result: PortfolioResult
      included: string[]
      tally: Spent
      calls: number
    }
  | { status: 'failed'; question: OwnerQuestion; message: string }

export type MergeState =
  | { status: 'idle' }
  | { status: 'merging'; parcels: number }
  | { status: 'ready'; holdings: HoldingSummary[]; withoutOutline: number; title: string }
  | { status: 'failed'; message: string }

export type AssemblageState =
  | { status: 'empty' }
  | { status: 'loading'; ref: AssemblageRef }
  | {
      status: 'ready'
      ref: AssemblageRef
      records: ParcelRecord[]
      summary: HoldingSummary | null
      missing: string[]
      calls: number
    }
  | { status: 'failed'; ref: AssemblageRef; message: string }

export interface ListSetup {
  source: string
  table: Table
  columns: ColumnGuess
  county: CoverageCounty | null
  plan: BatchPlan
  /** Calls before anything is known (first pages + points). */
  calls: number
}

export type ListState =
  | { status: 'empty'; problem?: string }
  | { status: 'ready'; setup: ListSetup }
  | { status: 'running'; setup: ListSetup; done: number; planned: number; tally: Spent }
  | { status: 'done'; setup: ListSetup; result: BatchResult; tally: Spent; calls: number }
  | { status: 'failed'; setup: ListSetup; message: string }

export type FileKind = 'geojson' | 'kml' | 'csv'
