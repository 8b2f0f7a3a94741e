/**
 * No secret leaves the phone as pixels. A careless model types the password placeholder into the plain
 * Email field; from then on every image made of that screen shows the field painted over: the model's
 * set-of-marks screenshot, the verifier's A+B frame, the stored step screenshot, the HTML report, and
 * the operator API's screenshot while the run holds the phone. Password fields always are. The same
 * holds for every step picture (the screen a step acted on, with what it did drawn on it) in every
 * mode, for the chain agent's verifier frames, and on a Mobilerun-dialect phone.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../../hub/agent/events.js";
import { StepAgent } from "../../../hub/agent/step/index.js";
import type { ImagePart } from "../../../hub/llm/model.js";
import { compact, parseSnapshot, type UiElement } from "../../../hub/perception/index.js";
import { CORRECT_PASSWORD, VirtualDevice } from "../../../hub/sim/device/index.js";
import { ScriptedModel, type ScriptedRequest } from "../../fakes/scripted-model.js";
import { runChainScenario } from "../../helpers/chain-scenario.js";
import { API_KEY, startHub, until } from "../../helpers/hub.js";
import { listedElements, loginVerifier, promptText } from "../../helpers/login-brain.js";
import { startModelHub } from "../../helpers/model-hub.js";
import { joinPhone } from "../../helpers/phones.js";
import { type Box, inComposite, inScaled, maskedShare } from "../../helpers/pixels.js";
import { claimVerifier, currentElements, STEP_EMAIL } from "../../helpers/step-brain.js";
import { joinMobilerun, startMobilerunHub } from "../mobilerun/mobilerun-hub.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Painted over: nearly all of the field is mask grey (the set-of-marks cross and grid cross it). */
const MASKED = 0.85;
/** Not painted: a white field with dark text has next to no grey. */
const CLEAR = 0.1;

/** The login form's fields as the virtual phone lays them out (a fresh phone: the run's may have moved on). */
async function loginFields(): Promise<{ email: UiElement; password: UiElement; w: number; h: number }> {
  const device = new VirtualDevice({ deviceId: "layout", app: "login" });
  const result = await device.execute({ id: 1, getUi: { allWindows: true } });
  const view = compact(parseSnapshot(result.ui!));
  const email = view.elements.find((e) => e.resourceId.endsWith(":id/email"))!;
  const password = view.elements.find((e) => e.resourceId.endsWith(":id/password"))!;
  return { email, password, w: view.screen.w, h: view.screen.h };
}

function imageOf(request: { messages: ScriptedRequest["messages"] }): Uint8Array {
  const part = request.messages
    .flatMap((m) => (typeof m.content === "string" ? [] : m.content))
    .find((p): p is ImagePart => p.type === "image");
  if (!part) throw new Error("no image in the request");
  return part.data;
}

function dataUrlImages(html: string): Buffer[] {
  return [...html.matchAll(/src="data:image\/[a-z]+;base64,([^"]+)"/g)].map((m) => Buffer.from(m[1]!, "base64"));
}

