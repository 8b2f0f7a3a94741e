/**
 * Where the chain agent needs a human. A wall its verifier reports (a CAPTCHA, a one-time code sent
 * to the user, a confirmation only a person may give) is escalated: the run waits for an operator
 * to take over, pass it and hand back, then the agent plans again from the screen the human left.
 * A step the human's takeover made stale (STALE_ACTION, hub/runs/takeover-session.ts) is dropped
 * the same way: observe, then plan again.
 */
import type { Phone } from "../../devices/phone.js";
import type { DeviceSession } from "../../devices/types.js";
import { isHubError } from "../../errors/hub-error.js";
import { askHuman } from "../human.js";
import type { SecretVault } from "../secrets.js";
import { performStep } from "./perform.js";
import type { ChainStep, Verdict } from "./schema.js";

export type Wall = NonNullable<Verdict["wall"]>;

export const STALE = "was not carried out: a human took the phone after it was planned, so the plan is stale";

/** Carries the step out; false when a human held the phone after it was planned. */
export async function performUnlessStale(
  phone: Phone,
  step: ChainStep,
  vault: SecretVault,
  sleep: (ms: number) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  try {
    await performStep(phone, step, vault, sleep, signal);
    return true;
  } catch (error) {
    if (isHubError(error) && error.code === "STALE_ACTION") return false;
    throw error;
  }
}

const WALL_NAMES: Record<Wall, string> = {
  captcha: "a CAPTCHA",
  otp: "a one-time code (OTP)",
  other: "a step only a person may take",
};

/**
 * Asks for a human past the wall and waits for the hand-back; answers why the plan must be made
 * again (with the human's note). A run with nobody to ask gets the wall as its failure instead.
 * HUMAN_TIMEOUT and aborts propagate: the run fails with them.
 */
export async function askPastWall(
  session: DeviceSession,
  wall: Wall,
  reason: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  const question = `The phone shows ${WALL_NAMES[wall]}: ${reason}. Please take over, get past it and hand back.`;
  try {
    const note = await askHuman(session, question, signal);
    return `a human got past ${WALL_NAMES[wall]}${note ? ` and says: ${note}` : ""}; plan again from the current screen`;
  } catch (error) {
    if (isHubError(error) && error.code === "NOT_SUPPORTED")
      return `blocked by ${WALL_NAMES[wall]}, and no human can be asked`;
    throw error;
  }
}
