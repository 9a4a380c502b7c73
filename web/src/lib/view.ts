// What the table page shows, worded from a seat's view and events (docs/protocol.md).
// Pure functions of the JSON the server sends: tested without a browser.
import { cardLabel, type Lang, parseCard } from "./cards";
import { t, type Worded } from "./i18n";

import type { EventJSON, MeldJSON, ResultJSON, ViewJSON } from "./wire.gen";

// The messages' types are generated from the server's schema (scripts/wire_types.py).
export type { EventJSON, MeldJSON, ResultJSON, ViewJSON };

export const cardsText = (cards: readonly string[], lang: Lang): string =>
  cards.map((c) => cardLabel(parseCard(c), lang)).join(" ");

/** Items as a list: "a, b en c" (Dutch), "a, b and c". */
export function listed(items: readonly string[], lang: Lang): string {
  if (items.length < 2) return items.join("");
  return t("rule_and", lang, { first: items.slice(0, -1).join(", "), last: items.at(-1) ?? "" });
}

export const meldsText = (melds: readonly MeldJSON[], lang: Lang): string =>
  listed(melds.map((m) => cardsText(m.cards, lang)), lang);

/** Whether it is this seat's move (its turn, or an offer it must answer). */
export function myMove(v: ViewJSON): boolean {
  return v.seat !== null && v.to_act === v.seat &&
    v.phase !== "round-over" && v.phase !== "match-over";
}

/** The buy offer: the card, and what a buyer gets besides it (the rules' `buying.extra`
 *  cards from the stock, 1 unless the house rules say otherwise). Short enough to be read
 *  whole in the status line's two lines on a 360 px phone. */
export function buyOffer(v: ViewJSON, card: string, lang: Lang): string {
  const buying = typeof v.rules === "object" ? v.rules.buying as { extra?: unknown } | null | undefined : undefined;
  const n = typeof buying?.extra === "number" ? buying.extra : 1;
  return t(n === 0 ? "web_st_buy" : n === 1 ? "web_st_buy_extra" : "web_st_buy_extra_n", lang, { card, n });
}

/** The status line: whose turn it is and what this seat may do now. At the match's end what
 *  to look at: the winner is the log's newest line and the heading of the match's end, and
 *  a phone showed the same sentence three times over. */
export function statusLine(v: ViewJSON, lang: Lang): string {
  const name = (seat: number | null): string => (seat === null ? "" : (v.players[seat] ?? "?"));
  if (v.phase === "match-over") return t("web_st_match_end", lang);
  if (v.phase === "round-over") return t("web_st_round_over", lang);
  if (!myMove(v)) {
    if (v.phase === "buying") {
      return t("web_st_buying_other", lang, { name: name(v.to_act) });
    }
    return t("web_st_waiting", lang, { name: name(v.to_act) });
  }
  const top = v.discard_top ? cardLabel(parseCard(v.discard_top), lang) : "";
  switch (v.phase) {
    case "exchange":
      return t("web_st_exchange", lang);
    case "upcard-offer":
      return t("web_st_upcard_offer", lang, { card: top });
    case "upcard-swap":
      return t("web_st_upcard_swap", lang);
    case "draw":
      return top ? t("web_st_draw", lang, { card: top }) : t("web_st_draw_only", lang);
    case "buying":
      return buyOffer(v, top, lang);
    default:
      break;
  }
  if (v.pending.length) return t("web_st_pending", lang, { cards: cardsText(v.pending, lang) });
  if (v.seat !== null && !v.come_out[v.seat]) {
    return t("web_st_come_out", lang, { req: v.requirement.text[lang] });
  }
  return t("web_st_play", lang);
}

/** The events the log says nothing of. */
const SILENT = new Set(["pass", "round-over", "deal"]);

/** An event's line of the log, kept as the event and worded when shown (in the language
 *  of that moment); null for an event the log says nothing of. `players` is kept as it
 *  is: pass a list that does not change (one copy serves a batch of events). */
export function eventWords(e: EventJSON, players: readonly string[], you: number | null = null): Worded | null {
  if (SILENT.has(e.kind)) return null;
  return (lang) => eventLine(e, players, lang, you) ?? "";
}

/** The lines `events` give the log (`eventWords`, the silent ones left out). The cards
 *  passed in the duplicate exchange are said by its end, in one line for the reader's own
 *  (`exchangeLog`: pass the log's own, which follows the exchange from batch to batch). */
