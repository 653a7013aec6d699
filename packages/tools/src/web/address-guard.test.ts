import { describe, expect, it } from "vitest";
import { blockedAddressReason, parseIPv4 } from "./address-guard.js";

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["2130706433", "loopback"],
    ["0x7f000001", "loopback"],
    ["0x7f.1", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["017700000001", "loopback"],
    ["127.1", "loopback"],
    ["0.0.0.0", "this-network"],
    ["0", "this-network"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["169.254.169.254", "link-local"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["[::ffff:a9fe:a9fe]", "link-local"],
    ["::ffff:10.0.0.1", "private"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["::8.8.8.8", "IPv4-compatible"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b:1::1", "local NAT64"],
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1%eth0", "link-local"],
    ["febf::1", "link-local"],
    ["fec0::1", "site-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001:0:4136:e378::1", "Teredo"],
    ["100::1", "discard"],
    ["localhost", "not an IP address"],
    ["1.2.3.4.5", "not an IP address"],
    ["08.1.1.1", "not an IP address"],
  ])("refuses %s (%s)", (address, label) => {
    expect(blockedAddressReason(address)).toContain(label);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.169.0.1",
    "223.255.255.255",
    "134744072",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows public %s", (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
  });
});

describe("parseIPv4", () => {
  it.each([
    ["1.2.3.4", [1, 2, 3, 4]],
    ["0x01020304", [1, 2, 3, 4]],
    ["1.0x20304", [1, 2, 3, 4]],
    ["1.2.0x304", [1, 2, 3, 4]],
    ["01.02.03.04", [1, 2, 3, 4]],
    ["256.1.1.1", undefined],
    ["1.2.3.256", undefined],
    ["4294967296", undefined],
    ["example.com", undefined],
  ])("%s", (text, bytes) => {
    expect(parseIPv4(text)).toEqual(bytes);
  });
});
