import { render } from "svelte/server";
import { describe, expect, it } from "vitest";
import Presence from "./Presence.svelte";

describe("welcome back", () => {
  const props = (more: number) => ({
    lang: "nl" as const, room: "r", seats: [], names: ["Anna", "Bea"], own: 1, host: null, version: 12, ready: true,
    back: { moves: 12, lines: [() => "Anna trok een kaart", () => "Anna legde 7♥ af"], more },
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

describe("who is away", () => {
  const seat = (present: boolean, computer = false) => ({ computer, present, level: null, person: true });
  const host = { room: "r", host_token: "h" } as unknown as import("./api").RoomOut;
  const props = (seats: ReturnType<typeof seat>[]) => ({
    lang: "nl" as const, room: "r", seats, names: ["Anna", "Bea", "Cor"], own: 0, host, version: 3, ready: true,
  });

  it("is a notice over the table only while a person is not here, naming only those", () => {
    expect(render(Presence, { props: props([seat(true), seat(true)]) }).body).not.toContain("presence");
    const body = render(Presence, { props: props([seat(true), seat(false), seat(false, true)]) }).body;
    expect(body).toContain('class="notice');
    expect(body.match(/<li/g)).toHaveLength(2);
    expect(body).not.toContain("Anna");
    expect(body).toContain("Laat de computer spelen"); // the host's, for Bea only
    expect(body.match(/<button/g)).toHaveLength(1);
  });

  it("marks a seat the computer plays apart from one no one plays (as the seats strip does)", () => {
    const body = render(Presence, { props: props([seat(true), seat(false), seat(false, true)]) }).body;
    // each within its own line (up to its </li>)
    expect(body).toMatch(/<li data-seat="1" class="[^"]*\baway\b[^"]*">((?!<\/li>)[\s\S])*weg/);
    expect(body).toMatch(
      /<li data-seat="2" class="[^"]*\bstand-in\b[^"]*">((?!<\/li>)[\s\S])*de computer speelt/);
    expect(body).not.toMatch(/<li data-seat="2" class="[^"]*\baway\b/);
  });
});
