/**
 * A scripted "model" for the virtual login app that actually reads its prompt: it finds elements by
 * label in the element list it was shown, the way a real model would, so grounding, refresh and
 * replanning are exercised for real. Tests choose its mistakes.
 */
import type { ChatRequestBody } from "../fakes/chat-completions-server.js";
import type { ScriptedRequest } from "../fakes/scripted-model.js";

export interface ListedElement {
  id: number;
  tag: string;
  label: string;
  cx: number;
  cy: number;
}

const LINE = /^(\d+) (\S+)(?: "((?:[^"\\]|\\.)*)")? \((\d+),(\d+)\)/;

/** Parses the terse element lines (`7 Button "Sign in" (540,994) #sign_in click`) out of a prompt. */
export function listedElements(text: string): ListedElement[] {
  const screen = text.slice(text.lastIndexOf("elements (id tag"));
  const out: ListedElement[] = [];
  for (const line of screen.split("\n")) {
    const m = LINE.exec(line.trim());
    if (m)
      out.push({
        id: Number(m[1]),
        tag: m[2]!,
        label: JSON.parse(`"${m[3] ?? ""}"`),
        cx: Number(m[4]),
        cy: Number(m[5]),
      });
  }
  return out;
}

export function promptText(request: ScriptedRequest): string {
  return request.messages
    .map((m) =>
      typeof m.content === "string" ? m.content : m.content.map((p) => (p.type === "text" ? p.text : "")).join(""),
    )
    .join("\n");
}

function find(elements: ListedElement[], label: string): ListedElement {
  const found = elements.find((e) => e.label.toLowerCase() === label.toLowerCase());
  if (!found) throw new Error(`brain: no "${label}" on screen: ${elements.map((e) => e.label).join(" | ")}`);
  return found;
}

export interface BrainOptions {
  email: string;
  /** Invent coordinates for Sign in instead of using the list (tests grounding). */
  inventCoordinates?: "snappable" | "unsnappable-once";
  /** First plan taps a label that does nothing (tests FAST RETRY). */
  tapDeadTextFirst?: boolean;
}

/** Planner answers: dismiss popups, fill the form, or report the goal reached. */
export function loginPlanner(options: BrainOptions) {
  let plans = 0;
  return (request: ScriptedRequest) => {
    const text = promptText(request);
    const elements = listedElements(text);
    if (request.schemaName === "coordinate_refresh") {
      const steps = [...text.matchAll(/^(\d+)\. (\w+) "([^"]*)"/gm)].map((m) => {
        const target = elements.find((e) => e.label.toLowerCase() === m[3]!.toLowerCase());
        return {
          step_num: Number(m[1]),
          label: m[3],
          element_id: target?.id ?? null,
          x: target?.cx ?? null,
          y: target?.cy ?? null,
        };
      });
      return { steps };
    }
    plans++;
    if (/^Task: open the login app/im.test(text)) {
      const onLogin = /^package: com\.droidhub\.login/m.test(text);
      return onLogin
        ? { task_summary: "login app is open", confidence: "high", total_steps: 0, goal_reached: true, steps: [] }
        : {
            task_summary: "open the login app",
            confidence: "high",
            total_steps: 1,
            steps: [{ step_num: 1, action: "NAVIGATE", label: "Login app", value: "com.droidhub.login" }],
          };
    }
    if (elements.some((e) => e.label.startsWith("Welcome"))) {
      return { task_summary: "signed in", confidence: "high", total_steps: 0, goal_reached: true, steps: [] };
    }
    const notNow = elements.find((e) => e.label === "Not now");
    if (notNow) {
      return {
        task_summary: "dismiss the popup",
        confidence: "high",
        total_steps: 1,
        steps: [{ step_num: 1, action: "CLICK", label: "Not now", element_id: notNow.id, x: notNow.cx, y: notNow.cy }],
      };
    }
    const email = find(elements, "Email");
    const password = find(elements, "Password");
    const signIn = find(elements, "Sign in");
    const reasking = request.messages.length > 1;
    if (options.tapDeadTextFirst && plans === 1) {
      const dead = find(elements, "Sign in to continue");
      return {
        task_summary: "tap the heading",
        confidence: "low",
        total_steps: 1,
        steps: [{ step_num: 1, action: "CLICK", label: dead.label, element_id: dead.id, x: dead.cx, y: dead.cy }],
      };
    }
    let signInStep: Record<string, unknown> = { element_id: signIn.id, x: signIn.cx, y: signIn.cy };
    if (options.inventCoordinates === "snappable") signInStep = { x: signIn.cx + 211, y: signIn.cy - 377 };
    if (options.inventCoordinates === "unsnappable-once" && !reasking) signInStep = { x: 13, y: 17 };
    return {
      task_summary: "log in",
      confidence: "high",
      total_steps: 3,
      steps: [
        {
          step_num: 1,
          action: "INPUT",
          label: "Email",
          element_id: email.id,
          x: email.cx,
          y: email.cy,
          value: options.email,
        },
        {
          step_num: 2,
          action: "INPUT",
          label: "Password",
          element_id: password.id,
          x: password.cx,
          y: password.cy,
          value: "{{secret:password}}",
        },
        {
          step_num: 3,
          action: "CLICK",
          label: options.inventCoordinates === "unsnappable-once" && !reasking ? "Log me in" : "Sign in",
          ...signInStep,
        },
      ],
    };
  };
}

