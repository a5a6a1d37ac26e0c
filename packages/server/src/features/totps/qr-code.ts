// wire-format.md §4.8 `qr_code`: the otpauth URI as an SVG data URL (issue 13 item 1), drawn with uqr (no
// dependencies, no canvas): an <img src> renders it, and it never leaves the server as a request to a QR service.
import { renderSVG } from 'uqr';

export function qrCodeDataUrl(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(renderSVG(text, { border: 2 }), 'utf8').toString('base64')}`;
}
