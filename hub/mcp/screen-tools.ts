/**
 * The phone tools that read (the `read` scope): the fleet's phones, a phone's screen size, its
 * compact element list (remembered for taps by id), its screenshot and its apps. What leaves goes
 * through the registry's masks, as the operator API's reads do: secrets a run typed never show.
 */
import { z } from "zod";
import { Phone } from "../devices/phone.js";
import { DeviceRegistry } from "../devices/registry.js";
import { HubError } from "../errors/hub-error.js";
import { compact, parseSnapshot, toJsonElement, type UiElement } from "../perception/index.js";
import { deviceArg, deviceInput, readSession } from "./phone.js";
import { fitScreenshot } from "./screenshot.js";
import { defineTool, jsonResult, type ToolAudit, type ToolContext, type ToolSpec } from "./tool.js";

async function elementsOf(ctx: ToolContext, device: string, audit: ToolAudit) {
  const { tree } = await new Phone(readSession(ctx, device, audit)).getUi();
  const view = compact(parseSnapshot(tree));
  // While a run holds the phone, a secret it typed shows as its placeholder (as in GET /ui).
  const elements = ctx.registry.redactScreen(device, view.elements) as readonly UiElement[];
  ctx.lastElements.set(device, elements);
  return { view, elements };
}

export const screenTools: ToolSpec[] = [
  defineTool({
    name: "mobile_list_available_devices",
    description: "The fleet's phones: id, status (online, busy, offline…), model, Android SDK, screen, tags.",
    scope: "read",
    input: z.object({}).strict(),
    run: async (_args, ctx) =>
      jsonResult({
        devices: ctx.registry.list().map((entry) => {
          const view = DeviceRegistry.view(entry);
          return {
            id: view.id,
            status: view.status,
            heldByThisSession: entry.lease === ctx.holder,
            model: view.model,
            manufacturer: view.manufacturer,
            sdkInt: view.sdkInt,
            dialect: view.dialect,
            screen: view.screen,
            tags: view.tags,
            capabilities: view.capabilities,
          };
        }),
      }),
  }),
  defineTool({
    name: "mobile_get_screen_size",
    description: "The phone's screen size in device pixels (what coordinates refer to).",
    scope: "read",
    input: deviceInput,
    run: async ({ device }, ctx, audit) => {
      audit.target = { type: "device", id: device };
      const screen = ctx.registry.require(device).info?.screen;
      if (!screen || screen.width === 0) {
        throw new HubError("DEVICE_OFFLINE", `device ${device} has not reported its screen`, {
          details: { deviceId: device },
        });
      }
      return jsonResult({ width: screen.width, height: screen.height, densityDpi: screen.densityDpi });
    },
  }),
  defineTool({
    name: "mobile_list_elements_on_screen",
    description:
      "The compact element list of the screen: id, tag, label, center (cx, cy) and bounds in device pixels. " +
      "mobile_click_on_element taps one by id.",
    scope: "read",
    input: deviceInput,
    run: async ({ device }, ctx, audit) => {
      const { view, elements } = await elementsOf(ctx, device, audit);
      return jsonResult({
        package: view.package,
        activity: view.activity,
        screen: { width: view.screen.w, height: view.screen.h },
        keyboardShown: view.keyboardShown,
        elements: elements.map(toJsonElement),
      });
    },
  }),
  defineTool({
    name: "mobile_take_screenshot",
    description:
      "A JPEG of the screen (under 1 MB, scaled down if needed). annotate draws each listed element's id at its " +
      "center (and refreshes the element list for mobile_click_on_element).",
    scope: "read",
    input: z.object({ device: deviceArg, annotate: z.boolean().default(false) }).strict(),
    run: async ({ device, annotate }, ctx, audit) => {
      const phone = new Phone(readSession(ctx, device, audit));
      const { image: shot } = await phone.screenshot({ format: "jpeg", quality: 85, maxSide: 0 });
      const data = shot?.data;
      if (!data || data.length === 0) throw new HubError("PROTOCOL_ERROR", "screenshot without image data");
      const image = await ctx.registry.maskScreenshot(device, Buffer.from(data));
      const elements = annotate ? (await elementsOf(ctx, device, audit)).elements : [];
      const screen = ctx.registry.get(device)?.info?.screen;
      const fitted = await fitScreenshot(image, elements, screen);
      return {
        content: [
          { type: "image", data: fitted.data.toString("base64"), mimeType: "image/jpeg" },
          {
            type: "text",
            text: `${fitted.width}x${fitted.height} JPEG of a ${fitted.deviceWidth}x${fitted.deviceHeight} screen; coordinates are device pixels`,
          },
        ],
      };
    },
  }),
  defineTool({
    name: "mobile_list_apps",
    description: "The apps installed on the phone (package name and label), system apps left out.",
    scope: "read",
    input: deviceInput,
    run: async ({ device }, ctx, audit) => {
      const { result } = await readSession(ctx, device, audit).call({ listApps: { includeSystem: false } });
      const apps = (result.apps?.apps ?? []).map((app) => ({
        packageName: app.packageName ?? "",
        label: app.label ?? "",
      }));
      return jsonResult({ apps });
    },
  }),
];
