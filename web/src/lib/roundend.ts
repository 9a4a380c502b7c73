// The end of a round as the table shows it before the score sheet: what the winner laid in
// the turn they went out, found in the round's events as this seat saw them (the melds are
// on the table for everyone; nothing hidden is needed).
import { type EventJSON, touchedBy, type ViewJSON } from "./view";

export interface Laid { melds: number[]; discard: boolean }

/** The table combinations (numbers from 1) the winner laid or changed in the turn they
 *  went out, and whether they went out by discarding. That turn begins with the winner's
 *  last draw or take of the round (from the start when there is none: out at once). A
 *  rearranged table (`table`) marks every combination. Empty for no winner. */
export function wentOut(events: readonly EventJSON[], winner: number | null): Laid {
  const laid: Laid = { melds: [], discard: false };
  if (winner === null) return laid;
  let start = 0;
  events.forEach((e, i) => {
    if (e.seat === winner && (e.kind === "draw" || e.kind === "take")) start = i;
  });
  const marked = new Set<number>();
  for (const e of events.slice(start)) {
    if (e.seat !== winner) continue;
    for (const n of touchedBy(e) ?? []) marked.add(n);
    if (e.kind === "discard") laid.discard = true;
  }
  laid.melds = [...marked].sort((a, b) => a - b);
  return laid;
}

/** The events of the round so far: a deal starts it afresh. */
export function roundEvents(kept: readonly EventJSON[], more: readonly EventJSON[]): EventJSON[] {
  const deal = more.findIndex((e) => e.kind === "deal");
  return deal >= 0 ? more.slice(deal) : [...kept, ...more];
}

export interface RoundEndShown { view: ViewJSON; laid: Laid }

/** The round's number (from 1) that a round-end view shows. */
export const roundOf = (view: ViewJSON): number => view.results.length;

/** The panel of a round that ended before this page was opened (the server's `round_end`
 *  on connect), unless the person closed that round's panel (`closed`: the last round
 *  whose panel they closed here) or one is shown already. */
export function restored(ended: { view: ViewJSON; events: readonly EventJSON[] },
  closed: number, shown: RoundEndShown | null): RoundEndShown | null {
  if (shown !== null || roundOf(ended.view) <= closed) return shown;
  return { view: ended.view, laid: wentOut(ended.events, ended.view.results.at(-1)?.winner ?? null) };
}

/** Where the page keeps the last round whose panel the person closed, per room. */
export const closedKey = (room: string): string => `jokeren-round-end-closed:${room}`;
