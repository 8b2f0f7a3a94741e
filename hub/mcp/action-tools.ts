/**
 * The phone tools that act (the `control` scope), named as mobile-mcp names them. Each maps to one
 * operator action (devices/actions.ts, the schema and mapping the HTTP API uses) or, where the API
 * has none, to one device request; a phone that cannot do it answers NOT_SUPPORTED, never a no-op.
 */
import { z } from "zod";
import { checkPoint } from "../devices/actions.js";
import { KEY_NAMES, type KeyName, PACKAGE_NAME } from "../devices/phone.js";
import { HubError } from "../errors/hub-error.js";
import { act, actVerb, deviceArg } from "./phone.js";
import { defineTool, type ToolSpec } from "./tool.js";

const coordinate = z.number().int().nonnegative();
const point = {
  device: deviceArg,
  x: coordinate.describe("device pixels from the left"),
  y: coordinate.describe("device pixels from the top"),
};
const packageName = z
  .string()
  .regex(PACKAGE_NAME, "not a package name")
  .describe("the app's package name, e.g. com.android.settings");
const KEYS: readonly KeyName[] = KEY_NAMES;
/** mobile-mcp spells buttons in capitals (BACK, HOME, ENTER): both spellings are accepted. */
const BUTTONS = [...KEYS, ...KEYS.map((k) => k.toUpperCase())] as [string, ...string[]];

export const actionTools: ToolSpec[] = [
  defineTool({
    name: "mobile_click_on_screen_at_coordinates",
    description: "Tap the screen at (x, y) in device pixels.",
    scope: "control",
    input: z.object(point).strict(),
    run: ({ device, x, y }, ctx, audit) => act(ctx, device, { action: "tap", x, y }, audit),
  }),
  defineTool({
    name: "mobile_click_on_element",
    description: "Tap the center of an element by its id from this session's last mobile_list_elements_on_screen.",
    scope: "control",
    input: z.object({ device: deviceArg, element: z.number().int().positive().describe("the element's id") }).strict(),
    run: ({ device, element }, ctx, audit) => {
      const listed = ctx.lastElements.get(device);
      const found = listed?.find((e) => e.id === element);
      if (!found) {
        throw new HubError(
          "NOT_FOUND",
          listed
            ? `element ${element} is not in the last element list of ${device} (ids 1-${listed.length})`
            : `no element list of ${device} yet: call mobile_list_elements_on_screen first`,
          { details: { deviceId: device, element } },
        );
      }
      return act(ctx, device, { action: "tap", x: found.cx, y: found.cy }, audit);
    },
  }),
  defineTool({
    name: "mobile_double_tap_on_screen",
    description: "Double-tap the screen at (x, y) in device pixels.",
    scope: "control",
    input: z.object(point).strict(),
    run: ({ device, x, y }, ctx, audit) => {
      // The operator API's point check; a phone without double taps answers NOT_SUPPORTED itself.
      checkPoint(ctx.registry.get(device)?.info?.screen, x, y, "x", "y");
      return actVerb(ctx, device, audit, (phone) => phone.doubleTap({ x, y }));
    },
  }),
  defineTool({
    name: "mobile_long_press_on_screen_at_coordinates",
    description: "Long-press the screen at (x, y) in device pixels.",
    scope: "control",
    input: z
      .object({ ...point, duration_ms: z.number().int().min(1).max(60_000).optional().describe("default 600") })
      .strict(),
    run: ({ device, x, y, duration_ms }, ctx, audit) =>
      act(ctx, device, { action: "long_press", x, y, ...(duration_ms ? { duration_ms } : {}) }, audit),
  }),
  defineTool({
    name: "mobile_swipe_on_screen",
    description:
      "Swipe in a direction (the finger's direction: 'up' scrolls the content down), from (x, y) or the screen's center.",
    scope: "control",
    input: z
      .object({
        device: deviceArg,
        direction: z.enum(["up", "down", "left", "right"]),
        x: coordinate.optional(),
        y: coordinate.optional(),
        distance: z.number().int().positive().optional().describe("pixels; default 40% of the screen"),
      })
      .strict(),
    run: (args, ctx, audit) => {
      const screen = ctx.registry.get(args.device)?.info?.screen;
      if (!screen || screen.width === 0) {
        throw new HubError("DEVICE_OFFLINE", `device ${args.device} has not reported its screen`, {
          details: { deviceId: args.device },
        });
      }
      return act(ctx, args.device, swipeAction(args, screen), audit);
    },
  }),
  defineTool({
    name: "mobile_type_keys",
    description: "Type text into the focused field; submit presses enter afterwards.",
    scope: "control",
    input: z.object({ device: deviceArg, text: z.string().max(10_000), submit: z.boolean().default(false) }).strict(),
    run: ({ device, text, submit }, ctx, audit) => act(ctx, device, { action: "input", text, submit }, audit),
  }),
  defineTool({
    name: "mobile_press_button",
    description: `Press a button: ${KEYS.join(", ")}.`,
    scope: "control",
    input: z.object({ device: deviceArg, button: z.enum(BUTTONS) }).strict(),
    run: ({ device, button }, ctx, audit) =>
      act(ctx, device, { action: "key", key: button.toLowerCase() as KeyName }, audit),
  }),
  defineTool({
    name: "mobile_launch_app",
    description: "Launch an app by package name.",
    scope: "control",
    input: z.object({ device: deviceArg, packageName }).strict(),
    run: ({ device, packageName }, ctx, audit) => act(ctx, device, { action: "launch", package: packageName }, audit),
  }),
  defineTool({
    name: "mobile_terminate_app",
    description: "Stop an app by package name.",
    scope: "control",
    input: z.object({ device: deviceArg, packageName }).strict(),
    run: ({ device, packageName }, ctx, audit) => actVerb(ctx, device, audit, (phone) => phone.stopApp(packageName)),
  }),
  defineTool({
    name: "mobile_open_url",
    description: "Open a URL (https://, a deep link) on the phone.",
    scope: "control",
    input: z
      .object({ device: deviceArg, url: z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/i, "not an absolute URL") })
      .strict(),
    run: ({ device, url }, ctx, audit) => act(ctx, device, { action: "open_url", url }, audit),
  }),
];

interface SwipeArgs {
  direction: "up" | "down" | "left" | "right";
  x?: number | undefined;
  y?: number | undefined;
  distance?: number | undefined;
}

/** The swipe from (x, y) or the center, `distance` pixels the finger's way, kept on the screen. */
function swipeAction(args: SwipeArgs, screen: { width: number; height: number }) {
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max - 1, Math.round(v)));
  const fromX = args.x ?? Math.round(screen.width / 2);
  const fromY = args.y ?? Math.round(screen.height / 2);
  const vertical = args.direction === "up" || args.direction === "down";
  const distance = args.distance ?? Math.round((vertical ? screen.height : screen.width) * 0.4);
  const sign = args.direction === "up" || args.direction === "left" ? -1 : 1;
  return {
    action: "swipe" as const,
    from_x: fromX,
    from_y: fromY,
    to_x: vertical ? fromX : clamp(fromX + sign * distance, screen.width),
    to_y: vertical ? clamp(fromY + sign * distance, screen.height) : fromY,
  };
}
