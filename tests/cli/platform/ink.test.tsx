import { PassThrough } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { createIo } from '../../../cli/lib/io'
import { createProgress } from '../../../cli/ui/progress'
import { inkViews, tick } from '../ink-views'

const views = inkViews(async () => ({
  seedProgress: await import('../../../cli/ui/seed-progress'),
  prompts: await import('../../../cli/ui/prompts'),
}))

describe('SeedProgress', () => {
  it('shows the title, the step with its count and a proportional bar', async () => {
    const { SeedProgress } = views.ui.seedProgress
    const view = views.ink.render(
      <SeedProgress title="Seeding the demo league (seed 42)" step="users" done={3} total={10} />,
    )
    await tick()
    const frame = view.lastFrame() ?? ''
    expect(frame).toContain('Seeding the demo league (seed 42)')
    expect(frame).toContain(' 30%')
    expect(frame).toContain('users  3/10')
    const bar = frame.split('\n')[1] ?? ''
    const full = (bar.match(/█/g) ?? []).length
    const empty = (bar.match(/░/g) ?? []).length
    expect(full + empty).toBe(32)
    expect(full).toBe(Math.round(32 * 0.3))

    view.rerender(<SeedProgress title="t" step="matches" done={10} total={10} finished="done in 1.2 s" />)
    await tick()
    const last = view.lastFrame() ?? ''
    expect(last).toContain('100%')
    expect(last).toContain('done in 1.2 s')
    expect(last).not.toContain('░')
    view.unmount()
  })
})

describe('LoginPrompt', () => {
  it('asks for the e-mail, then the password (masked), and hands both back', async () => {
    const onDone = vi.fn()
    const view = views.ink.render(
      <views.ui.prompts.LoginPrompt server="http://127.0.0.1:3000" onDone={onDone} />,
    )
    await tick()
    expect(view.lastFrame()).toContain('Sign in to http://127.0.0.1:3000')
    expect(view.lastFrame()).toContain('E-mail or username:')
    view.stdin.write('demo@fanspole.local')
    await tick()
    view.stdin.write('\r')
    await tick()
    expect(view.lastFrame()).toContain('E-mail or username: demo@fanspole.local')
    expect(view.lastFrame()).toContain('Password:')
    view.stdin.write('demo-pass-2026')
    await tick()
    expect(view.lastFrame()).not.toContain('demo-pass-2026')
    expect(view.lastFrame()).toContain('*'.repeat('demo-pass-2026'.length))
    view.stdin.write('\r')
    await tick()
    expect(onDone).toHaveBeenCalledWith({ email: 'demo@fanspole.local', password: 'demo-pass-2026' })
    view.unmount()
  })

  it('does not accept an empty e-mail', async () => {
    const onDone = vi.fn()
    const view = views.ink.render(<views.ui.prompts.LoginPrompt server="s" onDone={onDone} />)
    await tick()
    view.stdin.write('\r')
    await tick()
    expect(view.lastFrame()).not.toContain('Password:')
    view.unmount()
  })
})

describe('Confirm', () => {
  it('defaults to no and takes y for yes', async () => {
    const answers: boolean[] = []
    const first = views.ink.render(
      <views.ui.prompts.Confirm question="Delete every row?" onAnswer={(yes) => answers.push(yes)} />,
    )
    await tick()
    expect(first.lastFrame()).toContain('Delete every row?')
    first.stdin.write('\r')
    await tick()
    first.unmount()
    const second = views.ink.render(
      <views.ui.prompts.Confirm question="Delete every row?" onAnswer={(yes) => answers.push(yes)} />,
    )
    await tick()
    second.stdin.write('y')
    await tick()
    second.unmount()
    expect(answers).toEqual([false, true])
  })
})

describe('createProgress without a terminal', () => {
  it('prints one plain line per step', async () => {
    const stdout = new PassThrough()
    let text = ''
    stdout.on('data', (chunk) => {
      text += chunk
    })
    const io = createIo({ stdout, stderr: new PassThrough(), env: {} })
    const progress = createProgress(io, 'Seeding the demo league (seed 42)')
    progress.update('sports', 1, 6)
    progress.update('sports', 6, 6)
    progress.update('users', 0, 40)
    progress.update('users', 40, 40)
    await progress.finish('done in 2.0 s')
    expect(text).toBe('Seeding the demo league (seed 42)\n  sports (1/6)\n  users (0/40)\n  done in 2.0 s\n')
  })
})
