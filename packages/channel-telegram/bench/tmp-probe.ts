import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createChannelOutbox, openOutboxStore } from "@claw/channels";
import { openSqliteDatabase } from "@claw/sqlite";
import { createTelegramChannel } from "../src/index.js";
import { FakeBotApi } from "../src/testing/index.js";

const fake = await new FakeBotApi().start();
const channel = createTelegramChannel({ botToken: fake.token, apiRoot: fake.url });
const db = openSqliteDatabase(join(mkdtempSync(join(tmpdir(), "probe-")), "state.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
let sendMs = 0;
const outbox = createChannelOutbox({
  store: openOutboxStore(db),
  send: async (_c, _a, target, text) => {
    const t = performance.now();
    try {
      return await channel.send(target, text);
    } finally {
      sendMs += performance.now() - t;
    }
  },
  textLimit: () => 4096,
});
outbox.start();
async function time(name: string, send: (chat: number, text: string) => Promise<unknown>) {
  const t = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async (_, c) => {
      for (let i = c; i < 1000; i += 20) await send(5000 + c, `reply ${i}`);
    }),
  );
  console.log(name, ((performance.now() - t) / 1000).toFixed(3), "ms/chunk");
}
for (let r = 0; r < 3; r++) {
  await time("channel html", (chat, text) =>
    channel.send({ peer: { kind: "direct", id: String(chat) } }, text),
  );
  sendMs = 0;
  const t = performance.now();
  const receipts = [];
  for (let i = 0; i < 1000; i++)
    receipts.push(await outbox.deliver({ channel: "telegram", to: String(5000 + (i % 20)) }, `reply ${i}`));
  const queued = performance.now() - t;
  for (const r of receipts) if (r.status === "queued") await outbox.settled(r.outboxId);
  console.log(
    "outbox",
    ((performance.now() - t) / 1000).toFixed(3),
    "ms/chunk; deliver loop",
    queued.toFixed(0),
    "ms; mean send",
    (sendMs / 1000).toFixed(1),
  );
}
await outbox.stop();
await fake.close();
