/**
 * What a fuzz target is: a fast-check generator of one input format and the real decoders that
 * input goes through in the hub. A target returns an outcome label ("decoded", or the documented
 * typed refusal of a decoder that does not throw); a HubError it throws is counted by its code;
 * anything else is a finding.
 */
import type fc from "fast-check";
import type { TargetName } from "./weights.js";

interface TargetBase<T> {
  /** Also the key of its share of a run in weights.ts. */
  readonly name: TargetName;
  /** What the target feeds and where, one line for the report. */
  readonly description: string;
  readonly arbitrary: fc.Arbitrary<T>;
  /** A bounded printable form of one input, for replay reports. */
  show(input: T): string;
}

/** Decoders called in-process, one input at a time. */
export interface SyncTarget<T> extends TargetBase<T> {
  readonly kind: "sync";
  run(input: T): string;
}

/** Inputs that need a running system (the gateway phase): started once, checked at the end. */
export interface AsyncTarget<T> extends TargetBase<T> {
  readonly kind: "async";
  start(): Promise<void>;
  run(input: T): Promise<string>;
  /** Final checks (the hub still up, the healthy phone still answering); throws a Violation if not. */
  stop(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds targets of every input type.
export type FuzzTarget = SyncTarget<any> | AsyncTarget<any>;

/**
 * A broken promise of the system under test that is not an exception of a decoder: a socket closed
 * with the wrong code, a healthy phone that stopped answering. Counted like an uncaught exception.
 */
export class Violation extends Error {
  override readonly name = "Violation";
}

/** Printable head of a long text, with its length, so a report line stays short. */
export function clip(text: string, max = 300): string {
  const printable = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${printable}… (${text.length} chars)` : printable;
}
