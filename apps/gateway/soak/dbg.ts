import { runKillLoop } from "./kill-loop.js";
const t = Date.now();
const r = await runKillLoop({ rounds: 5, sessions: 20, mode: "mixed", perSession: 4, paceMs: 15, killAfterMs: 60, log: (l) => console.log(Date.now() - t, l) });
console.log(JSON.stringify({ ...r, missing: r.missing.length }));