/** Task-group planner: splits "open the login app, then log in" into two one-screen groups. */
export function loginGroups(request: ScriptedRequest) {
  const goal = /^Task: (.*)$/m.exec(promptText(request))?.[1] ?? "";
  const [first, second] = goal.split(/,? then /i);
  return {
    plan_summary: goal,
    tasks: [
      { id: "task_01", goal: first, screen: "launcher" },
      { id: "task_02", goal: second, screen: "login" },
    ],
  };
}

/**
 * Verifier: an appearing popup or dialog is an ERROR; otherwise the step worked. A goal_reached claim
 * (claim_verdict) is accepted only when the settled screen greets the user.
 */
export function loginVerifier(request: ScriptedRequest) {
  const text = promptText(request);
  if (request.schemaName === "claim_verdict") {
    const settled = text.slice(text.indexOf("Settled screen after the claim:"));
    const expected = /^Expected result: (.*)$/m.exec(text)?.[1] ?? "";
    const reached = /open the login app/i.test(expected)
      ? /^package: com\.droidhub\.login/m.test(settled)
      : /"Welcome,? /.test(settled);
    return reached
      ? { verdict: "accepted", reason: "the home screen greets the user" }
      : { verdict: "rejected", reason: "not signed in", gap: "The sign-in form is still shown: nobody is signed in." };
  }
  const change = /What changed on the screen: (.*)/.exec(text)?.[1] ?? "";
  if (/dialog '[^']*' appeared|Wrong password/i.test(change)) {
    return { verdict: "ERROR", reason: `unexpected: ${change}` };
  }
  return { verdict: "OK", reason: "the screen changed as expected" };
}

/**
 * A scripted brain behind the HTTP chat-completions fake: a request whose response schema is a
 * verdict goes to `verifier` (the login verifier unless given), any other to `planner`.
 */
export function chatBrainReply(
  planner: (request: ScriptedRequest) => unknown,
  verifier: (request: ScriptedRequest) => unknown = loginVerifier,
) {
  return (body: ChatRequestBody) => {
    const schemaName = body.response_format?.json_schema?.name ?? "";
    const verdict = schemaName === "step_verdict" || schemaName === "claim_verdict";
    const request: ScriptedRequest = {
      role: verdict ? "verifier" : "planner",
      schemaName,
      round: 0,
      messages: body.messages.map((m) => ({
        role: m.role as "user",
        content: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
      })),
    };
    return { json: verdict ? verifier(request) : planner(request) };
  };
}
