/**
 * sharp, loaded by the first image that needs it. With libvips it is a sixth of a hub's start, and
 * the hub answers /healthz (and `droidhub ui` prints a list) without touching an image.
 */
import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
