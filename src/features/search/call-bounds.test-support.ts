import { PAGE } from './chunk-plan'

/** The fewest query calls that can return `matches` records (100 a page): what the planner's tests hold it to. */
export function lowerBound(matches: number): number {
  return Math.ceil(matches / PAGE)
}
