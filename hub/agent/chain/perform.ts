/**
 * One chain step → device requests. Secrets are substituted here and nowhere earlier.
 */
import { isAbsoluteUrl, isKeyName, isPackageName, type Phone } from "../../devices/phone.js";
import { HubError } from "../../errors/hub-error.js";
import type { ActionMark, UiElement } from "../../perception/index.js";
import type { SecretVault } from "../secrets.js";
import type { ChainStep } from "./schema.js";

export const MAX_WAIT_SEC = 10;

function point(step: ChainStep): { x: number; y: number } {
  if (typeof step.x !== "number" || typeof step.y !== "number") {
    throw new HubError("INVALID_BODY", `step ${step.step_num} has no grounded coordinates`);
  }
  return { x: Math.round(step.x), y: Math.round(step.y) };
}

export async function performStep(
  phone: Phone,
  step: ChainStep,
  vault: SecretVault,
  sleep: (ms: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const options = signal ? { signal } : {};
  switch (step.action) {
    case "CLICK":
      await phone.tap(point(step), options);
      return;
    case "LONG_PRESS":
      await phone.longPress(point(step), undefined, options);
      return;
    case "INPUT": {
      // The planner need not CLICK first: focusing the target is the executor's job.
      if (typeof step.x === "number" && typeof step.y === "number") await phone.tap(point(step), options);
      const text = vault.substitute(step.value ?? "");
      await phone.type(text, { clear: true, submit: step.submit_enter ?? false }, options);
      return;
    }
    case "SCROLL":
      await phone.scroll(step.direction ?? "down", { amountPx: step.scroll_px ?? 0 }, options);
      return;
    case "NAVIGATE": {
      const target = (step.value ?? "").trim();
      if (isAbsoluteUrl(target)) await phone.openUrl(target, options);
      else if (isPackageName(target)) await phone.launch(target, undefined, options);
      else throw new HubError("INVALID_BODY", `NAVIGATE needs a package name or a URL, got "${target}"`);
      return;
    }
    case "WAIT":
      await sleep(Math.min(MAX_WAIT_SEC, Math.max(0, step.wait_sec ?? 1)) * 1000);
      return;
    case "BACK":
      await phone.pressKey("back", options);
      return;
    case "KEY": {
      const name = (step.value ?? "").toLowerCase();
      if (!isKeyName(name)) throw new HubError("INVALID_BODY", `unknown key "${step.value}"`);
      await phone.pressKey(name, options);
      return;
    }
  }
}

export function describeStep(step: ChainStep): string {
  const where = typeof step.x === "number" ? ` at (${step.x},${step.y})` : "";
  const value = step.value ? ` value "${step.value}"` : "";
  return `${step.step_num}. ${step.action} "${step.label}"${where}${value}`;
}

/**
 * What a step does, to draw on the screen it acts on (step-frames.ts): `target` is the element it aims
 * at, as seen before acting; an INPUT without one types into the focused field of `elements`. Values
 * keep their placeholders.
 */
export function stepMark(step: ChainStep, target: UiElement | undefined, elements: readonly UiElement[]): ActionMark {
  const at = typeof step.x === "number" && typeof step.y === "number" ? { x: step.x, y: step.y } : undefined;
  const label = step.label ? ` “${step.label}”` : "";
  switch (step.action) {
    case "CLICK":
    case "LONG_PRESS": {
      const long = step.action === "LONG_PRESS";
      const caption = `${long ? "long press" : "tap"}${label}`;
      return at ? { gesture: { kind: "tap", ...at, long }, caption } : { gesture: { kind: "none" }, caption };
    }
    case "INPUT":
      return {
        gesture: { kind: "type", field: (target ?? elements.find((e) => e.editable && e.focused))?.bounds },
        caption: `type “${step.value ?? ""}”${label ? ` into${label}` : ""}${step.submit_enter ? " and press enter" : ""}`,
      };
    case "SCROLL":
      return {
        gesture: {
          kind: "scroll",
          direction: step.direction ?? "down",
          within: target?.scrollable ? target.bounds : undefined,
        },
        caption: `scroll ${step.direction ?? "down"}`,
      };
    case "NAVIGATE":
      return { gesture: { kind: "none" }, caption: `open ${(step.value ?? "").trim()}` };
    case "WAIT":
      return {
        gesture: { kind: "none" },
        caption: `wait ${Math.min(MAX_WAIT_SEC, Math.max(0, step.wait_sec ?? 1))} s`,
      };
    case "BACK":
      return { gesture: { kind: "none" }, caption: "press back" };
    case "KEY":
      return { gesture: { kind: "none" }, caption: `press ${(step.value ?? "").toLowerCase()}` };
  }
}
