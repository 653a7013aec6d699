#!/usr/bin/env node
import { tuiMain } from "../dist/main.js";

tuiMain(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`claw-tui: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
