import { render } from "svelte/server";
import { describe, expect, it } from "vitest";
import Felt from "./Felt.svelte";
import type { MeldJSON } from "./view";

// the text a reader sees: the markup's tags (and Svelte's comments) taken out
const text = (html: string): string => html.replace(/<[^>]*>/g, "");

describe("the combinations on the table", () => {
  const table: MeldJSON[] = [{ kind: "set", cards: ["7h", "7d", "7s"], start: 0 }, { kind: "run", cards: ["2c", "3c", "4c"], start: 0 }];

  it("reads each combination's number and who laid it as two words", () => {
    const body = render(Felt, { props: { table, lang: "nl", owners: [0, 1], players: ["Anna", "Bob"] } }).body;
    expect(text(body)).toContain("1 Anna");
    expect(text(body)).toContain("2 Bob");
  });
});
