import { useEffect, useState } from 'react'
import { Spinner } from './Spinner.js'

/** QRCode props. */
export interface QRCodeProps {
  /** The text to encode (a URL, usually). */
  value: string
  /** Accessible name of the image. */
  label: string
  /** Rendered width and height in px. Default 200. */
  size?: number
}

/** The dark modules of a QR symbol as one SVG path (one unit per module, quiet zone of 2). */
export function qrPath(modules: { size: number; get(row: number, col: number): number }, margin = 2): string {
  let d = ''
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col + margin} ${row + margin}h1v1h-1z`
    }
  }
  return d
}

/**
 * A QR code as an SVG image. The encoder (`qrcode`) loads on first render, so pages that never
 * show a QR code never download it. Always dark on white: scanners need the contrast.
 */
export function QRCode({ value, label, size = 200 }: QRCodeProps) {
  const [symbol, setSymbol] = useState<{ value: string; path: string; size: number } | null>(null)

  useEffect(() => {
    let live = true
    void import('qrcode').then((mod) => {
      const create = (mod as { create?: typeof import('qrcode').create }).create ?? (mod as unknown as { default: typeof import('qrcode') }).default.create
      const qr = create(value, { errorCorrectionLevel: 'M' })
      if (live) setSymbol({ value, path: qrPath(qr.modules), size: qr.modules.size + 4 })
    })
    return () => {
      live = false
    }
  }, [value])

  if (!symbol || symbol.value !== value) {
    return (
      <div className="foyer-center" style={{ width: size, height: size, margin: '0 auto' }}>
        <Spinner />
      </div>
    )
  }
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="foyer-qrcode"
      data-value={value}
      width={size}
      height={size}
      viewBox={`0 0 ${symbol.size} ${symbol.size}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', margin: '0 auto', borderRadius: 8 }}
    >
      <rect width={symbol.size} height={symbol.size} fill="#ffffff" />
      <path d={symbol.path} fill="#000000" />
    </svg>
  )
}