export function eventsWords(events: readonly EventJSON[], players: readonly string[],
                            you: number | null = null, exchange = exchangeLog()): Worded[] {
  const lines: Worded[] = [];
  for (const e of events) {
    if (e.kind !== "exchanged") lines.push(...exchange.ended(players, you));
    exchange.see(e, you);
    const line = e.kind === "exchanged" ? null : eventWords(e, players, you);
    if (line) lines.push(line);
  }
  lines.push(...exchange.ended(players, you));
  return lines;
}

// --- the duplicate exchange's end in the log, as the terminal table says it
// (src/jokeren/words/moves.py, `exchange_lines`): the reader's own card and the one they
// got in one line, last ("Je gaf H♠ aan Bob en kreeg V♥ terug"); where the others passed a
// card, without the card ("Bob gaf een kaart aan Cas"); a lone giver keeps the card
// ("Alleen Bob gaf een kaart, dus er is niets geruild", to the giver "Niemand anders gaf een
// kaart, dus je houdt 7♠"). Read from the events as this seat was sent them: every seat in
// play is asked once after the deal (`give` or `pass`), and when two or more gave, the
// last answer's events pass the cards on (`exchanged`: the card only for giver and taker).
// A lone giver's card is in no event: the page says which it gave (`KeptCard`).

/** The card a lone giver among the readers keeps, from the page's own state; null when
 *  the page cannot tell. `dealt` is the reader's dealt hand. */
export type KeptCard = (dealt: readonly string[]) => string | null;

/** The cards held twice in a hand (jokers are never given). */
export const duplicates = (hand: readonly string[]): string[] =>
  [...new Set(hand.filter((c, i) => c !== "*" && hand.indexOf(c) !== i))];

/** Without the page's word: the hand's only card held twice, if it has just one. */
export const onlyDuplicate: KeptCard = (dealt) => {
  const twice = duplicates(dealt);
  return twice.length === 1 ? (twice[0] as string) : null;
};

/** Follows the events from each deal to the exchange's end; one per log (its state runs on
 *  from batch to batch: a move's events, what was missed, the whole log on a reload). */
export interface ExchangeLog {
  /** Takes in one event (in the order sent). */
  see(e: EventJSON, you: number | null): void;
  /** The exchange's end, once every seat answered (and the cards it passed are in): its
   *  lines, once; [] before or after it, or when nobody gave. Call it before an event that
   *  is not `exchanged` and after each batch. */
  ended(players: readonly string[], you: number | null): Worded[];
}

export function exchangeLog(keptCard: KeptCard = onlyDuplicate): ExchangeLog {
  // the seats dealt in the last deal (each is asked once), their answers, who gave, the
  // cards passed, the reader's dealt hand
  let dealt = 0, answers = 0, givers: number[] = [], passed: EventJSON[] = [], hand: string[] = [];
  let open = false, last = "";
  return {
    see(e, you) {
      if (e.kind === "deal") {
        if (last !== "deal") { dealt = answers = 0; givers = []; passed = []; open = true; }
        dealt += 1;
        if (e.seat === you) hand = e.cards;
      } else if (e.kind === "exchanged") { // its deal may be before what this page was sent
        if (!open) passed = []; // not an earlier round's
        open = true;
        passed.push(e);
      } else if (open && (e.kind === "give" || e.kind === "pass")) {
        answers += 1;
        if (e.kind === "give") givers.push(e.seat as number);
      }
      last = e.kind;
    },
    ended(players, you) {
      if (!open || !(passed.length || (dealt && answers >= dealt))) return [];
      open = false;
      const name = (seat: number | null): string => players[seat ?? -1] ?? "?";
      if (!passed.length) {
        if (givers.length !== 1) return [];
        const giver = givers[0] as number, who = name(giver);
        const kept = giver === you ? keptCard(hand) : null;
        return [(lang) => giver !== you ? t("tui_ex_kept", lang, { name: who })
          : kept === null ? t("web_ex_kept_yours", lang)
          : t("tui_ex_kept", lang, { card: cardsText([kept], lang) }, true)];
      }
      // the others' passes as before, never with the card ("Bob gaf een kaart aan Cas"); an
      // `exchanged` event has a seat and a `to`, never the spectator's null
      const lines = passed.filter((e) => e.seat !== you && e.to !== you)
        .map((e) => eventWords({ ...e, cards: [] }, players, you) as Worded);
      const gave = passed.find((e) => e.seat === you);
      const got = passed.find((e) => e.to === you);
      if (gave && got) {
        const values = { to: name(gave.to), from_: name(got.seat) };
        lines.push((lang) => t(got.seat === gave.to ? "tui_ex_back" : "tui_ex_round", lang,
          { ...values, gave: cardsText(gave.cards, lang), got: cardsText(got.cards, lang) }));
      }
      return lines;
    },
  };
}

