// "Continue on another device": a link that carries this browser's seat to another one
// (docs/together.md, "Another device"). Its token travels in the URL's fragment, which
// browsers never send to a server: /table/ROOM#seat=N&token=T. main.ts takes the token out
// of the address bar at once (lib/fragment.ts), so it is not bookmarked or sent on from
// there; the page keeps the seat (as an invite's page does) once the table's welcome says
// the token is that seat's: a spectator's token, or another seat's number, is no seat here.
import { keepSeat, type SeatOut, seatOf } from "./api";

/** A token as the server makes them (secrets.token_urlsafe), within its 256 characters. */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;
const SEAT = /^\d{1,2}$/;

/** The seat a link's fragment (`#seat=N&token=T`) carries to `room`; null when it is not
 *  one (cut short, mistyped, another kind of link). */
export function readSeatLink(room: string, hash: string): SeatOut | null {
  const fields = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = fields.get("seat") ?? "";
  const token = fields.get("token") ?? "";
  if (!room || !SEAT.test(seat) || !TOKEN.test(token)) return null;
  return { room, seat: Number(seat), token, socket: `/ws/${room}` };
}

const linkKey = (room: string): string => `jokeren-link-${room}`;

/** The seat a link brought to `room` that the server has not yet said is its token's
 *  (kept apart from this browser's seat, so a reload in the lobby keeps it, and an invite
 *  opened meanwhile still joins); null when none. */
export function linkedSeat(room: string): SeatOut | null {
  try {
    const raw = localStorage.getItem(linkKey(room));
    return raw ? (JSON.parse(raw) as SeatOut) : null;
  } catch {
    return null;
  }
}

export function forgetLink(room: string): void {
  try { localStorage.removeItem(linkKey(room)); } catch { /* nothing kept */ }
}

/** What a table page's fragment (`hash`, already out of the address bar: lib/fragment.ts)
 *  brought: nothing (no fragment), "taken" (a seat's link, kept until the server says whose
 *  its token is: `welcomed`; "same" when this browser holds that seat already), "bad" (a
 *  link that is no seat's) or "other" (this browser holds another seat at this table,
 *  which is kept: one browser holds one seat a table). */
export function takeSeatLink(room: string, hash: string): "taken" | "same" | "bad" | "other" | null {
  if (!hash) return null;
  const seat = readSeatLink(room, hash);
  if (!seat) return "bad";
  const kept = seatOf(room);
  if (kept?.token === seat.token) return "same";
  if (kept) return "other";
  try {
    localStorage.setItem(linkKey(room), JSON.stringify(seat));
  } catch { /* private mode: held for this page only */ }
  return "taken";
}

/** The table's welcome said `said` is the seat of a link's token (null: a spectator's):
 *  the link's seat becomes this browser's when it is that seat, else it is forgotten (a
 *  spectator's token, or another seat's number written into the link). A seat this browser
 *  holds is never overwritten. Whether the link's seat is this page's now. */
export function welcomed(link: SeatOut, said: number | null): boolean {
  forgetLink(link.room);
  const held = seatOf(link.room);
  if (held) return held.token === link.token && held.seat === said;
  if (said !== link.seat) return false;
  keepSeat(link);
  return true;
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
