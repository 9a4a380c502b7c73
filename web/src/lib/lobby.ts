// The lobby, live (issue 39): a socket to /ws/ROOM/lobby sends the room as the server reads
// it whenever it changes (joins, who has the page open, seats arranged, the start). A
// socket that closes while the room is still open is opened again after a pause; the page
// reads the room once meanwhile, so a server without the socket still shows the lobby.
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
  timer?: (fn: () => void, ms: number) => unknown;
  /** The pause before the socket is opened again (ms). */
  again?: number;
}

export function watchLobby(o: LobbyOptions): LobbyWatch {
  const timer = o.timer ?? ((fn, ms) => setTimeout(fn, ms));
  let stopped = false;
  let status = "open";
  let ws: SocketLike | null = null;

  const open = (): void => {
    if (stopped) return;
    const socket = o.socket(o.url);
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token: o.token }));
    socket.onerror = () => undefined;
    socket.onmessage = (ev) => {
      let frame: Record<string, unknown>;
      try { frame = JSON.parse(String(ev.data)) as Record<string, unknown>; } catch { return; }
      if (frame.type === "lobby") {
        const { type: _type, ...info } = frame;
        status = String(info.status);
        o.oninfo(info as unknown as RoomInfo);
      } else if (frame.type === "error") {
        status = "refused";
      }
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      if (stopped || status !== "open") return;
      o.read().then((info) => { status = info.status; o.oninfo(info); }, () => undefined);
      timer(open, o.again ?? 2000);
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
