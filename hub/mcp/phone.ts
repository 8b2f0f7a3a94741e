/**
 * What every phone tool shares: the `device` argument, the phone's session, and the rule that an
 * MCP client acts only on a phone nobody else holds — a phone a task or another session leased is
 * refused with DEVICE_BUSY, as the operator API refuses it; one this session allocated is its own.
 */
import { z } from "zod";
import { type Action, performAction } from "../devices/actions.js";
import { deviceIdSchema } from "../devices/device-limits.js";
import { Phone } from "../devices/phone.js";
import type { CallOutcome, DeviceSession } from "../devices/types.js";
import { HubError } from "../errors/hub-error.js";
import { jsonResult, type ToolAudit, type ToolContext } from "./tool.js";

export const deviceArg = deviceIdSchema.describe("the phone's id (mobile_list_available_devices lists them)");

export const deviceInput = z.object({ device: deviceArg }).strict();

/** The phone's live session, for reading it (screen, elements): allowed while a task holds it. */
export function readSession(ctx: ToolContext, deviceId: string, audit: ToolAudit): DeviceSession {
  audit.target = { type: "device", id: deviceId };
  return ctx.registry.requireSession(deviceId);
}

/** The phone's live session, for acting on it: refused while another task or session holds it. */
export function actSession(ctx: ToolContext, deviceId: string, audit: ToolAudit): DeviceSession {
  audit.target = { type: "device", id: deviceId };
  const entry = ctx.registry.require(deviceId);
  if (entry.lease && entry.lease !== ctx.holder) {
    throw new HubError("DEVICE_BUSY", `device ${deviceId} is held by ${entry.lease}`, {
      details: { deviceId, lease: entry.lease },
    });
  }
  return ctx.registry.requireSession(deviceId);
}

/** One operator action (the API's own schema and mapping), checked against the phone's screen. */
export async function act(ctx: ToolContext, deviceId: string, action: Action, audit: ToolAudit) {
  return done(await performAction(new Phone(actSession(ctx, deviceId, audit)), action));
}

/** A verb the operator API has no action for (double tap, stop app), in the phone vocabulary. */
export async function actVerb(
  ctx: ToolContext,
  deviceId: string,
  audit: ToolAudit,
  verb: (phone: Phone) => Promise<CallOutcome>,
) {
  return done(await verb(new Phone(actSession(ctx, deviceId, audit))));
}

function done(outcome: CallOutcome) {
  return jsonResult({ ok: true, ms: outcome.ms });
}
