/**
 * A hub on a real port with a model, one virtual phone on a walled login app (login-otp,
 * login-captcha), an operator's API calls, a webhook receiver (a real local HTTP server), and the
 * brains that meet the walls: the login planner and verifier, with the verifier reporting the wall.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import { buildApp } from "../../hub/app.js";
import { loadConfig } from "../../hub/config/config.js";
import type { Model } from "../../hub/llm/model.js";
import { APP_BAR_BOTTOM } from "../../hub/sim/apps/layout.js";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import type { ScriptedRequest } from "../fakes/scripted-model.js";
import { API_KEY, FLEET_KEY } from "./hub.js";
import { listedElements, loginPlanner, loginVerifier, promptText } from "./login-brain.js";

/** Where the code field of the OTP and CAPTCHA screens is, in device pixels (1080 wide). */
export const CODE_FIELD = { x: 540, y: APP_BAR_BOTTOM + 530 };

export async function startWallHub(options: {
  model: Model;
  app: string;
  webhookUrl?: string;
  humanTimeoutMs?: number;
}) {
  const config = loadConfig({
    overrides: {
      apiKey: API_KEY,
      fleetKey: FLEET_KEY,
      logLevel: "silent",
      dataDir: ":memory:",
      ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
      ...(options.humanTimeoutMs ? { humanTimeoutMs: options.humanTimeoutMs } : {}),
    },
  });
  const app = await buildApp(config, { model: options.model, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const device = new VirtualDevice({ deviceId: "p1", app: options.app });
  const phone = new SimPhone(device, { url: `${base.replace("http", "ws")}/v1/devices/connect`, fleetKey: FLEET_KEY });
  await phone.start();
  const api = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(base + url, {
      method,
      headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, text, json: text.startsWith("{") ? JSON.parse(text) : undefined };
  };
  return {
    base,
    device,
    api,
    close: async () => {
      phone.stop();
      await app.close();
    },
  };
}

/** A webhook receiver on a real local port: every POST's headers and JSON body. */
export async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks/droidhub?token=hook-token`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const WALLS: [RegExp, "otp" | "captcha"][] = [
  [/code we sent by SMS/, "otp"],
  [/Type the characters in the image/, "captcha"],
];

/** The login verifier, which also reports an OTP or CAPTCHA screen as a wall. */
export function wallVerifier(request: ScriptedRequest) {
  const text = promptText(request);
  if (request.schemaName === "step_verdict") {
    const after = text.slice(text.indexOf("Screen after the step:"));
    for (const [pattern, wall] of WALLS)
      if (pattern.test(after)) return { verdict: "OK", reason: `the app asks for a ${wall} code`, wall };
  }
  return loginVerifier(request);
}

/** The login planner; on a CAPTCHA screen (which it cannot read) it taps the code field. */
export function wallPlanner(email: string) {
  const login = loginPlanner({ email });
  return (request: ScriptedRequest) => {
    const text = promptText(request);
    if (request.schemaName === "action_chain" && /Type the characters in the image/.test(text)) {
      const code = listedElements(text).find((e) => e.label === "Code");
      if (!code) throw new Error("brain: no Code field on the CAPTCHA screen");
      const step = { step_num: 1, action: "CLICK", label: "Code", element_id: code.id, x: code.cx, y: code.cy };
      return { task_summary: "focus the code field", confidence: "low", total_steps: 1, steps: [step] };
    }
    return login(request);
  };
}
