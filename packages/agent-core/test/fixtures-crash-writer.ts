// Child process for the kill-mid-write test: appends messages as fast as it can and prints
// "ack N" after each append resolves. The parent kills it with SIGKILL at a random moment.
import { createTranscriptWriter } from "../src/sessions/transcript/transcript-writer.js";

const [path, durability] = process.argv.slice(2);
if (!path) throw new Error("usage: crash-writer PATH [fsync|os]");
const writer = createTranscriptWriter(path, { durability: durability === "os" ? "os" : "fsync" });
const payload = "x".repeat(20_000);
let n = 0;
const loop = async () => {
  while (true) {
    const id = n++;
    const pending = [0, 1, 2].map((k) =>
      writer
        .append({
          type: "message",
          id: `m${id}-${k}`,
          parentId: null,
          timestamp: Date.now(),
          message: { role: "user", content: `${id}-${k} ${payload}`, timestamp: 0 },
        })
        .then(() => process.stdout.write(`ack m${id}-${k}\n`)),
    );
    await Promise.all(pending);
  }
};
void loop();
