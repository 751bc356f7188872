import { type PointerEvent, type ReactNode, type RefObject, useCallback, useEffect, useRef } from 'react'
import styles from './rewards.module.css'

const GRID = 16
const BRUSH = 22
/** Scratched share of the card (in grid cells) that counts as revealed. */
export const REVEAL_SHARE = 0.45

/** Rubs the cover off along a stroke, a brush wide. */
function eraseStroke(
  ctx: CanvasRenderingContext2D,
  from: { x: number; y: number },
  to: { x: number; y: number },
) {
  ctx.globalCompositeOperation = 'destination-out'
  ctx.lineCap = 'round'
  ctx.lineWidth = BRUSH * 2
  ctx.beginPath()
  ctx.moveTo(from.x, from.y)
  ctx.lineTo(to.x, to.y)
  ctx.stroke()
}

/** Sizes the canvas to its box at the screen's pixel ratio and paints the cover over it, once. */
function useCover(canvas: RefObject<HTMLCanvasElement | null>) {
  useEffect(() => {
    const el = canvas.current
    const ctx = el?.getContext('2d')
    if (!el || !ctx) return
    const ratio = window.devicePixelRatio || 1
    const { width, height } = el.getBoundingClientRect()
    el.width = Math.round(width * ratio)
    el.height = Math.round(height * ratio)
    ctx.scale(ratio, ratio)
    paintCover(ctx, width, height)
  }, [canvas])
}

/**
 * A silver layer over the card: drag a finger or the mouse across it to rub it off. Past
 * REVEAL_SHARE of the surface `onReveal` fires once (the caller claims the card then), and
 * `cleared` wipes what is left. Keyboard and screen-reader users get the button instead.
 */
export function ScratchSurface({
  children,
  cleared,
  disabled,
  onReveal,
  onProgress,
}: {
  children: ReactNode
  cleared: boolean
  disabled?: boolean
  onReveal: () => void
  onProgress?: (share: number) => void
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const cells = useRef(new Set<number>())
  const last = useRef<{ x: number; y: number } | null>(null)
  const revealed = useRef(false)

  useCover(canvas)

  const reveal = useCallback(() => {
    if (revealed.current) return
    revealed.current = true
    onReveal()
  }, [onReveal])

  const rub = (event: PointerEvent<HTMLCanvasElement>) => {
    const el = canvas.current
    const ctx = el?.getContext('2d')
    if (!el || !ctx || disabled) return
    const box = el.getBoundingClientRect()
    const point = { x: event.clientX - box.left, y: event.clientY - box.top }
    const from = last.current ?? point
    eraseStroke(ctx, from, point)
    last.current = point
    markCells(cells.current, from, point, box.width, box.height)
    const share = cells.current.size / (GRID * GRID)
    onProgress?.(share)
    if (share >= REVEAL_SHARE) reveal()
  }

  return (
    <div className={styles.surface}>
      <div className={styles.under}>{children}</div>
      <canvas
        ref={canvas}
        className={`${styles.cover} ${cleared ? styles.coverGone : ''}`}
        data-testid="scratch-surface"
        role="img"
        aria-label="Scratch area: rub it to reveal the reward"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId)
          last.current = null
          rub(event)
        }}
        onPointerMove={(event) => {
          if (event.buttons & 1 || event.pointerType === 'touch') rub(event)
        }}
        onPointerUp={() => {
          last.current = null
        }}
      />
    </div>
  )
}

/** Every grid cell the brush passed over between two points (sampled along the stroke). */
function markCells(
  cells: Set<number>,
  from: { x: number; y: number },
  to: { x: number; y: number },
  width: number,
  height: number,
) {
  const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / (BRUSH / 2)))
  const cw = width / GRID
  const ch = height / GRID
  for (let i = 0; i <= steps; i++) {
    const x = from.x + ((to.x - from.x) * i) / steps
    const y = from.y + ((to.y - from.y) * i) / steps
    for (let gx = Math.floor((x - BRUSH) / cw); gx <= Math.floor((x + BRUSH) / cw); gx++) {
      for (let gy = Math.floor((y - BRUSH) / ch); gy <= Math.floor((y + BRUSH) / ch); gy++) {
        if (gx < 0 || gy < 0 || gx >= GRID || gy >= GRID) continue
        // A cell counts when its centre is under the brush.
        if (Math.hypot((gx + 0.5) * cw - x, (gy + 0.5) * ch - y) <= BRUSH) cells.add(gy * GRID + gx)
      }
    }
  }
}

function paintCover(ctx: CanvasRenderingContext2D, width: number, height: number) {
  const gradient = ctx.createLinearGradient(0, 0, width, height)
  gradient.addColorStop(0, '#c9c6e8')
  gradient.addColorStop(0.5, '#f4f2ff')
  gradient.addColorStop(1, '#a9a5d9')
  ctx.fillStyle = gradient
  ctx.fillRect(0, 0, width, height)
  // A faint diagonal sheen so it reads as foil.
  ctx.strokeStyle = 'rgba(91, 77, 240, 0.12)'
  ctx.lineWidth = 2
  for (let x = -height; x < width; x += 14) {
    ctx.beginPath()
    ctx.moveTo(x, height)
    ctx.lineTo(x + height, 0)
    ctx.stroke()
  }
  ctx.fillStyle = '#3d36c9'
  ctx.font = '800 18px system-ui, sans-serif'
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText('SCRATCH HERE', width / 2, height / 2)
}