describe("secrets never leave as pixels", () => {
  it("step mode through the hub: model input, verifier frame, stored step, report and API screenshot", async () => {
    let apiShot: Buffer | undefined;
    let apiUi = "";
    let base = "";
    const auth = { headers: { authorization: `Bearer ${API_KEY}` } };
    const model = new ScriptedModel({ vision: true })
      .script(
        "planner",
        (request) => {
          const email = currentElements(request).find((e) => e.label === "Email")!;
          return { thought: "careless", tool: "input_text", args: { index: email.id, text: "{{secret:password}}" } };
        },
        async () => {
          // The run holds the phone now, with the secret on its screen: the operator looks at it.
          const response = await fetch(`${base}/api/devices/pixels/screenshot`, auth);
          expect(response.status).toBe(200);
          apiShot = Buffer.from(await response.arrayBuffer());
          // The element list and the raw tree name the secret, never show it.
          apiUi = await (await fetch(`${base}/api/devices/pixels/ui?raw=1`, auth)).text();
          return { thought: "done, surely", tool: "mark_done", args: { status: "pass", reason: "logged in" } };
        },
      )
      .otherwise("planner", { thought: "wait", tool: "wait", args: { seconds: 0 } })
      .otherwise("verifier", claimVerifier);
    const hub = await startModelHub({ model, deviceId: "pixels", app: "login" });
    cleanups.push(() => hub.close());
    base = hub.base;
    const { email, password, w, h } = await loginFields();

    const created = await fetch(`${base}/api/tasks`, {
      method: "POST",
      headers: { ...auth.headers, "content-type": "application/json" },
      body: JSON.stringify({
        goal: `log in as ${STEP_EMAIL}`,
        mode: "step",
        device: "pixels",
        max_steps: 3,
        max_attempts: 1,
        secrets: { password: CORRECT_PASSWORD },
      }),
    });
    expect(created.status).toBe(201);
    const taskId = ((await created.json()) as { id: string }).id;
    let task: { status: string; runs?: unknown } = { status: "queued" };
    for (const deadline = Date.now() + 30_000; ["queued", "running"].includes(task.status) && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50));
      task = await hub.get(`/api/tasks/${taskId}`);
    }
    expect(task.status).toBe("failed"); // three steps, no accepted claim

    // 1. What the model saw: before typing, only the password field is painted; after, Email too.
    const planner = model.calls.filter((c) => c.role === "planner");
    const before = imageOf(planner[0]!);
    const after = imageOf(planner[1]!);
    expect(await maskedShare(before, await inScaled(before, email.bounds, w))).toBeLessThan(CLEAR);
    expect(await maskedShare(before, await inScaled(before, password.bounds, w))).toBeGreaterThan(MASKED);
    expect(await maskedShare(after, await inScaled(after, email.bounds, w))).toBeGreaterThan(MASKED);
    expect(await maskedShare(after, await inScaled(after, password.bounds, w))).toBeGreaterThan(MASKED);

    // 2. The verifier's A+B frame: the claim moment and the settled screen.
    const verifier = model.calls.find((c) => c.role === "verifier")!;
    const composite = imageOf(verifier);
    const halves = await inComposite(composite, email.bounds, { w, h });
    expect(await maskedShare(composite, halves.a)).toBeGreaterThan(MASKED);
    expect(await maskedShare(composite, halves.b)).toBeGreaterThan(MASKED);

    // 3. The API's screenshot and UI while the run held the phone (device size, no set-of-marks).
    expect(apiUi).toContain("{{secret:password}}");
    expect(apiUi).not.toContain(CORRECT_PASSWORD);
    expect(await maskedShare(apiShot!, await inScaled(apiShot!, email.bounds, w))).toBeGreaterThan(MASKED);
    // After the run the operator sees the phone as it is: the field shows the typed text again.
    const free = Buffer.from(await (await fetch(`${base}/api/devices/pixels/screenshot`, auth)).arrayBuffer());
    expect(await maskedShare(free, await inScaled(free, email.bounds, w))).toBeLessThan(CLEAR);

    // 4. The stored step screenshots, served by hash, and 5. the report that embeds them.
    const runs = await hub.get<{ runs: { id: string }[] }>("/api/runs");
    const runId = runs.runs[0]!.id;
    const steps = await hub.get<{
      steps: { type: string; body: { log?: { step: number; screenshot?: { hash: string } } } }[];
    }>(`/api/runs/${runId}/steps`);
    const stored = steps.steps.filter((s) => s.type === "step_log" && s.body.log?.screenshot);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const s of stored.slice(1)) {
      const bytes = Buffer.from(
        await (await fetch(`${base}/api/screenshots/${s.body.log!.screenshot!.hash}`, auth)).arrayBuffer(),
      );
      expect(await maskedShare(bytes, await inScaled(bytes, email.bounds, w))).toBeGreaterThan(MASKED);
    }
    // The step pictures (the screen each step acted on, with what it did drawn on it) too.
    const frames = steps.steps.filter((s) => s.type === "step_frame") as unknown as {
      body: { image: { hash: string } };
    }[];
    expect(frames).toHaveLength(stored.length);
    for (const f of frames.slice(1)) {
      const bytes = Buffer.from(
        await (await fetch(`${base}/api/screenshots/${f.body.image.hash}`, auth)).arrayBuffer(),
      );
      expect(await maskedShare(bytes, await inScaled(bytes, email.bounds, w))).toBeGreaterThan(MASKED);
    }
    // The report: per step its picture, then the set-of-marks view the model saw.
    const report = dataUrlImages(await hub.text(`/api/runs/${runId}/report`));
    expect(report.length).toBe(frames.length + stored.length);
    for (const bytes of report.slice(2)) {
      expect(await maskedShare(bytes, await inScaled(bytes, email.bounds, w))).toBeGreaterThan(MASKED);
    }
  }, 60_000);

  it("script mode: a secret typed as text into the Email field is painted over in every later picture", async () => {
    const hub = await startHub();
    cleanups.push(() => hub.close());
    const phone = await joinPhone(hub, "scripted-pixels");
    cleanups.push(() => phone.stop());
    const { email, w } = await loginFields();
    const created = await hub.api("POST", "/api/tasks", {
      goal: "type the password where it does not belong",
      mode: "script",
      device: "scripted-pixels",
      secrets: { password: CORRECT_PASSWORD },
      actions: [
        { action: "tap", x: email.cx, y: email.cy },
        { action: "input", text: CORRECT_PASSWORD },
        { action: "key", key: "back" },
      ],
    });
    expect(created.status).toBe(201);
    await until(async () => (await hub.app.hub.tasks.get(created.json.id))?.status === "done", 20_000, "the script");
    const runId = (await hub.app.hub.stores.runs.runsOfTask(created.json.id))[0]!.id;
    const events = await hub.app.hub.stores.runs.events(runId);
    expect(JSON.stringify(events)).not.toContain(CORRECT_PASSWORD);
    const frames = events
      .filter((e) => e.type === "step_frame")
      .map((e) => (e.body as { image: { hash: string } }).image);
    expect(frames).toHaveLength(3);
    const share = async (hash: string) => {
      const bytes = (await hub.app.hub.stores.screenshots.get(hash))!.bytes;
      return maskedShare(bytes, await inScaled(bytes, email.bounds, w));
    };
    expect(await share(frames[0]!.hash)).toBeLessThan(CLEAR); // nothing typed yet
    expect(await share(frames[1]!.hash)).toBeLessThan(CLEAR); // the step that types it: not yet on screen
    expect(await share(frames[2]!.hash)).toBeGreaterThan(MASKED); // now the field shows it: painted over
    const report = dataUrlImages((await hub.api("GET", `/api/runs/${runId}/report`)).raw.toString());
    expect(report).toHaveLength(3);
    expect(await maskedShare(report[2]!, await inScaled(report[2]!, email.bounds, w))).toBeGreaterThan(MASKED);
  }, 60_000);

  it("chain mode: the frame of each later step and the verifier's before/after frame", async () => {
    const typeSecretIntoEmail = (request: ScriptedRequest) => {
      const elements = listedElements(promptText(request));
      const welcome = elements.find((e) => e.label.startsWith("Welcome"));
      if (welcome)
        return { task_summary: "signed in", confidence: "high", total_steps: 0, goal_reached: true, steps: [] };
      const byLabel = (label: string) => elements.find((e) => e.label === label)!;
      const [mail, pass, signIn] = [byLabel("Email"), byLabel("Password"), byLabel("Sign in")];
      return {
        task_summary: "log in",
        confidence: "high",
        total_steps: 3,
        steps: [
          {
            step_num: 1,
            action: "INPUT",
            label: "Email",
            element_id: mail.id,
            x: mail.cx,
            y: mail.cy,
            value: "{{secret:password}}",
          },
          {
            step_num: 2,
            action: "INPUT",
            label: "Password",
            element_id: pass.id,
            x: pass.cx,
            y: pass.cy,
            value: "{{secret:password}}",
          },
          { step_num: 3, action: "CLICK", label: "Sign in", element_id: signIn.id, x: signIn.cx, y: signIn.cy },
        ],
      };
    };
    const model = new ScriptedModel({ vision: { verifier: true } })
      .otherwise("planner", typeSecretIntoEmail)
      .otherwise("verifier", loginVerifier);
    const { result, events } = await runChainScenario({ model, expected: null });
    expect(result.status).toBe("done");
    const { email, w, h } = await loginFields();
    const frames = events.filter((e): e is Extract<AgentEvent, { type: "step_frame" }> => e.type === "step_frame");
    expect(frames.map((f) => f.step_num)).toEqual([1, 2, 3]);
    const share = async (data: Uint8Array) => maskedShare(data, await inScaled(data, email.bounds, w));
    expect(await share(frames[0]!.image.data)).toBeLessThan(CLEAR); // before the secret was typed
    expect(await share(frames[1]!.image.data)).toBeGreaterThan(MASKED);
    expect(await share(frames[2]!.image.data)).toBeGreaterThan(MASKED);
    // The Sign in tap went to the verifier: before = the form with the secret in Email.
    const stepCheck = model.calls.find((c) => c.schemaName === "step_verdict")!;
    const composite = imageOf(stepCheck);
    expect(await maskedShare(composite, (await inComposite(composite, email.bounds, { w, h })).a)).toBeGreaterThan(
      MASKED,
    );
  }, 60_000);

  it("on a Mobilerun-dialect phone: the model's screenshot shows the Email field painted over", async () => {
    const hub = await startMobilerunHub();
    cleanups.push(() => hub.close());
    const portal = await joinMobilerun(hub, "portal-pixels");
    cleanups.push(() => portal.stop());
    portal.screen = "login";
    portal.package = "com.example.login";
    const model = new ScriptedModel({ vision: true })
      .script("planner", (request) => {
        const mail = currentElements(request).find((e) => e.label === "Email")!;
        return { thought: "careless", tool: "input_text", args: { index: mail.id, text: "{{secret:password}}" } };
      })
      .otherwise("planner", { thought: "wait", tool: "wait", args: { seconds: 0 } });
    const result = await new StepAgent({
      model,
      session: hub.app.hub.registry.requireSession("portal-pixels"),
      goal: "log in",
      secrets: { password: CORRECT_PASSWORD },
      limits: { settleMs: 200, maxSteps: 2 },
    }).run();
    expect(result.verdict).toBe("fail");
    const emailBox: Box = [60, 600, 1020, 740]; // the fake Mobilerun app's Email field
    const [first, second] = model.calls.filter((c) => c.role === "planner").map(imageOf);
    expect(await maskedShare(first!, await inScaled(first!, emailBox, 1080))).toBeLessThan(CLEAR);
    expect(await maskedShare(second!, await inScaled(second!, emailBox, 1080))).toBeGreaterThan(MASKED);
  }, 60_000);
});
