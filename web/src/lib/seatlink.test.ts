import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SeatOut, seatOf } from "./api";
import { TableClient } from "./client";
import { FakeSocket } from "./fake-socket";
import { deviceLink, linkBase, onThisComputer, seatLink } from "./devicelink";
import { linkedSeat, onLinkPasted, readSeatLink, takeSeatLink, welcomed } from "./seatlink";
import { TableState } from "./table.svelte";

const TOKEN = "Zq3_x-9AbCdEfGhIjKlMnOpQrStUvWxY0123456789ab"; // as secrets.token_urlsafe(24) makes
const seat: SeatOut = { room: "4f2a9c", seat: 2, token: TOKEN, socket: "/ws/4f2a9c" };

describe("the link that carries a seat to another device", () => {
  it("holds the token in the fragment only, which no browser sends to a server", () => {
    const link = seatLink("https://jokeren.example.org/", seat);
    expect(link).toBe(`https://jokeren.example.org/table/4f2a9c#seat=2&token=${TOKEN}`);
    const url = new URL(link);
    expect(url.search).toBe("");
    expect(`${url.origin}${url.pathname}`).not.toContain(TOKEN);
  });

  it("is read back as the seat it was made of", () => {
    const url = new URL(seatLink("http://192.168.1.20:8000", seat));
    expect(readSeatLink(decodeURIComponent(url.pathname.split("/")[2]!), url.hash)).toEqual(seat);
    expect(readSeatLink("r", "seat=0&token=" + TOKEN)).toEqual({ room: "r", seat: 0, token: TOKEN, socket: "/ws/r" });
  });

  it("is no seat when cut short, mistyped or another kind of link", () => {
    for (const hash of ["", "#", `#${TOKEN}`, "#seat=2", `#token=${TOKEN}`, `#seat=two&token=${TOKEN}`,
      `#seat=-1&token=${TOKEN}`, `#seat=2&token=${TOKEN.slice(0, 10)}`, `#seat=2&token=${TOKEN}%3Cb%3E`,
      `#seat=2&token=${"x".repeat(257)}`, `#seat=123&token=${TOKEN}`]) {
      expect(readSeatLink("4f2a9c", hash), hash).toBeNull();
    }
    expect(readSeatLink("", `#seat=2&token=${TOKEN}`)).toBeNull();
  });

  it("goes to the address the invite uses (the house network's), else this page's", () => {
    expect(linkBase("http://127.0.0.1:8000", "http://192.168.1.20:8000/join/r#t")).toBe("http://192.168.1.20:8000");
    expect(linkBase("https://a.example", null)).toBe("https://a.example");
    expect(linkBase("https://a.example", "not a link")).toBe("https://a.example");
  });

  it("goes to the address the seat's answer names, on a page at this computer's own address", () => {
    // play-now at 127.0.0.1 (`jokeren serve --lan --open`): the server says where other
    // devices reach it (the invite links' base); the page's own address reaches none
    const lan = { ...seat, base: "http://192.168.1.20:8000" };
    const link = deviceLink("http://127.0.0.1:8000", lan);
    expect(link).toBe(`http://192.168.1.20:8000/table/4f2a9c#seat=2&token=${TOKEN}`);
    expect(onThisComputer(link)).toBe(false);
    expect(deviceLink("http://127.0.0.1:8000", lan, "http://10.0.0.9:8000/join/r#t")).toBe(link);
    // a seat kept before, or taken from a link: the host's invite, else this page's own
    expect(deviceLink("http://127.0.0.1:8000", seat, "http://192.168.1.20:8000/join/r#t")).toBe(link);
    expect(deviceLink("http://192.168.1.20:8000", seat)).toBe(link);
    expect(deviceLink("http://192.168.1.20:8000", { ...seat, base: "" }, "not a link")).toBe(link);
  });

  it("knows a link on this computer's own address, which no other device reaches", () => {
    expect(onThisComputer("http://127.0.0.1:8000/table/r#seat=0&token=t")).toBe(true);
    expect(onThisComputer("http://localhost:5173/table/r")).toBe(true);
    expect(onThisComputer("http://[::1]:8000/table/r")).toBe(true);
    expect(onThisComputer("http://192.168.1.20:8000/table/r")).toBe(false);
    expect(onThisComputer("https://jokeren.example.org/table/r")).toBe(false);
  });
});

