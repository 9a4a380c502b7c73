// The house-rules editor's logic: a rule set is a preset plus the keys that differ
// (docs/notation.md, "House rules"). What each key takes (a switch, a whole number from..to,
// one of some values, the rounds) comes from the server (GET /api/rules/keys, the rules' own
// definitions); the server's check says whether the rules can be played and which keys a
// contradiction concerns. Nothing here knows a key by name but the round schedule's words.
import { answer, post } from "./api";
import type { Lang } from "./cards";
import { t } from "./i18n";
import { requirementWords } from "./view";

export type RuleValue = unknown;
export interface Preset {
  preset: string;
  description: { en: string; nl: string };
  rules: Record<string, RuleValue>;
}
export interface Problem { en: string; nl: string; keys: string[] }
export interface Check {
  ok: boolean;
  error: Problem | null;
  contradictions: Problem[];
  rules: Record<string, RuleValue> | null;
}
export type Choice = boolean | number | string;
export interface KeySpec {
  key: string;
  group: string;
  kind: "bool" | "int" | "choice" | "players" | "schedule" | "penalty" | "buying" | "money";
  min: number;
  max: number | null;
  nullable: boolean;
  choices: Choice[];
  fields: { name: string; min: number; max: number | null }[];
}
export interface Keys { groups: string[]; keys: KeySpec[] }

let ruleKeys: Promise<Keys> | null = null;

/** Every house-rule key with what it takes, grouped (GET /api/rules/keys): the editor's
 *  controls come from the rules' own definitions. */
export function fetchKeys(): Promise<Keys> {
  ruleKeys ??= fetch("/api/rules/keys").then((r) => answer<Keys>(r));
  ruleKeys.catch(() => { ruleKeys = null; });
  return ruleKeys;
}

/** The rules' own check of a rule set (as `jokeren rules --check`). */
export const checkRules = (rules: string | Record<string, RuleValue>): Promise<Check> =>
  post<Check>("/api/rules/check", { rules });

/** The rule set to send: the preset's name alone, or it with the keys that differ. */
export function houseRules(preset: Preset, edited: Record<string, RuleValue>):
  string | Record<string, RuleValue> {
  const diff: Record<string, RuleValue> = {};
  for (const [key, value] of Object.entries(edited)) {
    if (key === "preset") continue;
    if (differs(preset, edited, key)) diff[key] = value;
  }
  return Object.keys(diff).length ? { preset: preset.preset, ...diff } : preset.preset;
}

/** Whether the rule `key` differs from the chosen preset's. */
export function differs(preset: Preset, edited: Record<string, RuleValue>, key: string): boolean {
  return JSON.stringify(edited[key]) !== JSON.stringify(preset.rules[key]);
}

/** The preset's rules with a saved rule set's changes (`{"preset": NAME, KEY: VALUE}`). */
export function startFrom(preset: Preset, saved: string | Record<string, RuleValue>):
  Record<string, RuleValue> {
  const edited = clone(preset.rules);
  if (typeof saved === "string") return edited;
  for (const [key, value] of Object.entries(saved)) {
    if (key !== "preset" && key in edited) edited[key] = clone(value);
  }
  if ("penalty" in saved) edited.penalty = { ...(preset.rules.penalty as object), ...(saved.penalty as object) };
  return edited;
}

/** A copy of a JSON value (the rules are JSON; a Svelte state proxy is copied too). */
export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** What a key takes when it is switched from a word (or off) to a number or on: the first
 *  preset's value that is one, else its least. */
export function firstOf(presets: readonly Preset[], spec: KeySpec, want: "number" | "object"): RuleValue {
  for (const p of presets) {
    const v = p.rules[spec.key];
    if (v !== null && typeof v === want) return clone(v);
  }
  if (want === "number") return spec.min;
  return Object.fromEntries(spec.fields.map((f) => [f.name, f.min]));
}

/** The rounds in a match after the schedule went from `before` to `after` rounds: a match
 *  that played the schedule once still does. */
export function syncRounds(rounds: RuleValue, before: number, after: number): RuleValue {
  return rounds === before ? after : rounds;
}

