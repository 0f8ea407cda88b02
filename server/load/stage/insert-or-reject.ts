/**
 * Staging a batch so that one bad row cannot fail a whole load (issue 19: a value PostgreSQL
 * refused stopped the load with a stack trace and no feature number). When a batch is refused for
 * its data (one COPY per batch, issue 23), its rows go in one by one, and each row still refused is rejected with the database's
 * reason and its feature number in the report; the load goes on. A database that is down or a load
 * that is stopped is not the data's fault: those errors end the load as before.
 */
import { copyStaged, type Stage, type StageInsert, stageLine } from './stage-table'

/**
 * SQLSTATE classes that describe the row, not the database: data exceptions (22), integrity (23),
 * program limits such as "index row size exceeds maximum" (54), and invalid text representation.
 */
const ROW_FAULT = /^(22|23|54)/

function isRowFault(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' && ROW_FAULT.test(code)
}

const reasonOf = (e: unknown) => `refused by the database: ${(e as Error).message.split('\n')[0]?.slice(0, 300)}`

export async function insertOrReject(
  stage: Stage,
  rows: readonly StageInsert[],
  reject: (row: StageInsert, reason: string) => void,
): Promise<number> {
  const lines = rows.map(stageLine)
  try {
    await copyStaged(stage, lines)
    return 0
  } catch (e) {
    if (!isRowFault(e)) throw e
  }
  let rejected = 0
  for (const [i, row] of rows.entries()) {
    try {
      await copyStaged(stage, [lines[i]!])
    } catch (e) {
      if (!isRowFault(e)) throw e
      reject(row, reasonOf(e))
      rejected++
    }
  }
  return rejected
}
