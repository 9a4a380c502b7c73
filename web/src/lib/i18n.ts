// Dutch and English from the one catalogue the terminal table uses too
// (src/jokeren/words/messages.json, its format in docs/words.md): a key, a text per
// language, `{name}` fields; a text may be a plural ({"one": ..., "other": ...}) chosen by
// the field `n` through Intl.PluralRules (Python: Babel's rule); `{name:money}` is cents
// as money (nl "€ 5,61"), `{name:number}` a number grouped (nl "1.250"). The browser loads
// it from the server at start (GET /api/messages), so a reworded message needs no new
// build of the front end.
import type { Lang } from "./cards";

type Text = string | Record<string, string>;
type Catalogue = Record<string, Partial<Record<Lang, Text>> & { en: Text }>;
let messages: Catalogue = {};

export function setCatalogue(data: unknown): void {
  messages = data as Catalogue;
}

export async function loadCatalogue(url = "/api/messages"): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  setCatalogue(await response.json());
}

/** Dutch when the browser prefers Dutch (nl, nl-NL, nl-BE), else English. */
export function preferredLang(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "nl") return "nl";
    if (base === "en") return "en";
  }
  return "en";
}

/** A text kept as what it is made of and worded when shown, so that switching the
 *  language rewords it (the log, a refusal, what a person missed). */
export type Worded = (lang: Lang) => string;

/** The catalogue's `key` with its `values`, worded when shown. */
export const worded = (key: string, values: Record<string, string | number> = {}): Worded =>
  (lang) => t(key, lang, values);

/** The message `key` in `lang` with its `{name}` fields filled in; the key itself when the
 *  catalogue lacks it (so a missing text shows, rather than an empty button). `you`: said to
 *  the player who acts, `KEY_you` where the catalogue has it (docs/words.md). */
export function t(key: string, lang: Lang, values: Record<string, string | number> = {},
                  you = false): string {
  if (you && messages[`${key}_you`]) key = `${key}_you`;
  const entry = messages[key];
  if (!entry) return key;
  let text = entry[lang] ?? entry.en;
  if (typeof text !== "string") {
    const form = new Intl.PluralRules(lang).select(Number(values.n ?? 0));
    text = text[form] ?? text.other ?? "";
  }
  return text.replace(/\{(\w+)(?::(money|number))?\}/g, (whole, name: string, spec?: string) => {
    if (!(name in values)) return whole;
    const value = values[name];
    if (spec === "money") return money(Number(value), lang);
    if (spec === "number") return new Intl.NumberFormat(lang).format(Number(value));
    return String(value);
  });
}

/** An amount in cents as money: nl "€ 5,61", en "€5.61" (as Babel writes it in Python). */
export function money(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { style: "currency", currency: "EUR" })
    .format(cents / 100).replace(/\u00a0/g, " ");
}
