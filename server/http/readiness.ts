import type { Queryable } from '../db/database'
import type { ReadRouter, ReadRouterReport } from '../db/read-router'

/** How long /readyz waits for the database before it says "not ready". */
export const READY_TIMEOUT_MS = 2_000

/** `replicas`: with read replicas, which answer reads and which are skipped and why (db/read-router.ts). */
export type Readiness = { ready: true; replicas?: ReadRouterReport } | { ready: false; reason: string }

/**
 * /readyz's check (issue 19: /healthz said 200 while PostgreSQL was down, so a load balancer kept
 * sending traffic to an instance that could only answer 503). One trivial statement, given up after
 * `timeoutMs` whether the database refuses, hangs or is busy. Probes that arrive while one is still
 * out share it, so a load balancer polling a hung database never piles up connection attempts.
 */
export function readinessCheck(db: Queryable, timeoutMs = READY_TIMEOUT_MS): () => Promise<Readiness> {
  let pending: Promise<Readiness> | null = null
  const probe = async (): Promise<Readiness> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<Readiness>((ok) => {
      timer = setTimeout(
        () => ok({ ready: false, reason: `the database did not answer within ${timeoutMs} ms` }),
        timeoutMs,
      )
    })
    const ping = db.query('SELECT 1 AS ok', [], { timeoutMs }).then(
      (): Readiness => ({ ready: true }),
      (): Readiness => ({ ready: false, reason: 'the database is unavailable' }),
    )
    try {
      return await Promise.race([ping, timeout])
    } finally {
      clearTimeout(timer)
    }
  }
  return () => {
    pending ??= probe().finally(() => {
      pending = null
    })
    return pending
  }
}

/**
 * Readiness is the primary's (it holds keys and usage: without it nothing is served); with read
 * replicas a ready answer also says which replicas take reads and which are skipped, and why.
 */
export function withReplicas(check: () => Promise<Readiness>, router: ReadRouter | null): () => Promise<Readiness> {
  if (!router) return check
  return async () => {
    const state = await check()
    return state.ready ? { ...state, replicas: router.report() } : state
  }
}
