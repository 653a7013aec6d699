/** A TCP proxy in front of the gateway whose connections a test can cut, like a network drop. */
import { createServer, Socket } from "node:net";

export interface TcpProxy {
  url: string;
  /** Destroys every open connection; new ones still pass. */
  cut(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
    s.on("error", () => {});
  };
  const server = createServer((inbound) => {
    const outbound = new Socket();
    track(inbound);
    track(outbound);
    outbound.connect(targetPort, "127.0.0.1", () => {
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
    inbound.on("close", () => outbound.destroy());
    outbound.on("close", () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
