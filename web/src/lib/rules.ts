// The house-rules editor's logic: a rule set is a preset plus the keys that differ
// (docs/notation.md, "House rules"); the server's check says whether it can be played and
// which rules contradict each other.

export type RuleValue = unknown;
export interface Preset {
  preset: string;
  description: { en: string; nl: string };
  rules: Record<string, RuleValue>;
}
export interface Check {
  ok: boolean;
  error: { en: string; nl: string } | null;
  contradictions: { en: string; nl: string }[];
  rules: Record<string, RuleValue> | null;
}

/** The rule set to send: the preset's name alone, or it with the keys that differ. */
export function houseRules(preset: Preset, edited: Record<string, RuleValue>):
  string | Record<string, RuleValue> {
  const diff: Record<string, RuleValue> = {};
  for (const [key, value] of Object.entries(edited)) {
    if (key === "preset") continue;
    if (JSON.stringify(value) !== JSON.stringify(preset.rules[key])) diff[key] = value;
  }
  return Object.keys(diff).length ? { preset: preset.preset, ...diff } : preset.preset;
}

/** How a key is edited: a switch, a number, a word, or JSON for lists and tables. */
export function editorKind(value: RuleValue): "bool" | "number" | "text" | "json" {
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return "number";
  if (typeof value === "string") return "text";
  return "json";
}

/** Reads what was typed for a key of that kind; null when it is not valid JSON. */
export function readValue(kind: string, text: string): { value: RuleValue } | null {
  if (kind === "number") {
    const n = Number(text);
    return text.trim() !== "" && Number.isFinite(n) ? { value: n } : null;
  }
  if (kind === "text") return { value: text };
  try {
    return { value: JSON.parse(text) as RuleValue };
  } catch {
    return null;
  }
}
