/**
 * What a phone may make the hub keep. One device id rule for both dialects' joins and every HTTP
 * route that names a device, and bounds on every string and list a phone reports about itself
 * (Hello, Mobilerun headers and answers, events): all of it lands in the devices table, the registry,
 * every `GET /api/devices` and the fleet event stream, so one phone must not be able to make those
 * large. A value over a bound is refused (PROTOCOL_ERROR, close 4002, the field named), never cut:
 * a cut value would be stored as if the phone had said it.
 */
import { z } from "zod";
import { HubError, isHubError } from "../errors/hub-error.js";
import type { droidhub } from "../protocol/generated/droidhub.js";
import type { DeviceInfo } from "./types.js";

/** The longest device id. A Mobilerun app's id is a UUID (36); room for a prefix and a serial. */
export const DEVICE_ID_MAX_LENGTH = 128;

/**
 * Letters, digits and `. _ : -`, starting with a letter or digit: every id is one URL path segment
 * as it is (so `.` and `..` are never ids) and never reads as a command-line flag.
 */
export const DEVICE_ID_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,${DEVICE_ID_MAX_LENGTH - 1}}$`);

/** The device id as HTTP routes take it (`:id` params and `device` fields). */
export const deviceIdSchema = z
  .string()
  .max(DEVICE_ID_MAX_LENGTH)
  .regex(DEVICE_ID_PATTERN, "not a device id (letters, digits and . _ : -, starting with a letter or digit)");

export const DEVICE_LIMITS = {
  /** Any one string a phone reports: manufacturer, model, versions, a capability, a package name. */
  textChars: 256,
  /** Hello.capabilities entries (the portal sends six). */
  capabilities: 64,
  /** Hello.cached_result_ids entries (the portal caches 256 results at most). */
  cachedResultIds: 1024,
} as const;

export function isDeviceId(value: string): boolean {
  return DEVICE_ID_PATTERN.test(value);
}

function overLimit(field: string, what: string, size: number, limit: number): HubError {
  return new HubError("PROTOCOL_ERROR", `${field} has ${size} ${what}, more than ${limit}`, {
    details: { field, limit, size },
  });
}

/** True for the error the checks below raise (a refused value, as opposed to a malformed frame). */
export function isOverLimit(error: unknown): error is HubError {
  return isHubError(error, "PROTOCOL_ERROR") && typeof error.details["limit"] === "number";
}

/** `value`, or PROTOCOL_ERROR naming `field` when it is longer than DEVICE_LIMITS.textChars. */
export function boundedText(field: string, value: string): string {
  if (value.length > DEVICE_LIMITS.textChars)
    throw overLimit(field, "characters", value.length, DEVICE_LIMITS.textChars);
  return value;
}

/** `list`, or PROTOCOL_ERROR naming `field` when it has more than `limit` entries. */
export function boundedList<T>(field: string, list: readonly T[], limit: number): readonly T[] {
  if (list.length > limit) throw overLimit(field, "entries", list.length, limit);
  return list;
}

/** Checks every string and list of what a phone says about itself; numbers are bounded by their type. */
export function checkDeviceInfo(info: DeviceInfo): DeviceInfo {
  boundedText("portalVersion", info.portalVersion);
  boundedText("manufacturer", info.manufacturer);
  boundedText("model", info.model);
  boundedList("capabilities", info.capabilities, DEVICE_LIMITS.capabilities);
  for (const [i, capability] of info.capabilities.entries()) boundedText(`capabilities[${i}]`, capability);
  return info;
}

/** Checks the strings of a phone event (the registry keeps the foreground app; listeners see all). */
export function checkDeviceEvent(event: droidhub.v1.IDeviceEvent): droidhub.v1.IDeviceEvent {
  if (event.foreground) {
    boundedText("foreground.packageName", event.foreground.packageName ?? "");
    boundedText("foreground.activity", event.foreground.activity ?? "");
  }
  if (event.content) boundedText("content.packageName", event.content.packageName ?? "");
  return event;
}
