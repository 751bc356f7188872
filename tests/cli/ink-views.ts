import { beforeAll } from 'vitest'

// Ink draws only the final frame when CI is set; these tests look at live frames.
process.env.CI = 'false'

/**
 * Ink's test renderer and the view modules `load` imports, for the tests of a file: imported
 * before them, once CI is off. Read `ink` and `ui` inside the tests.
 */
export function inkViews<M>(load: () => Promise<M>): { ink: typeof import('ink-testing-library'); ui: M } {
  const loaded = {} as { ink: typeof import('ink-testing-library'); ui: M }
  beforeAll(async () => {
    loaded.ink = await import('ink-testing-library')
    loaded.ui = await load()
  })
  return loaded
}

/** A pause for Ink to draw the next frame. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 30))
