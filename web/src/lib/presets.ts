// A rule set's words from the catalogue (`web_preset_*`), for the pages that list the
// presets (the start page, the score card, the club evening): kept apart from the
// house-rules editor's logic (rules.ts), which loads only with the editor.
import type { Lang } from "./cards";
import { t } from "./i18n";

/** A rule set's one line in words ("Jokeren in de familie: uitkomen met 30 punten, ..."),
 *  or its name when the catalogue has no line for it. */
export function presetLine(preset: string, lang: Lang): string {
  const key = `web_preset_${preset}`;
  const line = t(key, lang);
  return line === key ? preset : line;
}

/** A rule set's name as players say it ("Jokeren in de familie"), the name the rules texts,
 *  the score card and `jokeren rules` give it too (tests/test_glossary_rules.py). */
export const presetName = (preset: string, lang: Lang): string =>
  presetLine(preset, lang).split(":")[0] ?? preset;
