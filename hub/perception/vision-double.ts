/**
 * Test double for VisionDetector: returns scripted answers in order and records every request.
 * Used by perception tests and, later, by agent tests that need a screen without a tree.
 */
import { HubError } from "../errors/hub-error.js";
import type { VisionBox, VisionDetector, VisionRequest } from "./vision.js";

export type ScriptedAnswer = VisionBox[] | Error;

export class ScriptedVisionDetector implements VisionDetector {
  readonly calls: VisionRequest[] = [];
  private readonly answers: ScriptedAnswer[];

  constructor(answers: ScriptedAnswer[]) {
    this.answers = [...answers];
  }

  async detect(request: VisionRequest): Promise<VisionBox[]> {
    this.calls.push(request);
    if (request.signal?.aborted) throw new HubError("ABORTED", "vision detection aborted");
    const next = this.answers.shift();
    if (next === undefined) throw new HubError("INTERNAL", "ScriptedVisionDetector: no scripted answer left");
    if (next instanceof Error) throw next;
    return next;
  }
}
