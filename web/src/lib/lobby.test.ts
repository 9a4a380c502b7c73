import { describe, expect, it } from "vitest";
import type { RoomInfo } from "./api";
import { closedAfterMatch, missingPeople, waitsForRematch, watchLobby } from "./lobby";
import { FakeSocket } from "./fake-socket";


const room = (status: string, names: (string | null)[]): Record<string, unknown> => ({
  id: "r", status, rules: "amerikaans", options: {}, version: 0,
  seats: names.map((name, seat) => ({ seat, kind: "person", level: null, name, here: name !== null })),
});

describe("watchLobby", () => {
  it("says hello, shows each frame and opens the socket again while the room is open", async () => {
    const sockets: FakeSocket[] = [];
    const shown: RoomInfo[] = [];
    const later: (() => void)[] = [];
    let reads = 0;
    const watch = watchLobby({
      url: "ws://x/ws/r/lobby", token: "tok",
      socket: () => { const s = new FakeSocket(); sockets.push(s); return s; },
      oninfo: (info) => shown.push(info),
      read: async () => { reads += 1; return room("open", ["Ann", null]) as unknown as RoomInfo; },
      timer: (fn) => later.push(fn),
    });
    const first = sockets[0] as FakeSocket;
    first.onopen?.({});
    expect(first.sent[0]).toEqual({ type: "hello", token: "tok" });
    first.frame({ type: "lobby", ...room("open", [null, null]) });
    first.frame({ type: "lobby", ...room("open", ["Ann", null]) });
    expect(shown.map((i) => i.seats[0]?.name)).toEqual([null, "Ann"]);
    expect(shown[1]).not.toHaveProperty("type");
    first.onclose?.({}); // the server went: read once, then the socket again
    await Promise.resolve();
    expect(reads).toBe(1);
    expect(later).toHaveLength(1);
    later[0]?.();
    expect(sockets).toHaveLength(2);
    // the match starts: the last frame says so, and the socket is not opened again
    const second = sockets[1] as FakeSocket;
    second.frame({ type: "lobby", ...room("playing", ["Ann", "Bea"]) });
    second.onclose?.({});
    expect(later).toHaveLength(1);
    expect(shown.at(-1)?.status).toBe("playing");
    watch.stop();
  });

  it("waits after the match for the rematch's room, opening the socket again ever more slowly", async () => {
    const sockets: FakeSocket[] = [];
    const pauses: number[] = [];
    const later: (() => void)[] = [];
    const next: string[] = [];
    let reads = 0;
    const finished = (after: string | null) => ({ ...room("finished", ["Ann", "Bea"]), next: after });
    watchLobby({
      url: "u", token: "t", socket: () => { const s = new FakeSocket(); sockets.push(s); return s; },
      oninfo: (info) => { if (info.next) next.push(info.next); },
      read: async () => { reads += 1; return finished(null) as unknown as RoomInfo; },
      live: (info) => !info.next && info.status !== "ended",
      timer: (fn, ms) => { pauses.push(ms); later.push(fn); },
      again: 1000, most: 8000,
    });
    // the server goes again and again: one read and one new socket each time, each pause
    // twice the last, up to the longest (never a tight loop)
    for (let i = 0; i < 5; i += 1) {
      sockets.at(-1)?.onclose?.({});
      await Promise.resolve();
      later.at(-1)?.();
    }
    expect(reads).toBe(5);
    expect(sockets).toHaveLength(6);
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 8000]);
    // a frame resets the pause; the frame that names the new room is the last waited for
    const live = sockets.at(-1) as FakeSocket;
    live.frame({ type: "lobby", ...finished(null) });
    live.onclose?.({});
    expect(pauses.at(-1)).toBe(1000);
    later.at(-1)?.();
    const last = sockets.at(-1) as FakeSocket;
    last.frame({ type: "lobby", ...finished("r2") });
    last.onclose?.({});
    expect(next).toEqual(["r2"]);
    expect(sockets).toHaveLength(7);
    expect(pauses).toHaveLength(6); // not opened again
  });

  it("stops for good when the page goes", () => {
    const sockets: FakeSocket[] = [];
    const later: (() => void)[] = [];
    const watch = watchLobby({
      url: "u", token: "t", socket: () => { const s = new FakeSocket(); sockets.push(s); return s; },
      oninfo: () => undefined, read: () => Promise.reject(new Error("no")), timer: (fn) => later.push(fn),
    });
    watch.stop();
    expect(sockets[0]?.closed).toBe(true);
    expect(later).toHaveLength(0);
  });
});

describe("missingPeople", () => {
  it("counts the seats for a person nobody has taken yet: the start waits for them", () => {
    const info = (names: (string | null)[]): RoomInfo => room("open", names) as unknown as RoomInfo;
    expect(missingPeople(info([null, null]))).toBe(2);
    expect(missingPeople(info(["Ann", null]))).toBe(1);
    expect(missingPeople(info(["Ann", "Bob"]))).toBe(0);
    const computer = { ...info([null]), seats: [{ seat: 0, kind: "computer", level: "basic", name: null }] } as RoomInfo;
    expect(missingPeople(computer)).toBe(0);
  });
});

describe("after the match", () => {
  const info = (status: string, next: string | null, options: Record<string, unknown> = {}): RoomInfo =>
    ({ ...room(status, ["Ann", "Bea"]), next, options }) as unknown as RoomInfo;

  it("waits for the rematch until it is named, or the host closes the room", () => {
    expect(waitsForRematch(info("finished", null))).toBe(true);
    expect(waitsForRematch(info("finished", "r2"))).toBe(false);
    // the host closed the room after its match: the pages stop waiting and say so
    expect(waitsForRematch(info("finished", null, { closed: true }))).toBe(false);
    expect(closedAfterMatch(info("finished", null, { closed: true }))).toBe(true);
    expect(closedAfterMatch(info("ended", null))).toBe(true);
    expect(closedAfterMatch(info("finished", null, { closed: false }))).toBe(false);
    expect(closedAfterMatch(info("finished", null))).toBe(false);
  });
});
