// The making side of "continue on another device" (lib/seatlink.ts reads and keeps a
// link): the link to this seat, on the address other devices reach. Only the panel that
// shows it (OtherDevice.svelte, loaded when opened) imports it, so the table page's
// first load carries none of it.
import type { SeatOut } from "./api";

/** The link that opens `seat` in another browser, on `base` (scheme://host[:port]). */
export const seatLink = (base: string, seat: SeatOut): string =>
  `${base.replace(/\/+$/, "")}/table/${encodeURIComponent(seat.room)}`
  + `#seat=${seat.seat}&token=${encodeURIComponent(seat.token)}`;

/** Where a link to send goes: the first of `known` that is an address, the one the server's
 *  invite links use (the seat's answer says it; the host's page keeps the invite), else
 *  this page's own: at 127.0.0.1 a link on the page's own address reaches no other device. */
export function linkBase(origin: string, ...known: (string | null | undefined)[]): string {
  for (const address of known) {
    try {
      if (address) return new URL(address).origin;
    } catch { /* not an address: the next */ }
  }
  return origin;
}

/** The link a seat's page offers for another device (`origin`: this page's): on the address
 *  the seat's answer names, or the invite's (a host's page), else this page's own. */
export const deviceLink = (origin: string, seat: SeatOut, invite?: string | null): string =>
  seatLink(linkBase(origin, seat.base, invite), seat);

/** Whether `link` is on this computer's own address, which no other device reaches. */
export function onThisComputer(link: string): boolean {
  try {
    const host = new URL(link).hostname;
    return host === "localhost" || host === "[::1]" || /^127\./.test(host);
  } catch {
    return false;
  }
}
