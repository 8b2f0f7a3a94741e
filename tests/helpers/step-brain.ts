/**
 * Scripted "models" for the step agent that read their prompt the way a real model would: the element
 * lines under [Current State], the Pinned block, the claim under check. Tests choose their mistakes.
 * Also `runStepScenario`: one StepAgent run on a fresh hub and virtual phone.
 */
import type { AgentEvent } from "../../hub/agent/events.js";
import {
  type LessonRepository,
  type ReferenceRunRepository,
  StepAgent,
  type StepAgentOptions,
  type StepRunResult,
} from "../../hub/agent/step/index.js";
import { withCall } from "../../hub/devices/session-with-call.js";
import type { DeviceSession } from "../../hub/devices/types.js";
import type { VisionDetector } from "../../hub/perception/index.js";
import { CORRECT_PASSWORD, type SimKnobs, type VirtualDevice } from "../../hub/sim/device/index.js";
import type { ScriptedModel, ScriptedRequest, ScriptedToolTurn } from "../fakes/scripted-model.js";
import { API_KEY, startHub } from "./hub.js";
import { promptText } from "./login-brain.js";
import { joinPhone } from "./phones.js";

export const STEP_EMAIL = "user@example.com";
export const LOGIN_PACKAGE = "com.droidhub.login";
export const LOGIN_EXPECTED = `the home screen says "Welcome, ${STEP_EMAIL}"`;

export interface ScreenElement {
  id: number;
  tag: string;
  label: string;
  cx: number;
  cy: number;
  value: string;
  flags: string;
}

const LINE = /^(\d+) (\S+)(?: "((?:[^"\\]|\\.)*)")? \((\d+),(\d+)\)([^\n]*)$/;

/** The text of the last message (the current step's message). */
export function lastMessageText(request: ScriptedRequest): string {
  const last = request.messages.at(-1);
  if (!last) return "";
  return typeof last.content === "string"
    ? last.content
    : last.content.map((p) => (p.type === "text" ? p.text : "")).join("");
}

/** Element lines of the current screen: the last [Current State] of the conversation (a repair round ends
 * with the repair request, so the state is further up). */
export function currentElements(request: ScriptedRequest): ScreenElement[] {
  const text = promptText(request);
  const at = text.lastIndexOf("[Current State]");
  return parseElements(at >= 0 ? text.slice(at) : "");
}

export function parseElements(text: string): ScreenElement[] {
  const out: ScreenElement[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    const value = /value=("(?:[^"\\]|\\.)*")/.exec(m[6] ?? "")?.[1];
    out.push({
      id: Number(m[1]),
      tag: m[2]!,
      label: JSON.parse(`"${m[3] ?? ""}"`),
      cx: Number(m[4]),
      cy: Number(m[5]),
      value: value ? JSON.parse(value) : "",
      flags: m[6] ?? "",
    });
  }
  return out;
}

function find(elements: ScreenElement[], label: string): ScreenElement {
  const found = elements.find((e) => e.label === label);
  if (!found) throw new Error(`step brain: no "${label}" on screen: ${elements.map((e) => e.label).join(" | ")}`);
  return found;
}

export interface LoginBrainOptions {
  /** Claim "pass" once both fields are filled, before tapping Sign in (a false done). */
  falseDone?: boolean;
  /** Notes to remember first (each one model step), to make a long run. */
  notes?: number;
}

/** Fills the form and signs in from whatever the screen shows; mark_done when it sees Welcome. */
export function loginActor(options: LoginBrainOptions = {}) {
  let claimed = false;
  let noted = 0;
  return (request: ScriptedRequest) => {
    const elements = currentElements(request);
    if (noted < (options.notes ?? 0)) {
      noted++;
      return { thought: "note something", tool: "remember", args: { note: `note ${noted}` } };
    }
    const welcome = elements.find((e) => e.label.startsWith("Welcome"));
    if (welcome) {
      return {
        thought: "signed in",
        tool: "mark_done",
        args: { status: "pass", reason: `"${welcome.label}" is shown` },
      };
    }
    const notNow = elements.find((e) => e.label === "Not now");
    if (notNow) return { thought: "dismiss the popup", tool: "tap_element", args: { index: notNow.id } };
    const email = find(elements, "Email");
    const password = find(elements, "Password");
    if (email.value !== STEP_EMAIL) {
      return { thought: "type the email", tool: "input_text", args: { index: email.id, text: STEP_EMAIL }, subgoal: 1 };
    }
    if (!password.value) {
      return {
        thought: "type the password",
        tool: "input_text",
        args: { index: password.id, text: "{{secret:password}}" },
        subgoal: 2,
      };
    }
    if (options.falseDone && !claimed) {
      claimed = true;
      return { thought: "the form is filled", tool: "mark_done", args: { status: "pass", reason: "logged in" } };
    }
    return { thought: "sign in", tool: "tap_element", args: { index: find(elements, "Sign in").id }, subgoal: 3 };
  };
}

/**
 * Taps the dead heading "Sign in to continue" forever (and reopens the app when it is gone) — unless
 * Pinned carries an AVOID lesson about it, then it logs in properly.
 */
