/**
 * Target `gateway`: a real hub on a loopback port, real WebSockets in both dialects. Each input is one
 * connection (gateway-cases.ts). The hub must close each bad socket with the code the README lists for
 * it (the oracle computes it from the same decoders), keep every good one, answer UI reads with a typed
 * status (never 500), log no INTERNAL error, and keep two healthy phones — one per dialect, each on its
 * own socket — answering taps throughout.
 */
import type { SimPhone } from "../../hub/sim/sim-phone.js";
import { FakeMobilerunApp } from "../../tests/fakes/mobilerun-client.js";
import { FLEET_KEY, startHub, type TestHub, until } from "../../tests/helpers/hub.js";
import { joinPhone } from "../../tests/helpers/phones.js";
import { hex } from "./bytes.js";
import {
  type DroidhubCase,
  describeExpect,
  type Expect,
  expectDroidhub,
  expectHello,
  expectMobilerun,
  type Frame,
  GATEWAY_MAX_FRAME_BYTES,
  type GatewayCase,
  gatewayCase,
  helloFrame,
  type MobilerunCase,
  type ReplyPlan,
  replyFrame,
} from "./gateway-cases.js";
import { Peer, type Settled } from "./gateway-peer.js";
import { type AsyncTarget, clip, Violation } from "./target.js";

const WAIT_MS = 5_000;
/** How often (in cases) the healthy phones are asked to tap. */
const HEALTH_EVERY = 25;
const HEALTHY = "fz-healthy";
const HEALTHY_MOBILERUN = "fz-healthy-portal";

interface Running {
  hub: TestHub;
  phone: SimPhone;
  portal: FakeMobilerunApp;
  cases: number;
  escaped: unknown[];
  onEscape: (error: unknown) => void;
}

let running: Running | undefined;

function hubOf(): Running {
  if (!running) throw new Error("gateway target used before start()");
  return running;
}

async function start(): Promise<void> {
  const hub = await startHub({
    maxFrameBytes: GATEWAY_MAX_FRAME_BYTES,
    // The limiter has its own tests; here it would close sockets before their frames are read.
    maxMessagesPerSecond: 1_000_000,
    // A probe left unanswered (a fuzzed reply that is not an answer) gives up soon; the healthy phones'
    // taps take milliseconds, so this is still ample on a loaded machine.
    commandTimeoutMs: 5_000,
    resumeGraceMs: 200,
  });
  Object.assign(hub.app.mobilerunGateway.options, { settleMs: 20, screenshotIntervalMs: 50 });
  const phone = await joinPhone(hub, HEALTHY);
  const portal = new FakeMobilerunApp({
    url: `${hub.wsUrl}/v1/providers/personal/join`,
    token: FLEET_KEY,
    deviceId: HEALTHY_MOBILERUN,
    reconnectDelayMs: 100,
    screenshotMinIntervalMs: 50,
  });
  await portal.start();
  await until(
    () => (hub.app.hub.registry.get(HEALTHY_MOBILERUN)?.info?.screen.width ?? 0) > 0,
    WAIT_MS,
    "portal probe",
  );
  const escaped: unknown[] = [];
  const onEscape = (error: unknown) => escaped.push(error);
  process.on("unhandledRejection", onEscape);
  process.on("uncaughtException", onEscape);
  running = { hub, phone, portal, cases: 0, escaped, onEscape };
}

async function stop(): Promise<void> {
  const r = hubOf();
  try {
    await checkHealthy(r);
    const health = await r.hub.api("GET", "/healthz");
    if (health.status !== 200) throw new Violation(`/healthz answered ${health.status} at the end`);
  } finally {
    process.off("unhandledRejection", r.onEscape);
    process.off("uncaughtException", r.onEscape);
    r.phone.stop();
    r.portal.stop();
    await r.hub.close();
    running = undefined;
  }
}

async function checkHealthy(r: Running): Promise<void> {
  for (const id of [HEALTHY, HEALTHY_MOBILERUN]) {
    const tap = await r.hub.api("POST", `/api/devices/${id}/actions`, { action: "tap", x: 10, y: 300 });
    if (tap.status !== 200) {
      throw new Violation(
        `healthy phone ${id} stopped working: tap answered ${tap.status} ${JSON.stringify(tap.json)}`,
      );
    }
  }
}

