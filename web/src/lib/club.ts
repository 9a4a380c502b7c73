// The club evening on the server (/api/club, docs/club.md): the secretary's token kept in this
// browser (localStorage, one per evening) and sent as a Bearer header, never in a URL.
import type { Lang } from "./cards";
import { t } from "./i18n";

export interface Words { en: string; nl: string }
export interface StandingOut {
  place: number | null; name: string; points: number; games: number; won: number;
  best_round: number | null; missed: number; per_game: number | null; rounds: (number | null)[];
}
export interface FormOut { games: number[][]; stock_out: number[]; totals: number[] }
export interface EveningOut {
  id: string; title: string; date: string; rules: string; rules_text: Words; rounds: number;
  games: number; missed: string; threes: string; players: string[]; absent: string[];
  draws: string[][][]; forms: (FormOut | null)[][]; standings: StandingOut[]; notes: Words[];
  secretary: boolean;
}
export interface CreatedOut {
  id: string; secretary_token: string; secretary_link: string; read_link: string; evening: EveningOut;
}

/** A refusal: its sentence and where it points (a form's game and column, from 1). */
export class ClubFailure extends Error {
  constructor(readonly text: Words, readonly params: { game?: number; column?: number }) {
    super(text.en);
  }
}

/** A refusal as the page shows it, on its own: with a capital (the server's sentence is
 *  worded to follow "jokeren: " on a command line, "de kolom van Bob telt op tot 40"). */
export function sentence(exc: unknown, lang: Lang): string {
  if (!(exc instanceof ClubFailure)) return t("web_error", lang, { text: String(exc) });
  const text = exc.text[lang];
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export async function clubCall<T>(method: "GET" | "POST", path: string, token: string | null,
                                  body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`/api/club${path}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null) as Record<string, unknown> | null;
  if (!response.ok) {
    const text = (data?.text ?? { en: `${response.status}`, nl: `${response.status}` }) as Words;
    throw new ClubFailure(text, (data?.params ?? {}) as { game?: number; column?: number });
  }
  return data as T;
}

const key = (id: string): string => `jokeren-club-${id}`;
export const keepToken = (store: Storage, id: string, token: string): void => store.setItem(key(id), token);
export const tokenOf = (store: Storage, id: string): string | null => store.getItem(key(id));

/** The members last entered on this computer: a club's list kept across evenings. */
export const membersKey = "jokeren-club-members";

/** A form's text fields as numbers: null where one is not a whole number. */
export function formNumbers(cells: string[][]): number[][] | null {
  const rows = cells.map((row) => row.map((c) => (/^\s*\d+\s*$/.test(c) ? Number(c) : NaN)));
  return rows.some((row) => row.some((n) => Number.isNaN(n))) ? null : rows;
}

/** The evening's date as a club writes it on its forms: "4 december 2026" (nl), "4 December
 *  2026" (en), as `jokeren club` prints it; empty stays empty. */
export function dateWords(date: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(lang === "nl" ? "nl-NL" : "en-GB",
                                 { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(day);
}

/** Penalty points per game with two decimals, a half up, in the page's language (nl 33,13). */
export function perGame(value: number | null, lang: Lang): string {
  if (value === null) return "";
  return new Intl.NumberFormat(lang === "nl" ? "nl-NL" : "en-GB",
                               { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(value);
}
