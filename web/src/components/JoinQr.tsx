import QRCode from 'qrcode'
import { useMemo } from 'react'
import styles from './projector.module.css'

/** Modules of white border round the code, as the QR standard asks (scanners need it). */
const QUIET = 4

/**
 * The dark modules of a QR code as one SVG path: a square of one unit per module.
 * Drawn here rather than from `QRCode.toString` so the page sets no HTML from a string.
 */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const parts: string[] = []
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++)
      if (modules.get(y, x)) parts.push(`M${x + QUIET} ${y + QUIET}h1v1h-1z`)
  return { size: modules.size + 2 * QUIET, d: parts.join('') }
}

/**
 * The join QR code and the short code beside it. `url` is the join page on the address this
 * board was opened on (so a phone on the same network reaches it: the LAN, not 127.0.0.1).
 */
export function JoinQr({ url, code }: { url: string; code: string }) {
  const { size, d } = useMemo(() => qrPath(url), [url])
  return (
    <section className={styles.join} data-testid="board-join" aria-label="Join">
      <svg
        className={styles.qr}
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label={`QR code for ${url}`}
        data-testid="board-qr"
        data-url={url}
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      <div className={styles.joinText}>
        <span>Join with code</span>
        <strong className={styles.code} data-testid="board-code">
          {code}
        </strong>
        <small data-testid="board-join-url">{url.replace(/^https?:\/\//, '')}</small>
      </div>
    </section>
  )
}