/** One log line for an event as this seat saw it, or null for events not worth a line;
 *  in the second person when `you` (the reader's seat) made it ("Je trok een kaart"). */
export function eventLine(e: EventJSON, players: readonly string[], lang: Lang,
                          you: number | null = null): string | null {
  if (SILENT.has(e.kind)) return null;
  const name = e.seat === null ? "" : (players[e.seat] ?? "?");
  const own = you !== null && e.seat === you;
  const said = (key: string, values: Record<string, string | number> = {}): string =>
    t(key, lang, { name, ...values }, own);
  const cards = cardsText(e.cards, lang);
  switch (e.kind) {
    case "upcard":
      return t("web_ev_upcard", lang, { cards });
    case "draw":
      return e.cards.length ? said("tui_ev_draw", { cards })
        : said("tui_ev_draw_hidden", { n: e.hidden || 1 });
    case "exchanged": {
      const to = e.to === null ? "?" : e.to === you ? t("tui_ev_to_reader", lang) : (players[e.to] ?? "?");
      return said(e.cards.length ? "tui_ev_exchanged" : "tui_ev_exchanged_hidden", { cards, to });
    }
    case "come-out":
    case "meld":
      return said(e.kind === "come-out" ? "tui_ev_come_out" : "tui_ev_meld",
        { cards: meldsText(e.melds, lang) || cards });
    case "lay":
    case "swap":
      return said(`tui_ev_${e.kind}`, { cards, n: e.to ?? "?" });
    case "match-over":
      return said("tui_ev_match_over");
    default:
      return said(`tui_ev_${e.kind.replace(/-/g, "_")}`, { cards });
  }
}

/** The cards passed to this seat in the duplicate exchange, which the hand marks as new
 *  (drawn, taken and bought cards are in the view's `drawn`; these only in their event). */
export function exchangedTo(events: readonly EventJSON[], seat: number | null): string[] {
  if (seat === null) return [];
  return events.filter((e) => e.kind === "exchanged" && e.to === seat).flatMap((e) => e.cards);
}

/** The score sheet's rows: round, requirement, dealer, each seat's penalty, running totals. */
export function sheetRows(v: ViewJSON): { round: number; requirement: string; dealer: string;
  points: number[]; totals: number[]; winner: string }[] {
  const running = v.players.map(() => 0);
  return v.results.map((r, i) => {
    r.penalties.forEach((p, s) => { running[s] = (running[s] ?? 0) + p; });
    return {
      round: i + 1,
      requirement: r.requirement,
      dealer: v.players[r.dealer] ?? "?",
      points: [...r.penalties],
      totals: [...running],
      winner: r.winner === null ? "" : (v.players[r.winner] ?? "?"),
    };
  });
}

/** A requirement's notation ("set 3 + run 4", "set 3 | run 3", "points 40", "all") in
 *  the player's words, as the terminal and the server word it (`Requirement.describe`, the
 *  catalogue's rule_req_* keys): "drie dezelfde en een rij van vier". */
export function requirementWords(notation: string, lang: Lang): string {
  const count = (n: string): string =>
    t(`rule_count_${n}`, lang) === `rule_count_${n}` ? n : t(`rule_count_${n}`, lang);
  const one = (part: string): string => {
    const [kind, n = ""] = part.trim().split(/\s+/);
    if (kind === "set" || kind === "run") return t(`rule_req_${kind}`, lang, { count: count(n) });
    if (kind === "all" || kind === "none") return t(`rule_req_${kind}`, lang);
    if (kind === "points") return t("rule_req_points", lang, { n: Number(n) });
    return part.trim();
  };
  const joined = (key: string, items: string[]): string => items.length < 2 ? items.join("")
    : t(key, lang, { first: items.slice(0, -1).join(", "), second: items.at(-1) ?? "" });
  return joined("rule_req_either", notation.split("|").map(
    (alt) => joined("rule_req_both", alt.split("+").map(one))));
}

