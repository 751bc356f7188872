import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { setSessionHooks } from './lib/api'
import { disconnectCable, reconnectCable } from './lib/cable'
import { LOGIN_PATH } from './lib/paths'
import { queryClient } from './lib/query-client'
import { recordTrafficSourceOnce } from './lib/traffic-source'
import { router } from './router'
import './styles/global.css'

setSessionHooks({
  onRefreshed: () => {
    void queryClient.invalidateQueries({ queryKey: ['me'] })
    reconnectCable()
  },
  onExpired: () => {
    disconnectCable()
    queryClient.clear()
    if (!window.location.pathname.startsWith(LOGIN_PATH)) void router.navigate(LOGIN_PATH, { replace: true })
  },
})

recordTrafficSourceOnce()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
