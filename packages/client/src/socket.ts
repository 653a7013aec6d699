/**
 * The few things the client needs from a WebSocket, so one client core runs on Node's `ws` and
 * on the browser's `WebSocket` alike (each entry point adapts its own socket to this).
 */
export interface ClientSocket {
  /** True while frames can be sent. */
  isOpen(): boolean;
  /** True once the socket is fully closed. */
  isClosed(): boolean;
  send(text: string): void;
  close(code: number): void;
  onMessage(listener: (text: string) => void): void;
  /** Called once, when the socket closed (after an error too). */
  onClose(listener: (code: number, reason: string) => void): void;
  /** An error before or during the connection; the message says what failed. */
  onError(listener: (message: string) => void): void;
}

/** Opens a socket to a gateway URL. */
export type SocketFactory = (url: string) => ClientSocket;