describe("opening the link on the other device", () => {
  let stored: Map<string, string>;
  beforeEach(() => {
    stored = new Map();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => { stored.set(k, v); },
      removeItem: (k: string) => { stored.delete(k); },
    });
  });
  afterEach(() => { vi.unstubAllGlobals(); });

  const held = (): unknown => JSON.parse(stored.get("jokeren-seat-4f2a9c") ?? "null");

  it("keeps the link's seat apart until the server says the token is that seat's", () => {
    expect(takeSeatLink("4f2a9c", `#seat=2&token=${TOKEN}`)).toBe("taken");
    expect(seatOf("4f2a9c")).toBeNull(); // not this browser's seat yet: an invite still joins
    expect(linkedSeat("4f2a9c")).toEqual(seat);
    expect(welcomed(seat, 2)).toBe(true);
    expect(held()).toEqual(seat);
    expect(linkedSeat("4f2a9c")).toBeNull();
  });

  it("forgets a link whose token the welcome says is a spectator's, or another seat's", () => {
    for (const said of [null, 0]) {
      expect(takeSeatLink("4f2a9c", `#seat=2&token=${TOKEN}`)).toBe("taken");
      expect(welcomed(seat, said), String(said)).toBe(false);
      expect(stored.size).toBe(0);
    }
  });

  it("never puts a link's seat in the place of one this browser took meanwhile", () => {
    takeSeatLink("4f2a9c", `#seat=2&token=${TOKEN}`);
    const mine = { ...seat, seat: 0, token: "A".repeat(32) };
    stored.set("jokeren-seat-4f2a9c", JSON.stringify(mine)); // her invite, in another tab
    expect(welcomed(seat, 2)).toBe(false);
    expect(held()).toEqual(mine);
    expect(linkedSeat("4f2a9c")).toBeNull();
  });

  it("keeps nothing of a link that is no seat's", () => {
    expect(takeSeatLink("4f2a9c", "#seat=2&token=short")).toBe("bad");
    expect(stored.size).toBe(0);
  });

  it("never puts another seat this browser has at the table in its place", () => {
    const mine = { ...seat, seat: 0, token: "A".repeat(32) };
    stored.set("jokeren-seat-4f2a9c", JSON.stringify(mine));
    expect(takeSeatLink("4f2a9c", `#seat=2&token=${TOKEN}`)).toBe("other");
    expect(held()).toEqual(mine);
    expect(linkedSeat("4f2a9c")).toBeNull();
    stored.set("jokeren-seat-4f2a9c", JSON.stringify(seat));
    expect(takeSeatLink("4f2a9c", `#seat=2&token=${TOKEN}`)).toBe("same");
  });

  it("leaves a table page without a fragment alone", () => {
    expect(takeSeatLink("4f2a9c", "")).toBeNull();
    expect(stored.size).toBe(0);
  });
});

describe("the table's welcome to a link's token", () => {
  const view = { seat: null, players: ["Anna", "Bob", "Cor"], hand: [], drawn: [], phase: "play",
    round_index: 0, to_act: 1 };

  it("closes and shows nothing when the token is a spectator's or another seat's", () => {
    for (const said of [null, 1]) {
      const socket = new FakeSocket();
      const s = new TableState("4f2a9c", TOKEN, "en");
      s.connect("ws://x", () => socket, 0);
      socket.open();
      socket.frame({ type: "welcome", seat: said, version: 3, view: { ...view, seat: said } });
      socket.frame({ type: "missed", version: 3, events: [{ kind: "draw", seat: 1 }] });
      expect(s.wrongSeat, String(said)).toBe(true);
      expect(s.view).toBeNull();
      expect(s.log).toEqual([]);
      expect(socket.closed).toBe(true);
    }
  });

  it("shows the table when it is the link's seat", () => {
    const socket = new FakeSocket();
    const s = new TableState("4f2a9c", TOKEN, "en");
    s.connect("ws://x", () => socket, 0);
    socket.open();
    socket.frame({ type: "welcome", seat: 0, version: 3, view: { ...view, seat: 0, hand: ["7h"] } });
    expect([s.wrongSeat, s.seatSaid, s.view?.hand]).toEqual([false, 0, ["7h"]]);
    expect(socket.closed).toBe(false);
  });
});

describe("a seat's link pasted into the tab of that table", () => {
  it("opens the page anew when the fragment changes, not when it is taken out", () => {
    const target = new EventTarget();
    const page = { location: { hash: `#seat=2&token=${TOKEN}` } };
    let reopened = 0;
    const stop = onLinkPasted(() => { reopened += 1; }, target, page);
    target.dispatchEvent(new Event("hashchange"));
    expect(reopened).toBe(1);
    page.location.hash = ""; // the link's fragment out of the bar (or a bare address pasted)
    target.dispatchEvent(new Event("hashchange"));
    expect(reopened).toBe(1);
    stop();
    page.location.hash = `#seat=1&token=${TOKEN}`;
    target.dispatchEvent(new Event("hashchange"));
    expect(reopened).toBe(1);
  });
});

describe("a seat open on more devices than it may be", () => {
  it("says the oldest page was replaced and does not connect again to take the seat back", () => {
    const sockets: FakeSocket[] = [];
    const timers: (() => void)[] = [];
    const said: string[] = [];
    const client = new TableClient({
      url: "ws://x/ws/r", token: TOKEN, timer: (fn) => timers.push(fn),
      socket: () => { const s = new FakeSocket(); sockets.push(s); return s; },
      handlers: { fatal: (reason) => said.push(reason.key), status: (status) => said.push(status) },
    });
    client.connect();
    sockets[0]!.open();
    sockets[0]!.frame({ type: "welcome", seat: 2, version: 5, view: {} });
    const text = { en: "this seat was opened elsewhere: this connection is closed", nl: "deze plaats is elders geopend" };
    sockets[0]!.frame({ type: "error", reason: { key: "replaced", text } });
    sockets[0]!.drop(); // the server closes the socket
    expect(said).toEqual(["connecting", "open", "replaced", "closed"]);
    expect(timers).toEqual([]);
    expect(sockets).toHaveLength(1);
  });
});
