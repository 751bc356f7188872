import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { Loading } from '../../components/Common'
import { disconnectCable } from '../../lib/cable'
import { data, http } from '../../lib/client'
import { LANDING_PATH } from '../../lib/paths'
import { clearSession, refreshToken } from '../../lib/session'

/**
 * Revokes the sign-in on the server (POST /oauth/revoke with the bearer token, and the
 * refresh token so its whole family dies), then forgets everything locally and goes to
 * the landing page. Local sign-out happens even when the server cannot be reached.
 */
export function LogoutPage() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const token = refreshToken()
    const revoke = token
      ? data(http.POST('/oauth/revoke', { body: { token } })).catch(() => undefined)
      : Promise.resolve()
    void revoke.finally(() => {
      disconnectCable()
      clearSession()
      client.clear()
      navigate(LANDING_PATH, { replace: true })
    })
  }, [client, navigate])

  return <Loading label="Logging out.." />
}