/** What the hub logged since the last case: an INTERNAL code or an error-level line is a finding. */
function takeLogFindings(hub: TestHub): string | undefined {
  const lines = hub.logs.splice(0);
  const bad = lines.find((line) => line.includes('"code":"INTERNAL"') || /"level":(50|60)/.test(line));
  return bad?.slice(0, 600);
}

/** The README's close codes ("Close codes"); 1011 (INTERNAL) is not one of them. */
const DOCUMENTED_CLOSE_CODES = new Set([4001, 4002, 4003, 4004, 1009, 1008, 1001]);

function compare(expected: Expect, actual: Settled, what: string): void {
  if (!actual.open && !DOCUMENTED_CLOSE_CODES.has(actual.code)) {
    throw new Violation(`${what}: the hub closed with ${actual.code} "${actual.reason}", not a README close code`);
  }
  const ok = expected.open ? actual.open : !actual.open && actual.code === expected.close;
  if (!ok) {
    const got = actual.open ? "open" : `closed ${actual.code} "${actual.reason}"`;
    throw new Violation(`${what}: expected ${describeExpect(expected)}, the hub left the socket ${got}`);
  }
}

/** Sends frames until one must close the socket; returns what the last one sent should lead to. */
function sendFrames(peer: Peer, frames: Frame[], expectOf: (frame: Frame) => Expect, from: Expect): Expect {
  let expected = from;
  for (const frame of frames) {
    if (!expected.open) break;
    expected = expectOf(frame);
    peer.send(frame.binary ? frame.bytes : frame.text, frame.binary);
  }
  return expected;
}

/** How the case ended, and at which step the socket was closed (for the outcome label). */
interface Ending {
  expected: Expect;
  stage: "hello" | "probe" | "ui" | "frames";
}

async function runDroidhub(c: DroidhubCase, deviceId: string, r: Running): Promise<Ending> {
  const peer = new Peer(`${r.hub.wsUrl}/v1/devices/connect`, {
    authorization: `Bearer ${FLEET_KEY}`,
    "x-device-id": deviceId,
  });
  try {
    const refused = await peer.opened(WAIT_MS);
    if (refused !== undefined) throw new Violation(`join refused with HTTP ${refused}`);
    const first = helloFrame(
      c.hello ?? { init: { id: 1, hello: { protocolVersion: 1 } }, ownId: true, edits: [] },
      deviceId,
    );
    let expected = sendFrames(peer, [first], (f) => expectHello(f, deviceId), { open: true });
    if (!expected.open) {
      compare(expected, await peer.settle(WAIT_MS), "Hello");
      return { expected, stage: "hello" };
    }
    const welcome = await peer.next(WAIT_MS);
    if (!welcome) compare(expected, await peer.settle(WAIT_MS), "Hello");
    expected = sendFrames(peer, c.frames, expectDroidhub, expected);
    compare(expected, await peer.settle(WAIT_MS), "after the frames");
    return { expected, stage: "frames" };
  } finally {
    await peer.close(WAIT_MS);
  }
}

/** The next request the hub sends a Mobilerun phone, skipping its answers to the phone's own requests. */
async function nextRequest(peer: Peer): Promise<{ id: unknown; method: string } | undefined> {
  for (;;) {
    const message = await peer.next(WAIT_MS);
    if (!message) return undefined;
    const value = JSON.parse(message.data.toString("utf8")) as { id?: unknown; method?: string };
    if (typeof value.method === "string") return { id: value.id, method: value.method };
  }
}

type Answer = "ok" | "error" | "none";

/** How the hub takes this reply to its request: a success, a failure, or no answer at all. */
function answerOf(frame: Frame, requestId: unknown): Answer {
  if (frame.binary) return "none";
  try {
    const value = JSON.parse(frame.text) as { id?: unknown; status?: unknown; error?: unknown; method?: unknown };
    if (value.id !== requestId || (value.method !== undefined && value.method !== "")) return "none";
    return value.status === "success" || (value.status === undefined && value.error === undefined) ? "ok" : "error";
  } catch {
    return "none";
  }
}

/**
 * Sends the fuzzed reply to one of the hub's requests. A reply that answers nothing (an edited id, a
 * method) would leave the hub waiting out its command timeout, so a plain error answer follows it then.
 */
