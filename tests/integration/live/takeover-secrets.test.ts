/**
 * What a person types during a takeover (here the OTP of the login-otp app) is painted over like a
 * secret: in the screenshot recorded with the human_action event, and in the live frames viewers
 * get, from before it reaches the screen. The run still passes after the hand-back.
 */
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { decodeFrameMessage } from "../../../hub/live/frame-message.js";
import { CORRECT_PASSWORD, OTP_CODE } from "../../../hub/sim/device/index.js";
import { ScriptedModel } from "../../fakes/scripted-model.js";
import { API_KEY, until } from "../../helpers/hub.js";
import { type Box, inScaled, maskedShare } from "../../helpers/pixels.js";
import { CODE_FIELD, startWallHub, wallPlanner, wallVerifier } from "../../helpers/wall-hub.js";

const TOP = 264; // the app bar's bottom (apps/layout.ts)
const CODE_BOX: Box = [64, TOP + 460, 1016, TOP + 600];
const VERIFY = { x: 540, y: TOP + 750 };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("a takeover's typed code never shows", () => {
  it("paints the OTP over in the human_action screenshot and in live frames; the run passes", async () => {
    const model = new ScriptedModel()
      .otherwise("planner", wallPlanner("ann@example.com"))
      .otherwise("verifier", wallVerifier);
    const hub = await startWallHub({ model, app: "login-otp" });
    cleanups.push(hub.close);
    const created = await hub.api("POST", "/api/tasks", {
      goal: "log in as ann@example.com",
      device: "p1",
      secrets: { password: CORRECT_PASSWORD },
    });
    expect(created.status, created.text).toBe(201);
    const runId = created.json.runId as string;
    await until(async () => (await hub.api("GET", `/api/runs/${runId}`)).json.waitingForHuman !== undefined, 60_000);

    const socket = new WebSocket(`${hub.base.replace("http", "ws")}/api/devices/p1/stream?access_token=${API_KEY}`);
    cleanups.push(() => socket.terminate());
    const frames: Buffer[] = [];
    socket.on("message", (data, binary) => {
      if (binary) frames.push(decodeFrameMessage(data as Buffer).jpeg);
    });
    await new Promise((resolve) => socket.once("open", resolve));

    expect((await hub.api("POST", `/api/runs/${runId}/takeover`)).status).toBe(200);
    expect((await hub.api("POST", "/api/devices/p1/actions", { action: "tap", ...CODE_FIELD })).status).toBe(200);
    const seen = frames.length;
    const typed = await hub.api("POST", "/api/devices/p1/actions", { action: "input", text: OTP_CODE });
    expect(typed.status, typed.text).toBe(200);
    await until(() => frames.length > seen, 30_000, "a frame after the code was typed");
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the screen settles; its last frame
    const live = frames[frames.length - 1]!;
    expect(await maskedShare(live, await inScaled(live, CODE_BOX, 1080))).toBeGreaterThan(0.95);

    const steps = (await hub.api("GET", `/api/runs/${runId}/steps`)).json.steps as { type: string; body: never }[];
    const human = steps.filter((s) => s.type === "human_action").map((s) => s.body as Record<string, never>);
    const typing = human.find((h) => h["action"] === "typed 6 character(s)") as { image?: { hash: string } };
    expect(typing?.image?.hash).toMatch(/^[a-f0-9]{64}$/);
    const shot = await fetch(`${hub.base}/api/screenshots/${typing.image!.hash}`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(shot.status).toBe(200);
    const image = Buffer.from(await shot.arrayBuffer());
    expect(await maskedShare(image, await inScaled(image, CODE_BOX, 1080))).toBeGreaterThan(0.95);

    expect((await hub.api("POST", "/api/devices/p1/actions", { action: "tap", ...VERIFY })).status).toBe(200);
    expect((await hub.api("POST", `/api/runs/${runId}/handback`, { note: "code typed" })).status).toBe(200);
    await until(async () => (await hub.api("GET", `/api/runs/${runId}`)).json.status !== "running", 90_000);
    const run = (await hub.api("GET", `/api/runs/${runId}`)).json;
    expect(run.status, run.reason).toBe("done");
  }, 150_000);
});
