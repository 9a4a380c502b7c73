// The lobby, live (issue 39): a socket to /ws/ROOM/lobby sends the room as the server reads
// it whenever it changes (joins, who has the page open, seats arranged, the start, the
// host's rematch of a finished match). A socket that closes while the page still waits
// (`live`: by default while the room is open) is opened again after a pause that doubles
// up to `most` while no frame comes; the page reads the room once meanwhile, so a server
// without the socket still shows the lobby.
import type { RoomInfo } from "./api";
import type { SocketLike } from "./client";

export interface LobbyWatch { stop(): void }

export interface LobbyOptions {
  url: string;
  token: string;
  socket: (url: string) => SocketLike;
  oninfo: (info: RoomInfo) => void;
  /** Reads the room once (GET /api/rooms/ROOM) while the socket is down. */
  read: () => Promise<RoomInfo>;
  /** Whether the page still waits for news of the room (default: while it is open). */
  live?: (info: RoomInfo) => boolean;
  timer?: (fn: () => void, ms: number) => unknown;
  /** The first pause before the socket is opened again (ms), and the longest. */
  again?: number;
  most?: number;
}

/** How many seats for a person are still free: the start waits for them (the lobby and the
 *  new room's page keep it disabled until none is). */
export const missingPeople = (info: RoomInfo): number =>
  info.seats.filter((s) => s.kind === "person" && !s.name).length;

/** Whether the host closed the room after its match (`options.closed`): no rematch comes,
 *  what was played stays (the standings, the record, the score sheet). */
export const closedAfterMatch = (info: RoomInfo): boolean =>
  info.status === "ended" || (info.status === "finished" && info.options?.closed === true);

/** Whether the pages at a match's end still wait for the host's rematch. */
export const waitsForRematch = (info: RoomInfo): boolean => !info.next && !closedAfterMatch(info);

export function watchLobby(o: LobbyOptions): LobbyWatch {
  const timer = o.timer ?? ((fn, ms) => setTimeout(fn, ms));
  const live = o.live ?? ((info: RoomInfo) => info.status === "open");
  let stopped = false;
  let waiting = true;
  let pause = o.again ?? 2000;
  let ws: SocketLike | null = null;
  const seen = (info: RoomInfo): void => { waiting = live(info); o.oninfo(info); };

  const open = (): void => {
    if (stopped || !waiting) return;
    const socket = o.socket(o.url);
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token: o.token }));
    socket.onerror = () => undefined;
    socket.onmessage = (ev) => {
      let frame: Record<string, unknown>;
      try { frame = JSON.parse(String(ev.data)) as Record<string, unknown>; } catch { return; }
      if (frame.type === "lobby") {
        const { type: _type, ...info } = frame;
        pause = o.again ?? 2000;
        seen(info as unknown as RoomInfo);
      } else if (frame.type === "error") {
        waiting = false;
      }
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      if (stopped || !waiting) return;
      o.read().then((info) => { if (!stopped) seen(info); }, () => undefined);
      timer(open, pause);
      pause = Math.min(pause * 2, o.most ?? 30000);
    };
  };
  open();
  return {
    stop(): void {
      stopped = true;
      ws?.close();
      ws = null;
    },
  };
}
