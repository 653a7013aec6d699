#!/usr/bin/env node
// The `claw` entry: load the built dispatcher and hand it the command line. Kept tiny so
// `claw --help` costs little more than starting Node.
import { run } from "../dist/main.js";

process.exitCode = await run(process.argv.slice(2));
