/** The comps back-test off the page's thread (see runBacktest in comps-backtest.ts). */
import type { CompsSettings } from '../../../contract/comps/comps-settings'
import { type BacktestInput, finishBacktest } from './comps-backtest'

self.onmessage = (e: MessageEvent<{ input: BacktestInput; settings: CompsSettings }>) => {
  try {
    self.postMessage({ ok: true, backtest: finishBacktest(e.data.input, e.data.settings) })
  } catch {
    // The page runs it itself then, and shows what goes wrong there.
    self.postMessage({ ok: false })
  }
}
