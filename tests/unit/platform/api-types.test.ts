import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { API_TYPES_FILE, apiTypesSource } from '../../../scripts/api-types'

describe('server/http/api-types.gen.ts', () => {
  it('is what `npm run gen:api` writes from the /api/openapi.json of today', async () => {
    const fresh = await apiTypesSource()
    const committed = readFileSync(API_TYPES_FILE, 'utf8')
    // A stale file lets the web and the CLI compile against fields the server no longer sends.
    expect(committed === fresh, 'stale: run `npm run gen:api` and commit the result').toBe(true)
  }, 60_000)
})
