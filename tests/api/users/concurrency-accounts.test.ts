import { describe, expect, it } from 'vitest'
import { race, statuses } from '../../helpers/concurrency'
import { apiWorld } from '../../helpers/world'

// Accounts created at once with the same e-mail or username: the unique columns decide, and
// the losers get the same 422 as a sign-up that finds the name taken (never a 500).

const ctx = apiWorld({ per: 'file' })

const accounts = async (email: string) =>
  ctx.world.deps.db.selectFrom('users').select('id').where('email', '=', email).execute()

describe('accounts at once', () => {
  it('signs up one account when the same one signs up several times together', async () => {
    const body = { email: 'twice@example.test', username: 'twice_over', password: 'twice-pass-123' }
    const answers = await race(3, () => ctx.api.post('/api/users', body))
    expect(statuses(answers)).toEqual({ 201: 1, 422: 2 })
    expect(await accounts(body.email)).toHaveLength(1)
  })

  it('creates one account when an admin creates the same one several times together', async () => {
    const admin = await ctx.api.admin()
    const body = { email: 'invited@example.test', username: 'invited_once' }
    const answers = await race(3, () => ctx.api.post('/api/admin/users', body, admin.token))
    expect(statuses(answers)).toEqual({ 201: 1, 422: 2 })
    // A loser that checks after the winner committed finds both the e-mail and the username
    // taken; one that raced the winner's insert is stopped by the first unique column.
    for (const a of answers.filter((x) => x.status === 422)) {
      const errors = (a.body as { errors: Record<string, string[]> }).errors
      expect(Object.keys(errors).length).toBeGreaterThan(0)
      for (const [field, messages] of Object.entries(errors)) {
        expect(['email', 'username']).toContain(field)
        expect(messages).toEqual(['has already been taken'])
      }
    }
    expect(await accounts(body.email)).toHaveLength(1)
  })
})
