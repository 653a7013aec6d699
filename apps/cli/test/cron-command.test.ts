import type { ClawGateway } from "@claw/app-gateway";
import { afterEach, describe, expect, it } from "vitest";
import { claw, createHome, startGateway, type TestHome } from "./helpers.js";

const homes: TestHome[] = [];
const gateways: ClawGateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  await Promise.all(homes.splice(0).map((h) => h.cleanup()));
});

async function setup(script: Parameters<typeof createHome>[0] = []) {
  const home = createHome(script);
  homes.push(home);
  gateways.push(await startGateway(home));
  return home;
}

describe("claw cron", () => {
  it("add, list, run, runs, disable, enable, edit and remove a job", async () => {
    const home = await setup(["Morning digest: all quiet."]);
    const added = await claw(home, [
      "cron",
      "add",
      "--name",
      "digest",
      "--cron",
      "0 9 * * 1-5",
      "--tz",
      "Europe/Berlin",
      "-m",
      "Write my digest",
      "--json",
    ]);
    expect(added.code).toBe(0);
    const job = JSON.parse(added.stdout);
    expect(job).toMatchObject({
      name: "digest",
      schedule: { kind: "cron", expr: "0 9 * * 1-5", tz: "Europe/Berlin" },
    });

    const listed = await claw(home, ["cron", "list"]);
    expect(listed.stdout).toMatch(/^ID\s+NAME\s+SCHEDULE\s+NEXT\s+LAST\n/);
    expect(listed.stdout).toMatch(
      new RegExp(`${job.id}\\s+digest\\s+cron "0 9 \\* \\* 1-5" Europe/Berlin\\s+in \\d+h \\d+m\\s+never`),
    );

    const ran = await claw(home, ["cron", "run", job.id]);
    expect(ran).toMatchObject({ code: 0 });
    expect(ran.stdout).toContain("ok: Morning digest: all quiet.");
    const runs = await claw(home, ["cron", "runs", job.id]);
    expect(runs.stdout).toMatch(/digest\s+ok\s+\d+\.\ds\s+not-requested\s+Morning digest: all quiet\./);

    expect((await claw(home, ["cron", "disable", job.id])).stdout).toContain(`disabled ${job.id}`);
    expect((await claw(home, ["cron", "list"])).stdout).toMatch(/digest\s+.*\s+disabled\s+ok /);
    expect((await claw(home, ["cron", "enable", job.id])).code).toBe(0);
    const edited = await claw(home, ["cron", "edit", job.id, "--every", "2h", "--json"]);
    expect(JSON.parse(edited.stdout).schedule).toMatchObject({ kind: "every", everyMs: 7_200_000 });
    expect((await claw(home, ["cron", "remove", job.id])).code).toBe(0);
    const again = await claw(home, ["cron", "remove", job.id]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`no cron job "${job.id}"`);
  });

  it.each([
    [["cron", "add", "--name", "x", "-m", "hi"], /needs one of --at, --every or --cron/],
    [["cron", "add", "--name", "x", "--every", "soon", "-m", "hi"], /every "soon" is not a duration/],
    [["cron", "add", "--name", "x", "--at", "2020-01-01T00:00:00Z", "-m", "hi"], /is in the past/],
    [
      ["cron", "add", "--name", "x", "--cron", "0 9 * * *", "--tz", "Atlantis/City", "-m", "hi"],
      /not an IANA zone/,
    ],
    [["cron", "add", "--name", "x", "--every", "1h"], /needs --message TEXT/],
    [
      ["cron", "add", "--name", "x", "--every", "1h", "-m", "hi", "--catch-up", "maybe"],
      /--catch-up must be once, skip or all/,
    ],
    [["cron", "edit", "j1", "--model", "faux/faux-1"], /--model belongs to an agent turn/],
  ])("%j fails with a usage error", async (args, message) => {
    const home = await setup();
    const result = await claw(home, args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });
});

describe("claw status shows the heartbeat", () => {
  it("interval and next beat per agent", async () => {
    const document = { agents: { defaults: { model: "faux/faux-1", heartbeat: { every: "30m" } } } };
    const home = createHome([], document);
    homes.push(home);
    gateways.push(await startGateway(home, document));
    const text = await claw(home, ["status"]);
    expect(text.stdout).toMatch(/heartbeat \S+: every 30m, next in (29m \d+s|30m 0s), no beat yet/);
  });
});
