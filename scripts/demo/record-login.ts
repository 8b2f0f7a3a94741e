/**
 * Regenerates scripts/demo/recorded-login.json and its pictures (scripts/demo/recorded-login/): a
 * chain-agent login on the virtual login app, driven by the scripted test model, reduced to the steps
 * a replay needs (timings dropped so the file only changes when behaviour does), each with the screen
 * it acted on and what it did drawn on it — the frames the hub recorded, masked like any, re-encoded
 * smaller (JPEG, longest side FRAME_SIDE) to keep the repository light.
 *   npm run demo:record      (node --import tsx scripts/demo/record-login.ts)
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { AgentEvent } from "../../hub/agent/events.js";
import { runChainScenario } from "../../tests/helpers/chain-scenario.js";

const FRAME_SIDE = 800;
const here = path.dirname(new URL(import.meta.url).pathname);
const folder = path.join(here, "recorded-login");

type Finished = Extract<AgentEvent, { type: "step_finished" }>;
type StepFrame = Extract<AgentEvent, { type: "step_frame" }>;

const run = await runChainScenario({ goal: "log in as demo@example.com", brain: { email: "demo@example.com" } });
if (run.result.status !== "done") throw new Error(`recording failed: ${run.result.reason}`);
const ok = run.events.filter((e): e is Finished => e.type === "step_finished" && e.verdict === "OK");
const frameOf = (step: Finished) =>
  run.events.find(
    (e): e is StepFrame =>
      e.type === "step_frame" &&
      e.group === step.group &&
      e.step_num === step.step.step_num &&
      e.attempt === step.attempt,
  );

rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
const frames = [];
for (const step of ok) {
  const frame = frameOf(step);
  if (!frame) throw new Error(`step ${step.step.step_num} recorded no frame`);
  const file = `step-${step.step.step_num}.jpg`;
  const { data, info } = await sharp(Buffer.from(frame.image.data))
    .resize(FRAME_SIDE, FRAME_SIDE, { fit: "inside" })
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  writeFileSync(path.join(folder, file), data);
  frames.push({
    group: frame.group,
    step_num: frame.step_num,
    attempt: frame.attempt,
    did: frame.did,
    file: `recorded-login/${file}`,
    width: info.width,
    height: info.height,
  });
}
const steps = ok.map((e) => ({ ...e, ms: 0 }));
writeFileSync(
  path.join(here, "recorded-login.json"),
  `${JSON.stringify({ goal: "log in as demo@example.com", mode: "chain", steps, frames }, null, 2)}\n`,
);
const bytes = readdirSync(folder).reduce((sum, f) => sum + statSync(path.join(folder, f)).size, 0);
console.log(`recorded ${steps.length} steps and ${frames.length} frames (${Math.round(bytes / 1024)} KiB of pictures)`);
process.exit(0);
