// The HTTP side of `jokeren serve` (its OpenAPI description is at /openapi.json), and where
// this browser keeps its seat tokens: localStorage, one per room, so a reload or a lost
// connection finds the seat again.
import type { Lang } from "./cards";
import type { Refusal } from "./client";
import { t } from "./i18n";
import type { Preset } from "./rules";

export class ApiFailure extends Error {
  constructor(readonly reason: Refusal | null, message: string) {
    super(message);
  }
}

/** The server's refusal in either shape it uses: {key, text: {en, nl}} or {key, en, nl}. */
export function refusalOf(data: unknown): Refusal | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  const text = d.text as Record<string, unknown> | undefined;
  const en = text?.en ?? d.en;
  const nl = text?.nl ?? d.nl;
  if (typeof en !== "string" || typeof nl !== "string") return null;
  return { key: String(d.key ?? ""), text: { en, nl } };
}

/** A sentence of the server, worded to follow "jokeren: ", as a page shows it on its own. */
export const capital = (text: string): string =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?…]$/.test(text) ? "" : "."}`;

/** What a page says when a request failed. A refusal of what the person can change (a 4xx:
 *  a name too long or taken, a file that is no record, a seat already taken) is its own
 *  sentence; a failure (no answer, the server's 5xx) is "Something went wrong: ..." with
 *  the server's sentence, else the error. */
export function refusalText(exc: unknown, lang: Lang): string {
  const reason = exc instanceof ApiFailure ? exc.reason : null;
  const status = reason ? Number((exc as ApiFailure).message) : 0;
  return status >= 400 && status < 500 && reason ? capital(reason.text[lang])
    : t("web_error", lang, { text: reason ? reason.text[lang] : String(exc) });
}

/** A response's JSON answer, or an ApiFailure with the server's refusal when it is not ok. */
export async function answer<T>(response: Response): Promise<T> {
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiFailure(refusalOf(data), `${response.status}`);
  return data as T;
}

/** `fetch`, but no answer at all (the network, the server down) is an ApiFailure said in
 *  the person's words, not the browser's "TypeError: Failed to fetch". */
export const request = (path: string, init?: RequestInit): Promise<Response> =>
  fetch(path, init).catch(() => {
    const text = (lang: Lang): string => t("web_no_answer", lang);
    throw new ApiFailure({ key: "no_answer", text: { en: text("en"), nl: text("nl") } }, "0");
  });

/** POST a JSON body; the answer, or an ApiFailure with the server's refusal. */
export const post = async <T>(path: string, body: unknown): Promise<T> =>
  answer<T>(await request(path, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  }));

/** A seat's answer (join, play-now). `base`: scheme://host[:port] other devices reach the
 *  server at, as its invite links use it (none in a seat kept from a seat's link). */
export interface SeatOut { room: string; seat: number; token: string; socket: string; base?: string }

export type RulesObj = string | Record<string, unknown>;

export const playNow = (name: string, rules: RulesObj, computers: string[]): Promise<SeatOut> =>
  post<SeatOut>("/api/play-now", { name, rules, computers });

/** The most characters in a display name: the server's (server/names.py, MOST). */
export const NAME_MOST = 24;

/** The name this browser last played under, to start with: cut to NAME_MOST characters, for
 *  one kept from before the fields took no more (64) would be refused whole. */
export const keptName = (): string =>
  [...(localStorage.getItem("jokeren-name") ?? "")].slice(0, NAME_MOST).join("");

export const join = (room: string, token: string, name: string): Promise<SeatOut> =>
  post<SeatOut>(`/api/rooms/${encodeURIComponent(room)}/join`, { token, name });

const key = (room: string): string => `jokeren-seat-${room}`;

export function keepSeat(seat: SeatOut): void {
  localStorage.setItem(key(seat.room), JSON.stringify(seat));
}

/** Forgets this browser's seat at `room` (a seat link the server does not know). */
export function forgetSeat(room: string): void {
  localStorage.removeItem(key(room));
}

export function seatOf(room: string): SeatOut | null {
  try {
    const raw = localStorage.getItem(key(room));
    return raw ? (JSON.parse(raw) as SeatOut) : null;
  } catch {
    return null;
  }
}

export function socketUrl(path: string): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

export interface RoomOut {
  room: string;
  host_token: string;
  invite_token: string;
  spectate_token: string;
  invite: string;
  spectate: string;
  warnings: { en: string; nl: string }[];
}

export interface SeatIn { kind: "person" | "computer"; level?: string }

export const startRoom = (room: string, token: string): Promise<unknown> =>
  post(`/api/rooms/${encodeURIComponent(room)}/start`, { token });

export interface RoomInfo {
  id: string;
  status: string;
  rules: unknown;
  rules_text?: { en: string[]; nl: string[] }; // every rule as a sentence
  next?: string | null; // the host's rematch, once made
  options: Record<string, unknown>;
  version: number;
  seats: { seat: number; kind: "person" | "computer"; level: string | null; name: string | null;
    here?: boolean }[]; // here: a person whose page asked lately (the lobby)
}

/** A GET with one of the room's tokens, in a header: a URL would carry it into the server's
 *  log. */
export const getWith = (path: string, token: string): Promise<Response> =>
  request(path, { headers: { authorization: `Bearer ${token}` } });

/** The room's rules, options, seats (who has joined) and status, for any of its tokens. */
export const roomInfo = async (room: string, token: string): Promise<RoomInfo> =>
  answer<RoomInfo>(await getWith(`/api/rooms/${encodeURIComponent(room)}`, token));

export function keepHost(room: RoomOut): void {
  localStorage.setItem(`jokeren-host-${room.room}`, JSON.stringify(room));
}

export function hostOf(room: string): RoomOut | null {
  try {
    const raw = localStorage.getItem(`jokeren-host-${room}`);
    return raw ? (JSON.parse(raw) as RoomOut) : null;
  } catch {
    return null;
  }
}

/** A finished room's record (jokeren-record/1), with any of the room's tokens (in a header:
 *  a URL would carry it into the server's log), as the text the server sent: its 128-bit
 *  seed would lose digits as a JavaScript number. */
export async function fetchRecord(room: string, token: string): Promise<string> {
  const response = await getWith(`/api/rooms/${encodeURIComponent(room)}/record`, token);
  if (!response.ok) await answer<unknown>(response);
  return response.text();
}

/** Saves `blob` as the file `name` (the browser's download). */
export function save(blob: Blob, name: string): void {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

let presets: Promise<Preset[]> | null = null;

/** Every preset with its rules in plain words (GET /api/presets), asked once per page load. */
export function fetchPresets(): Promise<Preset[]> {
  presets ??= fetch("/api/presets").then((r) => answer<Preset[]>(r));
  presets.catch(() => { presets = null; }); // a failed load is asked again next time
  return presets;
}

/** The presets' names for a page's rules list; the default alone when the list cannot load. */
export const presetNames = (): Promise<string[]> =>
  fetchPresets().then((all) => all.map((p) => p.preset), () => ["amerikaans"]);
