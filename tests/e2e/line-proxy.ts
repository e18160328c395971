// A phone's line between the browser and the app, as a TCP proxy (node:net) that can drop: every open
// connection reset and new ones refused for a while, as when a train goes through a tunnel. Chromium's
// offline emulation cannot stand in: it does not cut an upload already in flight.

import net from "node:net";

export interface LineProxy {
  /** The address the browser uses (the app's APP_BASE_URL). */
  readonly url: string;
  /** Where connections go: the app's address. */
  forwardTo(url: string): void;
  /** Resets every open connection and refuses new ones for `ms`, then takes connections again. */
  dropFor(ms: number): Promise<void>;
  /**
   * Resets the next connection that carries a slot's upload (its X-Upload-Slot header) as the app's
   * answer to it arrives: the file reached the app, its answer never reaches the browser.
   */
  loseNextUploadAnswer(): void;
  /**
   * Drops the line for `ms` (as dropFor) when the next slot's upload starts through it: a drop mid-upload
   * where the browser's upload cannot be slowed (no CDP outside Chromium).
   */
  dropDuringNextUpload(ms: number): void;
  close(): Promise<void>;
}

export async function startLineProxy(): Promise<LineProxy> {
  let target: { host: string; port: number } | null = null;
  let loseAnswer = false;
  let dropOnUpload: number | null = null;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!target) return client.destroy();
    const app = net.connect(target.port, target.host);
    open.add(client);
    open.add(app);
    let carriesUpload = false;
    const drop = () => {
      client.resetAndDestroy();
      app.resetAndDestroy();
    };
    client.on("data", (chunk: Buffer) => {
      const startsUpload = chunk.toString("latin1").toLowerCase().includes("x-upload-slot:");
      if (startsUpload && dropOnUpload !== null) {
        void dropFor(dropOnUpload);
        dropOnUpload = null;
        return;
      }
      if (loseAnswer && startsUpload) {
        carriesUpload = true;
        loseAnswer = false;
      }
      if (!app.write(chunk)) client.pause();
    });
    app.on("drain", () => client.resume());
    app.on("data", (chunk: Buffer) => {
      if (carriesUpload) return drop();
      if (!client.write(chunk)) app.pause();
    });
    client.on("drain", () => app.resume());
    for (const [socket, other] of [
      [client, app],
      [app, client],
    ] as const) {
      socket.on("error", () => other.destroy());
      socket.on("end", () => other.end());
      socket.on("close", () => {
        open.delete(socket);
        other.destroy();
      });
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const dropFor = async (ms: number) => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of open) socket.resetAndDestroy();
    await closed;
    setTimeout(() => void listen(port), ms);
  };
  return {
    url: `http://localhost:${port}`,
    forwardTo(url) {
      const { hostname, port: appPort } = new URL(url);
      target = { host: hostname === "localhost" ? "127.0.0.1" : hostname, port: Number(appPort) };
    },
    dropFor,
    loseNextUploadAnswer() {
      loseAnswer = true;
    },
    dropDuringNextUpload(ms) {
      dropOnUpload = ms;
    },
    async close() {
      for (const socket of open) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
