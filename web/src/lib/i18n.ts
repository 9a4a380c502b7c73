// Dutch and English from the one catalogue the terminal table uses too
// (src/jokeren/words/messages.json): a key, a text per language, `{name}` fields. The browser
// loads it from the server at start (GET /api/messages), so a reworded message needs no
// new build of the front end.
import type { Lang } from "./cards";

type Catalogue = Record<string, Partial<Record<Lang, string>> & { en: string }>;
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

/** The message `key` in `lang` with its `{name}` fields filled in; the key itself when the
 *  catalogue lacks it (so a missing text shows, rather than an empty button). */
export function t(key: string, lang: Lang, values: Record<string, string | number> = {}): string {
  const entry = messages[key];
  if (!entry) return key;
  const text = entry[lang] ?? entry.en;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole);
}
