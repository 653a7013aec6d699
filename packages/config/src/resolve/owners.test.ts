import { describe, expect, it } from "vitest";
import type { ClawConfig } from "../schema/config.js";
import { formatConfigIssue } from "../validate/issue.js";
import { validateConfig } from "../validate/validate-config.js";
import { resolveAgentOwners, resolveExecApprovers } from "./owners.js";

function config(document: object): ClawConfig {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

const problems = (document: object) => {
  const result = validateConfig(document);
  return result.ok ? [] : result.issues.map(formatConfigIssue);
};

describe("resolveAgentOwners", () => {
  it("the agent's own identity, else the defaults', with the path", () => {
    const cfg = config({
      agents: {
        defaults: { identity: { ownerNumbers: ["telegram:42"] } },
        list: [{ id: "main" }, { id: "work", identity: { name: "W", ownerNumbers: ["slack:U7"] } }],
      },
    });
    expect(resolveAgentOwners(cfg, "main")).toEqual({
      entries: ["telegram:42"],
      source: "agents.defaults.identity.ownerNumbers",
    });
    expect(resolveAgentOwners(cfg, "Work")).toEqual({
      entries: ["slack:U7"],
      source: "agents.list[1].identity.ownerNumbers",
    });
    expect(resolveAgentOwners(config({}), "main").entries).toEqual([]);
    // An agent naming itself keeps the default owner (ownerNumbers is inherited on its own).
    const named = config({
      agents: {
        defaults: { identity: { ownerNumbers: ["telegram:42"] } },
        list: [{ id: "a", identity: { name: "A" } }],
      },
    });
    expect(resolveAgentOwners(named, "a")).toEqual({
      entries: ["telegram:42"],
      source: "agents.defaults.identity.ownerNumbers",
    });
  });
});

describe("ownerNumbers validation", () => {
  it("accepts every documented form", () => {
    expect(
      problems({
        agents: {
          defaults: {
            identity: {
              ownerNumbers: ["+15551234567", "telegram:42", "discord:80351110224678912", "slack:U0123ABCD"],
            },
          },
        },
      }),
    ).toEqual([]);
  });

  it.each([
    ["@alice", "usernames change hands"],
    ["42", "a bare number is ambiguous"],
    ["whatsapp:+15551234567", '"whatsapp" is not a channel with owner ids'],
  ])("refuses %j naming the entry and the accepted forms", (entry, why) => {
    const [issue, ...rest] = problems({
      agents: { list: [{ id: "main", identity: { ownerNumbers: ["telegram:1", entry] } }] },
    });
    expect(rest).toEqual([]);
    expect(issue).toContain(`agents.list[0].identity.ownerNumbers[1] ${JSON.stringify(entry)}`);
    expect(issue).toContain(why);
    expect(issue).toContain(
      "accepted forms: +<E.164 number>, telegram:<numeric user id>, discord:<user id>, slack:<user id>",
    );
  });
});

describe("execApprovals.approvers", () => {
  it("bare or channel-prefixed ids of the channel; the account's list wins", () => {
    const cfg = config({
      channels: {
        telegram: {
          execApprovals: { approvers: ["42", "telegram:43"] },
          accounts: { work: { execApprovals: { approvers: ["7"] } } },
        },
      },
    });
    expect(resolveExecApprovers(cfg, "telegram", "default")).toEqual(["42", "43"]);
    expect(resolveExecApprovers(cfg, "telegram", "work")).toEqual(["7"]);
    expect(resolveExecApprovers(cfg, "discord", "default")).toEqual([]);
  });

  it.each([
    [
      { telegram: { execApprovals: { approvers: ["@bob"] } } },
      'channels.telegram.execApprovals.approvers[0] "@bob" is not a telegram user id',
    ],
    [
      { slack: { execApprovals: { approvers: ["telegram:42"] } } },
      'channels.slack.execApprovals.approvers[0] "telegram:42" names a telegram sender, not a slack one',
    ],
    [
      { discord: { accounts: { b: { execApprovals: { approvers: ["x"] } } } } },
      'channels.discord.accounts.b.execApprovals.approvers[0] "x" is not a discord user id',
    ],
  ])("refuses %j", (channels, message) => {
    expect(problems({ channels })[0]).toContain(message);
  });
});
