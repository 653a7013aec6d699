/**
 * Local pages on 127.0.0.1 for the browser tests: a form, a multi-tab page, an upload form, a
 * page that loads a resource from a disallowed host, a redirect to one, and a page that never
 * answers. The server records what it received.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalSite {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Bodies of POST requests, by path. */
  posts: Map<string, Buffer>;
  /** Every path requested, in order. */
  requested: string[];
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

export async function startLocalSite(): Promise<LocalSite> {
  const posts = new Map<string, Buffer>();
  const requested: string[] = [];
  const hanging = new Set<IncomingMessage>();
  let port = 0;
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requested.push(path);
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      posts.set(path, Buffer.concat(chunks));
    }
    const html = (body: string, title = "Test") => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page(title, body));
    };
    switch (path) {
      case "/form":
        return html(
          `<h1>Sign up</h1><form method="post" action="/submit">
            <label for="name">Name</label><input id="name" name="name">
            <label>Color <select name="color"><option value="r">Red</option><option value="g">Green</option></select></label>
            <label><input type="checkbox" name="agree" value="yes"> I agree</label>
            <button type="submit">Send</button></form>`,
          "Sign up",
        );
      case "/submit": {
        const fields = new URLSearchParams(posts.get("/submit")?.toString() ?? "");
        return html(`<p>Thanks, ${fields.get("name")}!</p>`, "Done");
      }
      case "/tabs":
        return html(`<a href="/second" target="_blank">Open second</a>`, "First");
      case "/second":
        return html(`<h2>Second page</h2>`, "Second");
      case "/upload":
        return html(
          `<form method="post" action="/uploaded" enctype="multipart/form-data">
            <input type="file" name="doc" aria-label="Document"><button>Upload</button></form>`,
          "Upload",
        );
      case "/uploaded":
        return html(`<p>Received</p>`, "Uploaded");
      case "/leaky":
        return html(`<p>Hello</p><img alt="tracker" src="http://localhost:${port}/pixel">`, "Leaky");
      case "/redirect-out":
        res.writeHead(302, { location: `http://localhost:${port}/form` });
        return res.end();
      case "/download":
        res.writeHead(200, {
          "content-type": "application/octet-stream",
          "content-disposition": 'attachment; filename="../../report.txt"',
        });
        return res.end("report body");
      case "/big-download":
        res.writeHead(200, {
          "content-type": "application/octet-stream",
          "content-disposition": 'attachment; filename="big.bin"',
        });
        return res.end(Buffer.alloc(4096, 1));
      case "/endless-download": {
        // A download that never ends: only the size limit stops it.
        res.writeHead(200, {
          "content-type": "application/octet-stream",
          "content-disposition": 'attachment; filename="endless.bin"',
        });
        const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024, 2)), 20);
        res.on("close", () => clearInterval(timer));
        return;
      }
      case "/shadow":
        return html(
          `<fancy-counter></fancy-counter><script>
            customElements.define("fancy-counter", class extends HTMLElement {
              connectedCallback() {
                const root = this.attachShadow({ mode: "open" });
                root.innerHTML = '<button>Add one</button><output>0</output>';
                root.querySelector("button").onclick = () => root.querySelector("output").textContent++;
              }
            });</script>`,
          "Shadow",
        );
      case "/hang":
        hanging.add(req);
        return; // never answers
      default:
        return html(`<p>${path}</p>`, path);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    posts,
    requested,
    close: () =>
      new Promise((resolve) => {
        for (const req of hanging) req.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
