// The invite as a QR code, drawn by the page from its link: qrcode-generator encodes it as
// the standard says (the smallest version that holds it, the mask with the fewest penalty
// points), so making a room costs the server nothing for it (docs/server-load.md).
import qrcode from "qrcode-generator";

export const QR_MODULE = 4; // pixels a module in the SVG's own units
export const QR_QUIET = 4; // modules of light quiet zone around it, as the standard asks

/** ``link`` as a QR code with error correction M, dark on white with its quiet zone: an
 * SVG ``data:`` URL an ``<img>`` shows (the page's CSP allows data: images). A link is
 * encoded as its ASCII form (``URL.href``: a host in punycode, a path percent-encoded), so
 * every byte in the code is the link's; what is no URL is encoded as it is. */
export function qrDataUrl(link: string): string {
  const qr = qrcode(0, "M");
  qr.addData(asciiLink(link), "Byte");
  qr.make();
  const svg = qr.createSvgTag({ cellSize: QR_MODULE, margin: QR_QUIET * QR_MODULE, scalable: true });
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function asciiLink(link: string): string {
  try {
    return new URL(link).href;
  } catch {
    return link;
  }
}
