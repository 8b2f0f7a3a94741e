/**
 * The remote-control actions an operator can send: one zod schema each, which is both the validator
 * and the documentation. Every action is exactly one verb of the phone vocabulary (phone.ts).
 */
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import { invalidBody } from "../errors/invalid-body.js";
import { ABSOLUTE_URL, DIRECTION_NAMES, KEY_NAMES, PACKAGE_NAME, type Phone } from "./phone.js";
import type { CallOptions, CallOutcome, ScreenInfo } from "./types.js";

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
      direction: z.enum(DIRECTION_NAMES),
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
  z.object({ action: z.literal("key"), key: z.enum(KEY_NAMES) }).strict(),
  z
    .object({
      action: z.literal("launch"),
      package: z.string().regex(PACKAGE_NAME, "not a package name"),
      activity: z.string().min(1).optional(),
    })
    .strict(),
  z
    .object({
      action: z.literal("open_url"),
      url: z.string().regex(ABSOLUTE_URL, "not an absolute URL"),
    })
    .strict(),
]);

export type Action = z.infer<typeof actionSchema>;

export function parseAction(body: unknown): Action {
  const parsed = actionSchema.safeParse(body);
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}

/** Refuses a point outside the screen (INVALID_BODY naming the field); no screen known: no check. */
export function checkPoint(screen: ScreenInfo | undefined, x: number, y: number, xField: string, yField: string): void {
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

/** Carries out a validated action on `phone`; coordinates are checked against its screen first. */
export function performAction(phone: Phone, action: Action, options?: CallOptions): Promise<CallOutcome> {
  const screen = phone.info.screen;
  switch (action.action) {
    case "tap":
      checkPoint(screen, action.x, action.y, "x", "y");
      return phone.tap(action, options);
    case "long_press":
      checkPoint(screen, action.x, action.y, "x", "y");
      // No duration given: the phone's own long press, as before the vocabulary (0 on the wire).
      return phone.longPress(action, action.duration_ms ?? 0, options);
    case "swipe":
      checkPoint(screen, action.from_x, action.from_y, "from_x", "from_y");
      checkPoint(screen, action.to_x, action.to_y, "to_x", "to_y");
      return phone.swipe(
        { x: action.from_x, y: action.from_y },
        { x: action.to_x, y: action.to_y },
        action.duration_ms ?? 0,
        options,
      );
    case "scroll":
      return phone.scroll(action.direction, { amountPx: action.amount_px ?? 0 }, options);
    case "input":
      return phone.type(action.text, { clear: action.clear ?? false, submit: action.submit ?? false }, options);
    case "key":
      return phone.pressKey(action.key, options);
    case "launch":
      return phone.launch(action.package, action.activity ?? "", options);
    case "open_url":
      return phone.openUrl(action.url, options);
  }
}
