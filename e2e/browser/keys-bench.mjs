// Keystroke to output on the default example with the alpha feature
// fast-eval off and on, side by side in one run (issue 32: "the default
// example's keystroke-to-output p90 not worse than today"). Each round
// opens a fresh browser for each side, taking turns (which side goes first
// alternates), and types the keys of keys.mjs; the figures are the median
// and p90 over every key of a side, and each round's.
//
//   node keys-bench.mjs [--runs N] [--keys K]
//
// FAST_EVAL=off or FAST_EVAL=on measures one side only (default both).
import os from "node:os";
import { open } from "./browser.mjs";
import { keystrokes } from "./keys.mjs";

const arg = (name, dflt) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt);
const runs = Number(arg("--runs", 5));
const keys = Number(arg("--keys", 30));
const which = process.env.FAST_EVAL || "both";
const sides = which === "both" ? ["off", "on"] : [which];
if (!sides.every((s) => s === "off" || s === "on")) throw new Error(`FAST_EVAL=${which}: want off, on or both`);

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x) => `${Math.round(x)} ms`;

const all = Object.fromEntries(sides.map((s) => [s, []]));
console.log(`${new Date().toISOString()}: ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(2)).join(", ")}; ${runs} rounds of ${keys} keys`);
for (let r = 0; r < runs; r++) {
  const order = r % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) {
    const b = await open();
    try {
      const lat = await keystrokes(b, { keys, fastEval: side === "on" });
      all[side].push(...lat);
      console.log(`round ${r + 1}, fast-eval ${side}: median ${ms(pct(lat, 0.5))}, p90 ${ms(pct(lat, 0.9))}`);
    } finally {
      await b.close();
    }
  }
}
console.log(`| fast-eval | keys | median | p90 |\n| --- | ---: | ---: | ---: |`);
for (const side of sides) console.log(`| ${side} | ${all[side].length} | ${ms(pct(all[side], 0.5))} | ${ms(pct(all[side], 0.9))} |`);
console.log(`load average at the end: ${os.loadavg().map((x) => x.toFixed(2)).join(", ")}`);