/** The groups in order, each with its keys (a group without keys is left out). */
export function grouped(keys: Keys): { group: string; keys: KeySpec[] }[] {
  return keys.groups.map((group) => ({ group, keys: keys.keys.filter((k) => k.group === group) }))
    .filter((g) => g.keys.length > 0);
}

/** The problems (a refused value, contradictions) that concern `key`. */
export function problemsOf(check: Check | null, key: string): Problem[] {
  if (!check) return [];
  return [...(check.error ? [check.error] : []), ...check.contradictions]
    .filter((p) => p.keys.includes(key));
}

/** A whole number typed for a key within `min..max`, else null (a number sent as a number). */
export function readNumber(text: string, min: number, max: number | null): number | null {
  const s = text.trim();
  if (!/^-?\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= min && (max === null || n <= max) ? n : null;
}

/** The catalogue's key part for a value: `3+` -> `3plus`, `by-players` -> `by_players`. */
export function slug(value: Choice | null): string {
  return String(value).replace(/\+/g, "plus").replace(/[^A-Za-z0-9]/g, "_");
}

/** A rule's title, explanation and a value in words, from the catalogue (`editor_*`). */
export const ruleTitle = (key: string, lang: Lang): string => t(`editor_key_${key}`, lang);
export const ruleHelp = (key: string, lang: Lang): string => t(`editor_help_${key}`, lang);
export const choiceWords = (key: string, value: Choice | null, lang: Lang): string =>
  t(`editor_${key}_${slug(value)}`, lang);

// --- the round schedule -----------------------------------------------------------------

export interface Meld { kind: "set" | "run"; size: number }
export type Round =
  | { kind: "melds"; alternatives: Meld[][] }
  | { kind: "points"; points: number }
  | { kind: "all" }
  | { kind: "none" };

/** A round's requirement as the notation writes it ("set 3 | run 3", "points 40") read into
 *  parts the editor shows; what it cannot read is "none". */
export function readRound(text: string): Round {
  const words = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (words === "all") return { kind: "all" };
  const points = /^points (\d+)$/.exec(words);
  if (points) return { kind: "points", points: Number(points[1]) };
  const alternatives: Meld[][] = [];
  for (const alt of words.split("|")) {
    const melds: Meld[] = [];
    for (const part of alt.split("+")) {
      const m = /^(set|run) (\d+)$/.exec(part.trim());
      if (!m) return { kind: "none" };
      melds.push({ kind: m[1] as "set" | "run", size: Number(m[2]) });
    }
    alternatives.push(melds);
  }
  return { kind: "melds", alternatives };
}

/** The round's requirement in the notation, for the rules sent to the server. */
export function roundText(round: Round): string {
  switch (round.kind) {
    case "all": return "all";
    case "none": return "none";
    case "points": return `points ${round.points}`;
    case "melds":
      return round.alternatives.map((alt) => alt.map((m) => `${m.kind} ${m.size}`).join(" + ")).join(" | ");
  }
}

/** A round as players say it, in the words every screen gives a requirement
 *  (`requirementWords`): "drie dezelfde of een rij van drie", "at least 40 points". */
export function roundWords(round: Round, lang: Lang): string {
  return requirementWords(roundText(round), lang);
}

/** A fresh round of a kind, keeping what it can of the round it replaces. */
export function roundOfKind(kind: Round["kind"], from: Round, least: number): Round {
  if (kind === from.kind) return from;
  if (kind === "points") return { kind, points: 40 };
  if (kind === "melds") return { kind, alternatives: [[{ kind: "set", size: least }]] };
  return { kind };
}

/** The schedule with round `i` moved by `step` (-1 up, +1 down); unchanged at either end. */
export function moveRound<T>(list: readonly T[], i: number, step: -1 | 1): T[] {
  const j = i + step;
  const out = [...list];
  if (i < 0 || i >= list.length || j < 0 || j >= list.length) return out;
  out.splice(j, 0, ...out.splice(i, 1));
  return out;
}

/** The schedule without round `i` (a schedule keeps at least one round). */
export function removeRound<T>(list: readonly T[], i: number): T[] {
  return list.length <= 1 ? [...list] : list.filter((_, j) => j !== i);
}
