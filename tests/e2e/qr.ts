import jsQR from 'jsqr'
import type { Page } from 'playwright-core'

/**
 * Reads a board's QR code as a phone would: draws its svg on a canvas in the page and decodes
 * the pixels with jsQR, here. Null when no code is readable.
 */
export async function readQr(p: Page, testId = 'board-qr'): Promise<string | null> {
  const pixels = await p.evaluate(async (id) => {
    const svg = document.querySelector(`[data-testid="${id}"]`) as SVGSVGElement
    const size = 400
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = size
    canvas.height = size
    const g = canvas.getContext('2d') as CanvasRenderingContext2D
    g.drawImage(image, 0, 0, size, size)
    return { size, data: Array.from(g.getImageData(0, 0, size, size).data) }
  }, testId)
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.size, pixels.size)?.data ?? null
}
