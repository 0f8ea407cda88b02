/**
 * The spans the trend line is drawn over: from the first to the last sale of each run of consecutive
 * calendar years with sales, so a year without any sale breaks the line.
 */
export function trendRuns(saleYears: readonly number[]): [number, number][] {
  const sorted = [...saleYears].sort((a, b) => a - b)
  const runs: [number, number][] = []
  for (const x of sorted) {
    const run = runs.at(-1)
    if (run && Math.floor(x) - Math.floor(run[1]) <= 1) run[1] = x
    else runs.push([x, x])
  }
  return runs.filter(([a, b]) => b > a)
}
