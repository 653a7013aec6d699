/**
 * Store first, download after (issue #42): a Slack DM whose file downloads slowly, and a second
 * DM queued behind it, are both acknowledged once journalled; a SIGKILL while the file is still
 * downloading loses neither: the restarted gateway fetches the file from the stored reference and
 * answers each DM exactly once. A file that cannot be fetched is reported to the model.
 */
import { join } from "node:path";
import { FakeSlack } from "@claw/channel-slack/testing";
import { CrashTest, killProcess, waitUntil } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";

const crash = new CrashTest();
const until = (check: () => boolean, what: string) => waitUntil(check, { ms: 40_000, what });

function startGateway(slack: FakeSlack, stateDir: string, modelSaw: string[]) {
  return crash.processes.start(join(import.meta.dirname, "fixtures", "echo-gateway-child.ts"), {
    name: "slack gateway child",
    env: {
      CHANNELS: JSON.stringify({
        slack: {
          botToken: slack.botToken,
          appToken: slack.appToken,
          slackApiUrl: slack.apiUrl,
          dmPolicy: "open",
        },
      }),
      STATE_DIR: stateDir,
    },
    onStdout: (text) => {
      for (const line of text.split("\n"))
        if (line.startsWith("model-saw "))
          modelSaw.push(JSON.parse(line.slice("model-saw ".length)) as string);
    },
  });
}

describe("Slack: a slow file download and the DM behind it survive a SIGKILL after the ack", () => {
  afterEach(() => crash.cleanup());

  it("both DMs are answered exactly once after a restart, the file fetched from the stored reference", async () => {
    const slack = crash.track(await new FakeSlack().start());
    const stateDir = crash.stateDir("claw-slack-files-");
    const modelSaw: string[] = [];
    const first = await startGateway(slack, stateDir, modelSaw);
    await until(() => slack.socketMode.connected, "Socket Mode");

    slack.files.holding = true;
    const file = slack.addFile("notes.txt", Buffer.from("the notes"), "text/plain");
    slack.dm("U42", "please read the attached notes", { files: [file] });
    slack.dm("U42", "and then tell me a joke");
    // Both envelopes acknowledged while the download is still held: they were journalled first.
    await until(() => slack.socketMode.acks.length === 2 && slack.files.heldDownloads === 1, "both acks");
    expect(slack.socketMode.unacknowledged()).toBe(0);
    expect(modelSaw).toEqual([]);
    await killProcess(first);

    slack.files.releaseDownloads();
    await startGateway(slack, stateDir, modelSaw);
    await until(() => slack.sent.length >= 2, "both answers");
    // As the other SIGKILL tests do: a moment for a duplicate answer to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answers = slack.sent.map((m) => m.text).sort();
    expect(answers).toEqual(["answer: and then tell me a joke", "answer: please read the attached notes"]);
    const sawFile = modelSaw.find((text) => text.startsWith("please read the attached notes"));
    expect(sawFile).toMatch(/\[document attached: .*notes\.txt\]/);
    expect(slack.socketMode.delivered.length).toBe(2);
  }, 150_000);
});
