/** The words feature as the workspace registers it: the words box's flow over the context's store, coverage and map. */
import type { Feature, FeatureContext } from '../../ports/feature-context'
import { browserPosition, type WordsDeps, WordsFlow } from './words-flow'

export function createWordsFeature(ctx: FeatureContext, deps?: Partial<WordsDeps>): Feature<WordsFlow> {
  const flow = new WordsFlow(ctx, { locate: deps?.locate ?? browserPosition })
  return { api: flow, hooks: {} }
}
