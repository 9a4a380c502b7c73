// The club evening on the server (/api/club, docs/club.md): the secretary's token kept in this
// browser (localStorage, one per evening) and sent as a Bearer header, never in a URL.
import type { Lang } from "./cards";
import { t } from "./i18n";

export interface Words { en: string; nl: string }
export interface StandingOut {
  place: number; name: string; points: number; games: number; won: number;
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

export function sentence(exc: unknown, lang: Lang): string {
  return exc instanceof ClubFailure ? exc.text[lang] : t("web_error", lang, { text: String(exc) });
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