export function stubbornActor() {
  const login = loginActor();
  return (request: ScriptedRequest) => {
    const text = promptText(request);
    if (/AVOID these mistakes[\s\S]*Sign in to continue/.test(text)) return login(request);
    const elements = currentElements(request);
    const heading = elements.find((e) => e.label === "Sign in to continue");
    if (!heading) return { thought: "reopen the app", tool: "start_app", args: { package: LOGIN_PACKAGE } };
    return { thought: "tap the heading to sign in", tool: "tap_element", args: { index: heading.id } };
  };
}

/** Verifier: accepts only when the settled screen shows the Welcome line. */
export function claimVerifier(request: ScriptedRequest) {
  const text = promptText(request);
  const screen = text.slice(text.indexOf("Settled screen after the claim:"));
  if (/"Welcome, /.test(screen)) return { verdict: "accepted", reason: "the home screen greets the user" };
  return {
    verdict: "rejected",
    reason: "still on the sign-in form",
    gap: "The sign-in form is still shown: the Sign in button has not been tapped yet.",
  };
}

/** A step action in the JSON action format, as the native tool call a model would make instead. */
export interface BrainAction {
  thought: string;
  tool: string;
  args: Record<string, unknown>;
  subgoal?: number;
}

export function asToolTurn(action: BrainAction): ScriptedToolTurn {
  const { thought, tool, args, subgoal } = action;
  return { tool_calls: [{ name: tool, arguments: { thought, ...args, ...(subgoal ? { subgoal } : {}) } }] };
}

/** The same brain answering with native tool calls. */
export function nativeActor(actor: (request: ScriptedRequest) => BrainAction) {
  return (request: ScriptedRequest) => asToolTurn(actor(request));
}

export function summarizer(request: ScriptedRequest) {
  const steps = (promptText(request).match(/^Step \d+/gm) ?? []).length;
  return { summary: `SUMMARY: ${steps} steps so far; the form is being filled.` };
}

/** `droidhub run` arguments for the step-mode login on `deviceId`, following it to the end. */
export function loginStepArgs(base: string, deviceId: string): string[] {
  return [
    `log in as ${STEP_EMAIL}`,
    "--device",
    deviceId,
    "--mode",
    "step",
    "--expected",
    LOGIN_EXPECTED,
    "--follow",
    "--hub",
    base,
    "--key",
    API_KEY,
    "--secret",
    `password=${CORRECT_PASSWORD}`,
  ];
}

export interface StepScenario {
  model: ScriptedModel;
  app?: string;
  knobs?: SimKnobs;
  lessons?: LessonRepository;
  references?: ReferenceRunRepository;
  vision?: VisionDetector;
  /** Wraps the real session (e.g. to hide the tree). */
  wrap?: (session: DeviceSession) => DeviceSession;
  options?: Partial<StepAgentOptions>;
}

export interface StepScenarioResult {
  result: StepRunResult;
  events: AgentEvent[];
  device: VirtualDevice;
  screenText: string;
}

export async function runStepScenario(scenario: StepScenario): Promise<StepScenarioResult> {
  const hub = await startHub();
  const phone = await joinPhone(hub, `step-${Math.random().toString(36).slice(2, 8)}`, {
    app: scenario.app ?? "launcher",
    knobs: scenario.knobs ?? {},
  });
  try {
    const real = hub.app.hub.registry.requireSession(phone.device.deviceId);
    const session = scenario.wrap ? scenario.wrap(real) : real;
    const events: AgentEvent[] = [];
    const result = await new StepAgent({
      model: scenario.model,
      session,
      goal: `log in as ${STEP_EMAIL}`,
      expected: LOGIN_EXPECTED,
      caseName: "login",
      app: LOGIN_PACKAGE,
      secrets: { password: CORRECT_PASSWORD },
      emit: (e) => events.push(e),
      limits: { settleMs: 0, maxSteps: 20 },
      sleep: async () => {},
      ...(scenario.lessons ? { lessons: scenario.lessons } : {}),
      ...(scenario.references ? { references: scenario.references } : {}),
      ...(scenario.vision ? { vision: scenario.vision } : {}),
      ...scenario.options,
    }).run();
    const ui = await real.call({ getUi: { allWindows: true } });
    const screenText = JSON.stringify(ui.result.ui?.nodes?.map((n) => n.text));
    return { result, events, device: phone.device as VirtualDevice, screenText };
  } finally {
    phone.stop();
    await hub.close();
  }
}

/** The phone's tree with every node but the window roots removed: nothing to read, as on a canvas. */
export function hideTree(session: DeviceSession): DeviceSession {
  return withCall(session, async (request, options) => {
    const outcome = await session.call(request, options);
    const ui = outcome.result.ui;
    if (!("getUi" in request) || !ui) return outcome;
    const nodes = (ui.nodes ?? []).filter((n) => (n.parent ?? -1) === -1);
    return { ...outcome, result: { ...outcome.result, ui: { ...ui, nodes } } };
  });
}
