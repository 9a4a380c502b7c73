import { render } from "svelte/server";
import { describe, expect, it } from "vitest";
import Presence from "./Presence.svelte";

describe("welcome back", () => {
  const props = (more: number) => ({
    lang: "nl" as const, room: "r", seats: [], names: ["Anna", "Bea"], own: 1, host: null, version: 12, ready: true,
    back: { moves: 12, lines: ["Anna trok een kaart", "Anna legde 7♥ af"], more },
  });

  it("numbers only the moves, from 1; the earlier lines left out are a line of their own", () => {
    const body = render(Presence, { props: props(10) }).body;
    const list = body.slice(body.indexOf("<ol"), body.indexOf("</ol>"));
    expect(list.match(/<li/g)).toHaveLength(2);
    expect(list).not.toContain("eerdere regels");
    expect(body.slice(0, body.indexOf("<ol"))).toContain("en 10 eerdere regels in het verloop");
  });

  it("says nothing of earlier lines when every line is shown", () => {
    expect(render(Presence, { props: props(0) }).body).not.toContain("eerdere regels");
  });
});