// --- hints and the check of a selection: from the engine's own listing of the seat's
// legal moves (`moves` in the server's frames), never a suggestion the engine would refuse

const plain = (card: string): string => (card.startsWith("*") ? "*" : card);
/** The cards of a group as the hand holds them (a joker is a joker, whatever it stands
 *  for), in one order: the same key for every reading of the group. */
export const groupKey = (cards: readonly string[]): string => cards.map(plain).sort().join(" ");
const key = groupKey;

/** The groups of a listed `meld` move: "meld 7h 8h 9h / Kc Kd Ks" -> [[...], [...]]. */
export function meldGroups(move: string): string[][] {
  if (!move.startsWith("meld ")) return [];
  return move.slice(5).split("/").map((g) => g.trim().split(/\s+/).filter(Boolean));
}

/** Whether the cards set aside plus the selection are a listed move: "complete" when they
 *  are a whole listed `meld` (they may be laid as they are), "group" when the selection is
 *  one group of a listed meld, else null (not listed: the engine may still take it). */
export function selectionFits(moves: readonly string[], groups: readonly string[][],
  selection: readonly string[]): "complete" | "group" | null {
  const wanted = [...groups, ...(selection.length ? [selection] : [])].map(key).sort();
  if (!wanted.length) return null;
  let group = false;
  for (const move of moves) {
    const listed = meldGroups(move).map(key);
    if (!listed.length) continue;
    if (listed.length === wanted.length && [...listed].sort().join("|") === wanted.join("|")) {
      return "complete";
    }
    if (selection.length && listed.includes(key(selection))) group = true;
  }
  return group ? "group" : null;
}

/** What `selectionFits` found, in words shown as they are: the catalogue's text carries
 *  its own ✓. */
export function fitsWords(fits: "complete" | "group" | null, lang: Lang): string {
  return fits ? t(fits === "complete" ? "web_fits_complete" : "web_fits_group", lang) : "";
}

/** Hint lines for the listed melds, lay-offs and joker swaps (at most `most` of each). */
export function hintLines(moves: readonly string[], lang: Lang, most = 4): string[] {
  const lines: string[] = [];
  const melds = moves.filter((m) => m.startsWith("meld "));
  const lays = moves.filter((m) => m.startsWith("lay "));
  const swaps = moves.filter((m) => m.startsWith("swap "));
  for (const m of melds.slice(0, most)) {
    lines.push(t("web_hint_meld", lang, {
      cards: listed(meldGroups(m).map((g) => cardsText(g, lang)), lang),
    }));
  }
  for (const m of [...lays.slice(0, most), ...swaps.slice(0, most)]) {
    const [verb, n, ...cards] = m.split(/\s+/);
    lines.push(t(verb === "lay" ? "web_hint_lay" : "web_hint_swap", lang,
      { n: n ?? "?", cards: cardsText(cards, lang) }));
  }
  return lines;
}

/** The table melds (numbers from 1) one event laid or changed: a new meld or come-out its
 *  new melds, a lay-off or joker swap its meld, a rearranged table (`table`) every meld of
 *  the new table. Null for an event that touches no meld. */
export function touchedBy(e: EventJSON): number[] | null {
  if ((e.kind === "meld" || e.kind === "come-out") && e.to !== null) {
    return e.melds.map((_, i) => (e.to as number) + i);
  }
  if ((e.kind === "lay" || e.kind === "swap") && e.to !== null) return [e.to];
  if (e.kind === "table") return e.melds.map((_, i) => i + 1);
  return null;
}

/** What the last action put on the table, to highlight: the table melds it laid or changed
 *  (numbers from 1) and whether it discarded. Null when the events touch neither. */
export function lastTouched(events: readonly EventJSON[]): { melds: number[]; discard: boolean } | null {
  let found: { melds: number[]; discard: boolean } | null = null;
  for (const e of events) {
    const melds = touchedBy(e);
    if (e.kind === "deal") found = { melds: [], discard: false };
    else if (e.kind === "discard") found = { melds: [], discard: true };
    else if (melds !== null) found = { melds, discard: false };
  }
  return found;
}
