/**
 * What the operator API answers, as zod schemas: each route names its answer (`response` in
 * route.ts) and the OpenAPI document shows it. They describe the JSON on the wire — times as ISO
 * strings, a field that is `undefined` in the hub simply absent — and list every field, so a field
 * added to an answer without its schema fails tests/integration/api/openapi-responses.test.ts.
 * Free-form parts (a run's stats, a task's mode options, an event's body) stay open objects.
 */
import { z } from "zod";

const open = z.record(z.string(), z.unknown());
const iso = z.string().describe("ISO 8601 time");

export const deviceStatus = z.enum(["online", "offline", "busy", "quarantined", "draining"]);

/** DeviceRegistry.view: one phone. */
export const deviceAnswer = z.object({
  id: z.string(),
  status: deviceStatus,
  dialect: z.string().optional(),
  manufacturer: z.string().optional(),
  model: z.string().optional(),
  sdkInt: z.number().int().optional(),
  portalVersion: z.string().optional(),
  screen: z.object({ width: z.number(), height: z.number(), densityDpi: z.number(), rotation: z.number() }).optional(),
  capabilities: z.array(z.string()),
  tags: z.array(z.string()),
  lastSeen: iso,
  connectedAt: iso.optional(),
  lease: z.string().optional().describe("The run holding the phone"),
  quarantined: z.boolean(),
  draining: z.boolean(),
  infraFailures: z.number().int(),
  heartbeatAgeS: z.number().int(),
  foreground: z.object({ package: z.string(), activity: z.string() }).optional(),
  battery: z.object({ level: z.number(), charging: z.boolean() }).optional(),
  screenOn: z.boolean().optional(),
  accessibilityEnabled: z.boolean().optional(),
  network: z.string().optional(),
  hub: z.string().optional().describe("Cluster mode: the hub holding the phone's socket"),
});

export const taskState = z.enum(["queued", "running", "done", "failed", "cancelled"]);

/** taskView: a task, never whether or which secrets it holds. */
export const taskAnswer = z.object({
  id: z.string(),
  goal: z.string(),
  mode: z.enum(["chain", "step", "script", "replay"]),
  attempts: z.number().int(),
  timeoutMs: z.number().int(),
  extra: open.describe("The mode's options (expected, maxSteps, actions, testCase, replayOf…)"),
  status: taskState,
  deviceId: z.string().optional().describe("The phone the task is pinned to"),
  tags: z.array(z.string()),
  minSdk: z.number().int(),
  priority: z.number().int(),
  createdAt: iso,
  seq: z.number().int(),
  maxAttempts: z.number().int(),
  notBefore: iso.optional().describe("A retry waits until then"),
  lastDevice: z.string().optional(),
  finishedAt: iso.optional(),
  reason: z.string().optional(),
});

export const runStatus = z.enum(["running", "done", "failed", "cancelled", "interrupted"]);

/** A run as the store keeps it. */
export const runAnswer = z.object({
  id: z.string(),
  taskId: z.string(),
  attempt: z.number().int(),
  deviceId: z.string(),
  goal: z.string(),
  mode: z.string(),
  status: runStatus,
  startedAt: iso,
  finishedAt: iso.optional(),
  reason: z.string().optional(),
  stats: open.optional().describe("Steps, model calls, tokens, time: the mode's own counters"),
  starred: z.boolean(),
});

/** One stored run event. */
export const eventAnswer = z.object({
  runId: z.string(),
  seq: z.number().int(),
  at: iso,
  type: z.string(),
  body: open,
});

const fleetKeyFields = {
  id: z.number().int(),
  label: z.string(),
  tags: z.array(z.string()),
  expiresAt: iso.nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
};
/** A fleet key's record (never the key). */
export const fleetKeyRecord = z.object(fleetKeyFields);
export const fleetKeyListing = z.object({ ...fleetKeyFields, createdAt: iso, revoked: z.boolean() });

export const operatorKeyRecord = z.object({
  id: z.number().int(),
  label: z.string(),
  scope: z.enum(["read", "control", "admin"]),
  createdAt: iso,
  revoked: z.boolean(),
  fromEnvironment: z.boolean(),
});

/** The key itself: in the one answer that creates it. */
export const shownOnce = z.string().describe("The key itself; shown once, never again");

export const revoked = z.object({ id: z.number().int(), revoked: z.literal(true) });

/** An audit entry. */
export const auditAnswer = z.object({
  id: z.number().int(),
  at: iso,
  keyId: z.number().int().optional(),
  keyLabel: z.string(),
  action: z.string(),
  target: z.object({ type: z.enum(["device", "task", "run", "fleet_key", "operator_key"]), id: z.string() }).optional(),
  outcome: z.enum(["ok", "error"]),
  status: z.number().int(),
  errorCode: z.string().optional(),
  ip: z.string(),
  detail: open.optional(),
});

/** A JSON-RPC 2.0 message (MCP over Streamable HTTP answers one or a batch). */
const jsonRpc = z.looseObject({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number()]).optional() });
export const jsonRpcAnswer = z.union([jsonRpc, z.array(jsonRpc)]);
