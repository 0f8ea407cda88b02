import { type AreaCheckResult, areaCheckSteps } from './area-rules'

/** The area body check in one go, as tests want it (the server runs it in slices). */
export function checkAreaRequest(body: unknown): AreaCheckResult {
  const steps = areaCheckSteps(body)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}
