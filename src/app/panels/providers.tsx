import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Workspace } from '../workspace/workspace'
import { WorkspaceProvider } from './workspace-context'

/**
 * One QueryClient for the app. Parcel data does not change while the app is open, so results stay
 * fresh for the session; retries are decided by the search planner, not here.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 30 * 60_000,
      retry: false,
      refetchOnWindowFocus: false,
      // Without a network a query fails at once instead of pausing until the browser says "online"
      // (TanStack's default): the planner retries, and field packs answer offline (issue 24).
      networkMode: 'always',
    },
    mutations: { retry: false },
  },
})

export function Providers({ workspace, children }: { workspace: Workspace; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <WorkspaceProvider workspace={workspace}>{children}</WorkspaceProvider>
    </QueryClientProvider>
  )
}