function reply(
  peer: Peer,
  plan: ReplyPlan,
  request: { id: unknown },
  before: Expect,
): { expected: Expect; answer: Answer } {
  const frame = replyFrame(plan, request.id);
  const expected = sendFrames(peer, [frame], expectMobilerun, before);
  const answer = answerOf(frame, request.id);
  if (!expected.open || answer !== "none") return { expected, answer };
  peer.send(JSON.stringify({ id: request.id, status: "error", error: "no answer" }), false);
  return { expected, answer: "error" };
}

async function runMobilerun(c: MobilerunCase, deviceId: string, r: Running): Promise<Ending> {
  const peer = new Peer(`${r.hub.wsUrl}/v1/providers/personal/join`, {
    authorization: `Bearer ${FLEET_KEY}`,
    "x-device-id": deviceId,
  });
  try {
    const refused = await peer.opened(WAIT_MS);
    if (refused !== undefined) throw new Violation(`join refused with HTTP ${refused}`);
    let expected: Expect = { open: true };
    // The probe: version, then (after a successful answer) state.
    for (const plan of [c.version, c.state]) {
      const request = await nextRequest(peer);
      if (!request) throw new Violation("the hub sent no probe request to a fresh Mobilerun phone");
      const sent = reply(peer, plan, request, expected);
      expected = sent.expected;
      if (!expected.open) {
        compare(expected, await peer.settle(WAIT_MS), `the answer to ${request.method}`);
        return { expected, stage: "probe" };
      }
      if (sent.answer !== "ok") break;
    }
    if (c.ui) {
      expected = await readUi(peer, c.ui, deviceId, r);
      if (!expected.open) {
        compare(expected, await peer.settle(WAIT_MS), "the answer to a UI read");
        return { expected, stage: "ui" };
      }
    }
    expected = sendFrames(peer, c.frames, expectMobilerun, expected);
    compare(expected, await peer.settle(WAIT_MS), "after the frames");
    return { expected, stage: "frames" };
  } finally {
    await peer.close(WAIT_MS);
  }
}

/** GET /api/devices/:id/ui while answering the hub's `state` request with the plan's reply. */
async function readUi(peer: Peer, plan: ReplyPlan, deviceId: string, r: Running): Promise<Expect> {
  const ui = r.hub.api("GET", `/api/devices/${deviceId}/ui`);
  const request = await nextRequest(peer);
  if (request?.method !== "state") throw new Violation(`a UI read sent ${request?.method ?? "nothing"}, not state`);
  const { expected } = reply(peer, plan, request, { open: true });
  const answer = await ui;
  const code = answer.json?.error?.code;
  if (answer.status === 500 || code === "INTERNAL") {
    throw new Violation(`GET /ui answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  }
  return expected;
}

async function run(c: GatewayCase): Promise<string> {
  const r = hubOf();
  const deviceId = `fz-${c.dialect === "mobilerun" ? "p" : "d"}-${++r.cases}`;
  const { expected, stage } =
    c.dialect === "droidhub" ? await runDroidhub(c, deviceId, r) : await runMobilerun(c, deviceId, r);
  const logged = takeLogFindings(r.hub);
  if (logged) throw new Violation(`the hub logged an internal error: ${logged}`);
  if (r.escaped.length > 0) throw new Violation(`escaped the hub: ${String(r.escaped.splice(0)[0])}`);
  if (r.cases % HEALTH_EVERY === 0) await checkHealthy(r);
  return expected.open ? `${c.dialect} open` : `${c.dialect} ${describeExpect(expected)} (${stage})`;
}

function show(c: GatewayCase): string {
  const frames = c.frames.map((f) => (f.binary ? `bin ${hex(f.bytes, 60)}` : `text ${clip(f.text, 120)}`));
  if (c.dialect === "droidhub") {
    const hello = c.hello ? clip(JSON.stringify(c.hello.init), 200) : "ordinary";
    return `droidhub, Hello ${hello}; frames: ${frames.join(" | ")}`;
  }
  const replies = [c.version, c.state, ...(c.ui ? [c.ui] : [])].map((plan) => {
    const reply = replyFrame(plan, "ID");
    return reply.binary ? "" : clip(reply.text, 150);
  });
  return `portal, replies ${replies.join(" | ")}; frames: ${frames.join(" | ")}`;
}

export const gatewayTarget: AsyncTarget<GatewayCase> = {
  kind: "async",
  name: "gateway",
  description: "real hub, real WebSockets: droidhub binary + Mobilerun JSON frames; close codes, healthy phones",
  arbitrary: gatewayCase,
  show,
  start,
  run,
  stop,
};
