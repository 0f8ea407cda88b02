/**
 * A feature's API for its own panels, through React context: the workspace creates the API and
 * the app's provider (src/app/panels/workspace-context.tsx) hands it down, so a feature's panels
 * reach their own flow without importing the app. One per feature that has panels in its folder.
 */
import { type Context, createContext, useContext } from 'react'

export interface FeatureApi<Api> {
  Context: Context<Api | null>
  /** The API, inside the app's provider (throws outside it: a panel rendered without the workspace). */
  useApi(): Api
}

export function featureApi<Api>(name: string): FeatureApi<Api> {
  const Context = createContext<Api | null>(null)
  return {
    Context,
    useApi() {
      const api = useContext(Context)
      if (!api) throw new Error(`The ${name} panels need the workspace's provider`)
      return api
    },
  }
}
