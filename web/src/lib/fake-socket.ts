// A socket for the unit tests (never imported by the pages): what the page sent, read as
// JSON, and the server's side played by hand (open, a frame, a drop).
import type { SocketLike } from "./client";

export class FakeSocket implements SocketLike {
  sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string): void { this.sent.push(JSON.parse(data) as Record<string, unknown>); }
  close(): void { this.closed = true; this.onclose?.({}); }
  /** The connection is made. */
  open(): void { this.onopen?.({}); }
  /** A frame from the server. */
  frame(frame: unknown): void { this.onmessage?.({ data: JSON.stringify(frame) }); }
  /** The connection is lost (the page did not close it). */
  drop(): void { this.onclose?.({}); }
}
