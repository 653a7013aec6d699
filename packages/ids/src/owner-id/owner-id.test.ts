import { describe, expect, it } from "vitest";
import { matchOwnerId, ownerIdProblem, ownerIdsOn, parseOwnerId } from "./owner-id.js";

describe("parseOwnerId", () => {
  it.each([
    ["+15551234567", undefined, "+15551234567"],
    [" +441234567890 ", undefined, "+441234567890"],
    ["telegram:42", "telegram", "42"],
    ["Telegram:42", "telegram", "42"],
    ["discord:80351110224678912", "discord", "80351110224678912"],
    ["slack:U0123ABCD", "slack", "U0123ABCD"],
    ["slack:u0123abcd", "slack", "U0123ABCD"],
    ["slack:W7", "slack", "W7"],
  ])("%j → channel %s id %s", (entry, channel, id) => {
    const parsed = parseOwnerId(entry);
    expect(parsed).toMatchObject({ ok: true, owner: { id, entry } });
    expect(parsed.ok && parsed.owner.channel).toBe(channel);
  });

  it.each([
    ["", "it is empty"],
    ["42", "a bare number is ambiguous"],
    ["15551234567", "a bare number is ambiguous"],
    ["@alice", "usernames change hands"],
    ["telegram:@alice", "usernames change hands"],
    ["whatsapp:+1555", '"whatsapp" is not a channel with owner ids'],
    ["telegram:abc", "matches none of the forms"],
    ["discord:alice#1234", "matches none of the forms"],
    ["slack:D012", "matches none of the forms"],
    ["+0123", "matches none of the forms"],
    ["+1234567890123456", "matches none of the forms"],
  ])("%j is refused: %s", (entry, why) => {
    const problem = ownerIdProblem(entry);
    expect(problem).toContain(JSON.stringify(entry));
    expect(problem).toContain(why);
    expect(problem).toContain("accepted forms: +<E.164 number>, telegram:<numeric user id>");
  });
});

describe("matchOwnerId", () => {
  const owners = ["+15551234567", "telegram:42", "slack:U7", "bogus"];
  it.each([
    ["telegram", "42", 1],
    ["TELEGRAM", " 42", 1],
    ["discord", "42", undefined],
    ["telegram", "43", undefined],
    ["slack", "U7", 2],
    ["slack", "u7", undefined],
    // An E.164 entry names a phone sender on any channel (OpenClaw's exact string match).
    ["signal", "+15551234567", 0],
    ["telegram", "+1999", undefined],
    ["telegram", "bogus", undefined],
  ])("%s sender %j → entry %s", (channel, sender, index) => {
    expect(matchOwnerId(owners, channel, sender)?.index).toBe(index);
  });

  it("matches nothing without entries", () => {
    expect(matchOwnerId(undefined, "telegram", "42")).toBeUndefined();
    expect(matchOwnerId([], "telegram", "42")).toBeUndefined();
  });
});

describe("ownerIdsOn", () => {
  it("lists one channel's owner ids in order", () => {
    expect(ownerIdsOn(["telegram:42", "slack:U7", "+15551234567", "telegram:43"], "telegram")).toEqual([
      "42",
      "43",
    ]);
    expect(ownerIdsOn(["telegram:42"], "discord")).toEqual([]);
  });
});
