/**
 * The remote-control actions an operator can send: one zod schema each, which is both the validator
 * and the documentation. Every action maps to exactly one device request.
 */
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import { invalidBody } from "../errors/invalid-body.js";
import { DIRECTIONS, KEY_NAMES } from "../protocol/names.js";
import type { DeviceRequest, ScreenInfo } from "./types.js";

const coordinate = z.number().int().nonnegative();
const durationMs = z.number().int().min(1).max(60_000).optional();

export const actionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("tap"), x: coordinate, y: coordinate }).strict(),
  z.object({ action: z.literal("long_press"), x: coordinate, y: coordinate, duration_ms: durationMs }).strict(),
  z
    .object({
      action: z.literal("swipe"),
      from_x: coordinate,
      from_y: coordinate,
      to_x: coordinate,
      to_y: coordinate,
      duration_ms: durationMs,
    })
    .strict(),
  z
    .object({
      action: z.literal("scroll"),
      direction: z.enum(["up", "down", "left", "right"]),
      amount_px: z.number().int().positive().optional(),
    })
    .strict(),
  z
    .object({
      action: z.literal("input"),
      text: z.string().max(10_000),
      clear: z.boolean().optional(),
      submit: z.boolean().optional(),
    })
    .strict(),
  z.object({ action: z.literal("key"), key: z.enum(Object.keys(KEY_NAMES) as [keyof typeof KEY_NAMES]) }).strict(),
  z
    .object({
      action: z.literal("launch"),
      package: z.string().regex(/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/, "not a package name"),
      activity: z.string().min(1).optional(),
    })
    .strict(),
  z
    .object({
      action: z.literal("open_url"),
      url: z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/i, "not an absolute URL"),
    })
    .strict(),
]);

export type Action = z.infer<typeof actionSchema>;

export function parseAction(body: unknown): Action {
  const parsed = actionSchema.safeParse(body);
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}

function checkPoint(screen: ScreenInfo | undefined, x: number, y: number, xField: string, yField: string): void {
  if (!screen || screen.width === 0) return;
  if (x >= screen.width) {
    throw new HubError("INVALID_BODY", `${xField}: ${x} is outside the screen (width ${screen.width})`, {
      details: { field: xField },
    });
  }
  if (y >= screen.height) {
    throw new HubError("INVALID_BODY", `${yField}: ${y} is outside the screen (height ${screen.height})`, {
      details: { field: yField },
    });
  }
}

/** Validated action → device request; coordinates are checked against the phone's screen. */
export function toDeviceRequest(action: Action, screen: ScreenInfo | undefined): DeviceRequest {
  switch (action.action) {
    case "tap":
      checkPoint(screen, action.x, action.y, "x", "y");
      return { tap: { x: action.x, y: action.y } };
    case "long_press":
      checkPoint(screen, action.x, action.y, "x", "y");
      return { longPress: { x: action.x, y: action.y, durationMs: action.duration_ms ?? 0 } };
    case "swipe":
      checkPoint(screen, action.from_x, action.from_y, "from_x", "from_y");
      checkPoint(screen, action.to_x, action.to_y, "to_x", "to_y");
      return {
        swipe: {
          fromX: action.from_x,
          fromY: action.from_y,
          toX: action.to_x,
          toY: action.to_y,
          durationMs: action.duration_ms ?? 0,
        },
      };
    case "scroll":
      return { scroll: { direction: DIRECTIONS[action.direction], amountPx: action.amount_px ?? 0 } };
    case "input":
      return {
        inputText: { text: action.text, clearFirst: action.clear ?? false, submit: action.submit ?? false },
      };
    case "key":
      return { pressKey: { key: KEY_NAMES[action.key] } };
    case "launch":
      return { launchApp: { packageName: action.package, activity: action.activity ?? "" } };
    case "open_url":
      return { openUrl: { url: action.url } };
  }
}
