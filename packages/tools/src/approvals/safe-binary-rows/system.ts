/** Rows for programs that print the date, the user and the host (coreutils 9.1, hostname 3.23, debianutils which). */
import { grammar, type SafeBinary } from "./row.js";

export const SYSTEM_ROWS: readonly SafeBinary[] = [
  {
    name: "which",
    aliases: ["which.debianutils"],
    note: "operands are program names (POSIX getopts: -a, -s)",
    grammar: grammar({ options: ["-a", "-s"], operands: "text*", permute: false }),
  },
  {
    name: "date",
    note: "-s/--set and any operand but +FORMAT ask (they set the clock); -f/-r files are checked",
    operandRule: { match: /^\+/, otherwise: "sets the system clock (only +FORMAT operands are safe)" },
    grammar: grammar({
      options: [
        "-d= --date= date-spec",
        "--debug",
        "-f= --file= path-read",
        "-I[=] --iso-8601[=]",
        "--resolution",
        "-R --rfc-email",
        "--rfc-3339=",
        "-r= --reference= path-read",
        "-s= --set= | sets the system clock",
        "-u --utc --universal",
      ],
      operands: "text",
    }),
  },
  { name: "whoami", note: "no options", grammar: grammar({ options: [], operands: "" }) },
  {
    name: "id",
    note: "operands are user names",
    grammar: grammar({
      options: [
        "-a",
        "-Z --context",
        "-g --group",
        "-G --groups",
        "-n --name",
        "-r --real",
        "-u --user",
        "-z --zero",
      ],
      operands: "text*",
    }),
  },
  {
    name: "uname",
    note: "no operands",
    grammar: grammar({
      options: [
        "-a --all",
        "-s --kernel-name",
        "-n --nodename",
        "-r --kernel-release",
        "-v --kernel-version",
        "-m --machine",
        "-p --processor",
        "-i --hardware-platform",
        "-o --operating-system",
      ],
      operands: "",
    }),
  },
  {
    name: "hostname",
    note: "display options only: an operand, -F/--file and -b/--boot set the host name",
    operandRule: { match: /(?!)/, otherwise: "sets the host name" },
    grammar: grammar({
      options: [
        "-a --alias",
        "-A --all-fqdns",
        "-b --boot | sets the host name",
        "-d --domain",
        "-f --fqdn --long",
        "-F= --file= | sets the host name from a file",
        "-i --ip-address",
        "-I --all-ip-addresses",
        "-s --short",
        "-y --yp --nis",
        "-V",
        "-h",
      ],
      operands: "text",
    }),
  },
];
