/**
 * The frame pipeline: every screenshot an agent takes enters here and is painted over where secrets
 * show (secret-mask.ts) before anything else sees it — the model, the verifier's A+B frame, the vision
 * detector, the stored step, the report. A frame that cannot be masked is dropped, never passed on.
 * Screenshots are best effort: a phone that cannot take one (a secure screen, a dialect without
 * screenshots) costs the run nothing — but the run says why it has no picture (`Shot.missing`).
 */
import { type DeviceImage, Phone } from "../devices/phone.js";
import type { DeviceSession } from "../devices/types.js";
import { isHubError } from "../errors/hub-error.js";
import {
  type ActionMark,
  type AnnotatedImage,
  annotateAction,
  composeAB,
  maskRegions,
  type Rect,
  type ScreenSize,
} from "../perception/index.js";

export interface Frame {
  data: Uint8Array;
  format: "jpeg" | "webp";
  width: number;
  height: number;
}

/** The screen a frame shows: its size and where its secrets are (an Observation or a Perception). */
export interface FrameScreen {
  secrets: readonly Rect[];
  view: { screen: ScreenSize };
}

/** A masked screenshot, or why there is none (in words a report can show). */
export type Shot = { image: Buffer; missing?: undefined } | { image?: undefined; missing: string };

export const NO_TREE = "the phone gave no screen tree, so the screenshot could not be masked and was not taken";
const UNMASKABLE = "the screenshot could not be masked, so it was dropped";

/** A raw screenshot with the screen's secrets painted over; undefined when it cannot be masked. */
export async function maskedFrame(raw: Buffer, screen: FrameScreen): Promise<Buffer | undefined> {
  try {
    return await maskRegions(raw, screen.secrets, screen.view.screen);
  } catch {
    return undefined;
  }
}

/** Why a screenshot request brought no picture: the phone's answer, or its refusal. */
function missingWhy(session: DeviceSession, image: DeviceImage | undefined, error?: unknown): string {
  if (error !== undefined) {
    const refused = isHubError(error, "NOT_SUPPORTED") || !session.info.capabilities.includes("screenshot");
    if (refused) return `the phone cannot take screenshots (${session.info.dialect} ${session.info.portalVersion})`;
    return `the screenshot failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (image?.secure) return "the screen is secure (FLAG_SECURE): Android keeps it out of screenshots";
  return "the phone sent an empty screenshot";
}

/**
 * The answer to one screenshot request (`call`), masked for `screen`. A secure window's image is
 * black by definition, so it counts as no picture.
 */
export async function shotOf(
  session: DeviceSession,
  call: Promise<{ image: DeviceImage | undefined }>,
  screen: FrameScreen,
  signal?: AbortSignal,
): Promise<Shot> {
  let image: DeviceImage | undefined;
  try {
    image = (await call).image;
  } catch (error) {
    if (signal?.aborted) throw error;
    return { missing: missingWhy(session, undefined, error) };
  }
  const data = image?.data;
  if (!data || data.length === 0 || image?.secure) return { missing: missingWhy(session, image) };
  const masked = await maskedFrame(Buffer.from(data), screen);
  return masked ? { image: masked } : { missing: UNMASKABLE };
}

/** A screenshot of the screen just read (`screen`), masked, or why there is none. */
export function takeShot(session: DeviceSession, screen: FrameScreen, signal?: AbortSignal): Promise<Shot> {
  const call = new Phone(session).screenshot({ format: "jpeg", quality: 75, maxSide: 1600 }, signal ? { signal } : {});
  return shotOf(session, call, screen, signal);
}

/** A screenshot of the screen just read (`screen`), masked; undefined when there is none. */
export async function captureFrame(
  session: DeviceSession,
  screen: FrameScreen,
  signal?: AbortSignal,
): Promise<Buffer | undefined> {
  return (await takeShot(session, screen, signal)).image;
}

function frameOf(image: AnnotatedImage): Frame {
  return { data: image.data, format: image.format, width: image.width, height: image.height };
}

/** The (masked) screen a step acted on, with what it did drawn on it: the picture people read. */
export async function actionFrame(masked: Buffer, mark: ActionMark, screen: ScreenSize): Promise<Frame | undefined> {
  try {
    return frameOf(await annotateAction(masked, mark, { device: screen }));
  } catch {
    return undefined;
  }
}

/** Action moment beside settled frame (both masked), for the verifier. */
export async function beforeAfter(before: Buffer, after: Buffer): Promise<Frame | undefined> {
  try {
    return frameOf(await composeAB(before, after, { labels: ["before", "after"] }));
  } catch {
    return undefined;
  }
}
