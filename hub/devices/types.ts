/**
 * What the rest of the hub knows about a phone, whatever dialect it speaks. The agent and the API
 * depend on these interfaces only.
 */

import type { RequestBody } from "../protocol/codec.js";
import type { droidhub } from "../protocol/generated/droidhub.js";

export type Dialect = "droidhub" | "mobilerun";

export interface ScreenInfo {
  width: number;
  height: number;
  densityDpi: number;
  rotation: number;
}

export interface DeviceInfo {
  dialect: Dialect;
  portalVersion: string;
  protocolVersion: number;
  manufacturer: string;
  model: string;
  sdkInt: number;
  screen: ScreenInfo;
  capabilities: string[];
}

/** A request as callers build it: exactly one request body, no id (the session assigns ids). */
export type DeviceRequest = {
  [K in RequestBody]: Pick<droidhub.v1.IEnvelope, K> & Required<Pick<droidhub.v1.IEnvelope, K>>;
}[RequestBody];

export type DeviceResult = droidhub.v1.IResult;

export interface CallOptions {
  /** Upper bound from the moment of the call, queue wait included. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface CallOutcome {
  result: DeviceResult;
  /** Hub-side round trip in milliseconds, queue wait excluded. */
  ms: number;
}

export interface DeviceSession {
  readonly deviceId: string;
  readonly sessionId: string;
  readonly info: DeviceInfo;
  readonly connected: boolean;
  /** Runs one command on the phone; resolves only with ok results, otherwise throws a HubError. */
  call(request: DeviceRequest, options?: CallOptions): Promise<CallOutcome>;
  onEvent(listener: (event: droidhub.v1.IDeviceEvent) => void): () => void;
}

/**
 * What must not leave the hub as pixels while a run holds the phone: the run paints the secrets on
 * its screen over every screenshot, the operator API's included (DeviceRegistry.maskScreenshot).
 */
export interface ScreenMask {
  /** The screenshot (any format and scale of the phone's screen) with every secret on it painted over. */
  apply(image: Buffer): Promise<Buffer>;
  /** `value` (text, or an object of texts such as a UI tree) with every secret value replaced by its placeholder. */
  redact<T>(value: T): T;
  /** Where secrets show on the screen `tree` describes (device pixels [l, t, r, b]): live frames paint them over. */
  secretsOn?(tree: droidhub.v1.IUiTree): ScreenRect[];
  /** A person typed `value` on the phone during a takeover (an OTP, a password): painted over from now on. */
  hide?(value: string): void;
  /**
   * Whether secretsOn could find anything beyond the phone's own password fields (a secret value, a
   * field one was typed into, what a person typed). Absent: assume it could.
   */
  hidesMore?(): boolean;
}

export type ScreenRect = readonly [number, number, number, number];

export function requestKind(request: DeviceRequest): RequestBody {
  // The first own key, without the array Object.keys makes on every command.
  for (const key in request) if (Object.hasOwn(request, key)) return key as RequestBody;
  return Object.keys(request)[0] as RequestBody;
}
