/**
 * The agent's line to a human (the step agent's ask_human tool): the runner attaches a desk to the
 * session it gives the agent, and the tool asks through it. The question waits until a human took
 * over the phone and handed it back (hub/runs/takeovers.ts); the hand-back note is the answer.
 */
import type { DeviceSession } from "../devices/types.js";
import { HubError } from "../errors/hub-error.js";

export interface HumanDesk {
  /** Resolves with the human's note ("" when none) once the phone is handed back. */
  ask(question: string, signal?: AbortSignal): Promise<string>;
}

const desks = new WeakMap<DeviceSession, HumanDesk>();

export function attachHumanDesk(session: DeviceSession, desk: HumanDesk): void {
  desks.set(session, desk);
}

export async function askHuman(session: DeviceSession, question: string, signal?: AbortSignal): Promise<string> {
  const desk = desks.get(session);
  if (!desk) throw new HubError("NOT_SUPPORTED", "no human can be asked on this run");
  return desk.ask(question, signal);
}
