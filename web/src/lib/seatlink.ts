// "Continue on another device": a link that carries this browser's seat to another one
// (docs/together.md, "Another device"). Its token travels in the URL's fragment, which
// browsers never send to a server: /table/ROOM#seat=N&token=T. The page that opens it keeps
// the seat (as an invite's page does) and takes the token out of the address bar at once,
// so it is not bookmarked or sent on from there.
import { keepSeat, type SeatOut, seatOf } from "./api";

/** A token as the server makes them (secrets.token_urlsafe), within its 256 characters. */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;
const SEAT = /^\d{1,2}$/;

/** The link that opens `seat` in another browser, on `base` (scheme://host[:port]). */
export const seatLink = (base: string, seat: SeatOut): string =>
  `${base.replace(/\/+$/, "")}/table/${encodeURIComponent(seat.room)}`
  + `#seat=${seat.seat}&token=${encodeURIComponent(seat.token)}`;

/** The seat a link's fragment (`#seat=N&token=T`) carries to `room`; null when it is not
 *  one (cut short, mistyped, another kind of link). */
export function readSeatLink(room: string, hash: string): SeatOut | null {
  const fields = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = fields.get("seat") ?? "";
  const token = fields.get("token") ?? "";
  if (!room || !SEAT.test(seat) || !TOKEN.test(token)) return null;
  return { room, seat: Number(seat), token, socket: `/ws/${room}` };
}

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

export interface Page {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
}

/** What a table page's address bar brought: nothing (no fragment), "taken" (the seat of a
 *  link, now kept in this browser; "same" when it was kept already), "bad" (a link that
 *  is no seat's) or "other" (this browser has another seat at this table, which is kept:
 *  one browser holds one seat a table). The fragment leaves the address bar at once,
 *  whatever it was. */
export function takeSeatLink(room: string, page: Page = window): "taken" | "same" | "bad" | "other" | null {
  const { hash, pathname, search } = page.location;
  if (!hash) return null;
  page.history.replaceState(page.history.state, "", `${pathname}${search}`);
  const seat = readSeatLink(room, hash);
  if (!seat) return "bad";
  const kept = seatOf(room);
  if (kept?.token === seat.token) return "same";
  if (kept) return "other";
  keepSeat(seat);
  return "taken";
}

/** Calls `reopen` when a link pasted into this tab's address bar changes only its fragment
 *  (a seat's link to the table the tab shows: the browser loads nothing, it says
 *  "hashchange"), so the page opens anew and takes the seat as on opening. A fragment
 *  taken out (takeSeatLink's replaceState) says nothing. Returns the listener's removal. */
export function onLinkPasted(reopen: () => void, target: EventTarget = window,
  page: { location: { hash: string } } = window): () => void {
  const heard = (): void => { if (page.location.hash) reopen(); };
  target.addEventListener("hashchange", heard);
  return () => target.removeEventListener("hashchange", heard);
}
