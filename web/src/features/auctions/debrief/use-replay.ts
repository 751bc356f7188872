import { useCallback, useEffect, useState } from 'react'
import type { Speed } from './replay'

/**
 * The replay's clock: a moment `t` on the auction's own timeline, playing at `speed` seconds of
 * the auction a second (`max`: straight to the end), or paused. It opens at the end (the whole
 * auction on screen); Play from the end starts again from the beginning. `t` is kept while the
 * answer reloads (names shown or hidden), so the toggle never loses the place.
 */
export function useReplay(span: { start: number; end: number } | null) {
  const [at, setAt] = useState<number | null>(null)
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<Speed>(60)
  const start = span?.start ?? 0
  const end = span?.end ?? 0
  const t = Math.min(end, Math.max(start, at ?? end))

  useEffect(() => {
    if (!playing) return
    if (speed === 'max') {
      setAt(end)
      setPlaying(false)
      return
    }
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      const step = (now - last) * speed
      last = now
      setAt((v) => Math.min(end, (v ?? end) + step))
    }, 100)
    return () => clearInterval(timer)
  }, [playing, speed, end])

  useEffect(() => {
    if (playing && t >= end) setPlaying(false)
  }, [playing, t, end])

  const play = useCallback(() => {
    if (t >= end) setAt(start)
    setPlaying(true)
  }, [t, start, end])
  const pause = useCallback(() => setPlaying(false), [])
  const toggle = useCallback(() => (playing ? pause() : play()), [playing, pause, play])
  return { t, start, end, playing, speed, setSpeed, play, pause, toggle, seek: setAt }
}
export type Replay = ReturnType<typeof useReplay>
