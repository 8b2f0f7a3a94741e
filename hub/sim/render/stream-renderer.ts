/**
 * The screen as stream frames: rendered straight at the stream's size (no full-size render scaled
 * down), and incrementally. A frame keeps the last screen's pixels; when the next tree differs only
 * in what some nodes show (typed text, a switch, the clock) and not in its layout, only the bands of
 * the screen those nodes cover are rasterised again and copied in, then the whole is encoded. Typing
 * into a field costs a strip of the screen instead of the whole SVG (librsvg is the dearest part of a
 * frame: most of it the wallpaper gradient under the app).
 *
 * Bands span the whole width: text that overflows its box sideways is still inside, and a band is one
 * contiguous run of bytes in the RGB buffer. Any change of layout (windows, bounds, classes, ids, the
 * app in front) renders the whole screen.
 *
 * Password fields are painted over in the mask's grey before encoding, as the droidhub portal does,
 * and listed with the frame (StreamFrame.painted): the hub then need not decode and re-encode the
 * frame to hide them (hub/live/frame-mask.ts).
 */

import { maskBlocks, paint } from "../../perception/mask.js";
import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";
import { loadSharp } from "../../util/sharp.js";
import { type SvgStyle, treeToSvg } from "./svg.js";

/** Device pixels added above and below a changed node: focus strokes and glyphs that reach past the box. */
const BAND_PAD = 24;
/** Past this share of the screen, a band render saves little: render everything. */
const MAX_BAND_SHARE = 0.5;

interface Rendered {
  readonly ui: droidhub.v1.IUiTree;
  readonly width: number;
  readonly height: number;
  /** The screen at the stream's size, RGB, row-major: the next frame starts from it. */
  readonly rgb: Buffer;
}

/** A frame, and the screen-pixel bounds of the password fields painted over on it. */
export interface StreamImage {
  image: droidhub.v1.IImage;
  painted: droidhub.v1.IBounds[];
}

export interface StreamRenderStats {
  full: number;
  partial: number;
}

export class StreamRenderer {
  readonly #style: SvgStyle | undefined;
  readonly #paintPasswords: boolean;
  #last: Rendered | undefined;
  /** Renders run one at a time: a band is copied into the buffer the previous encode read. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly stats: StreamRenderStats = { full: 0, partial: 0 };

  constructor(style?: SvgStyle, options: { paintPasswords?: boolean } = {}) {
    this.#style = style;
    this.#paintPasswords = options.paintPasswords !== false;
  }

  /** A JPEG of `ui` at `width`×`height` (the screen's aspect, never above its size). */
  render(ui: droidhub.v1.IUiTree, width: number, height: number, quality: number): Promise<StreamImage> {
    const next = this.#queue.then(() => this.#render(ui, width, height, quality));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #render(ui: droidhub.v1.IUiTree, width: number, height: number, quality: number): Promise<StreamImage> {
    const sourceWidth = ui.screen?.width ?? 1080;
    const sourceHeight = ui.screen?.height ?? 2400;
    const svg = treeToSvg(ui, this.#style);
    const last = this.#last;
    const bands = last && last.width === width && last.height === height ? changedBands(last.ui, ui) : undefined;
    const rows = bands && bandRows(bands, sourceHeight, height);
    let rgb: Buffer;
    if (last && rows && rows.count <= height * MAX_BAND_SHARE) {
      rgb = last.rgb;
      for (const band of rows.bands) {
        const strip = await rasterize(svg, width, band.end - band.start, sourceWidth, sourceHeight, height, band.start);
        strip.copy(rgb, band.start * width * 3);
      }
      this.stats.partial++;
    } else {
      rgb = await rasterize(svg, width, height, sourceWidth, sourceHeight, height, 0);
      this.stats.full++;
    }
    this.#last = { ui, width, height, rgb };
    // Into the kept buffer: a later band render draws its rows afresh, and every frame paints again.
    const painted = this.#paintPasswords ? paintPasswords(ui, rgb, width, height, sourceWidth, sourceHeight) : [];
    const sharp = await loadSharp();
    const data = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .jpeg({ quality, mozjpeg: false })
      .toBuffer();
    const image = {
      format: pb.ImageFormat.IMAGE_FORMAT_JPEG,
      data,
      width,
      height,
      sourceWidth,
      sourceHeight,
      secure: false,
    };
    return { image, painted };
  }
}

/**
 * Paints the visible password fields of `ui` grey in `rgb` (`width`×`height`, scaled from the
 * screen) by the hub's own rule (perception/mask.ts), so the hub finds exactly its grey where it
 * looks; returns the fields' screen bounds.
 */
function paintPasswords(
  ui: droidhub.v1.IUiTree,
  rgb: Buffer,
  width: number,
  height: number,
  sourceWidth: number,
  sourceHeight: number,
): droidhub.v1.IBounds[] {
  const painted: droidhub.v1.IBounds[] = [];
  const screen = { w: sourceWidth, h: sourceHeight };
  for (const node of ui.nodes ?? []) {
    if (!node.password || !node.visible || !node.bounds) continue;
    const b = node.bounds;
    const [left, top, right, bottom] = [b.left ?? 0, b.top ?? 0, b.right ?? 0, b.bottom ?? 0];
    const blocks = maskBlocks([[left, top, right, bottom]], screen, width, height);
    if (blocks.length === 0) continue;
    for (const block of blocks) paint(rgb, width, 3, block);
    painted.push({ left, top, right, bottom });
  }
  return painted;
}

/**
 * Rows `top`..`top + rowsOut` of the screen drawn at `width`×`fullHeight`, as RGB on white. The SVG
 * keeps its device coordinates; the viewport picks the rows, so a band's pixels are those of a
 * whole-screen render at the same size.
 */
async function rasterize(
  svg: string,
  width: number,
  rowsOut: number,
  sourceWidth: number,
  sourceHeight: number,
  fullHeight: number,
  top: number,
): Promise<Buffer> {
  const scaleY = sourceHeight / fullHeight;
  const viewport = `width="${width}" height="${rowsOut}" viewBox="0 ${top * scaleY} ${sourceWidth} ${rowsOut * scaleY}" preserveAspectRatio="none"`;
  const framed = svg.replace(/^<svg ([^>]*?)width="[^"]*" height="[^"]*" viewBox="[^"]*"/, `<svg $1${viewport}`);
  const sharp = await loadSharp();
  return sharp(Buffer.from(framed), { density: 72 }).flatten({ background: "#ffffff" }).raw().toBuffer();
}

type Band = { top: number; bottom: number };

/**
 * The vertical extents (device pixels) of the nodes that show something else in `next`, or
 * undefined when the layout changed (then the whole screen is drawn again).
 */
export function changedBands(prev: droidhub.v1.IUiTree, next: droidhub.v1.IUiTree): Band[] | undefined {
  if (prev === next) return [];
  if (prev.foregroundPackage !== next.foregroundPackage) return undefined;
  if (JSON.stringify(prev.windows ?? []) !== JSON.stringify(next.windows ?? [])) return undefined;
  const a = prev.nodes ?? [];
  const b = next.nodes ?? [];
  if (a.length !== b.length) return undefined;
  const bands: Band[] = [];
  for (let i = 0; i < a.length; i++) {
    const p = a[i];
    const n = b[i];
    if (p === n || p === undefined || n === undefined) continue;
    if (layoutOf(p) !== layoutOf(n)) return undefined;
    if (JSON.stringify(p) === JSON.stringify(n)) continue;
    bands.push({ top: n.bounds?.top ?? 0, bottom: n.bounds?.bottom ?? 0 });
  }
  return bands;
}

/** What decides where and as what a node is drawn (its own look aside). */
function layoutOf(n: droidhub.v1.IUiNode): string {
  const b = n.bounds ?? {};
  return `${n.className}|${n.resourceId}|${n.parent}|${n.windowId}|${n.clickable}|${n.scrollable}|${b.left},${b.top},${b.right},${b.bottom}`;
}

/** The bands in output rows, padded, clamped, merged where they touch; `count` is their total height. */
function bandRows(
  bands: readonly Band[],
  sourceHeight: number,
  height: number,
): { bands: { start: number; end: number }[]; count: number } {
  const scale = height / sourceHeight;
  const rows = bands
    .map((b) => ({
      start: Math.max(0, Math.floor((b.top - BAND_PAD) * scale)),
      end: Math.min(height, Math.ceil((b.bottom + BAND_PAD) * scale)),
    }))
    .filter((r) => r.end > r.start)
    .sort((x, y) => x.start - y.start);
  const merged: { start: number; end: number }[] = [];
  for (const r of rows) {
    const top = merged[merged.length - 1];
    if (top !== undefined && r.start <= top.end) top.end = Math.max(top.end, r.end);
    else merged.push({ ...r });
  }
  return { bands: merged, count: merged.reduce((s, r) => s + r.end - r.start, 0) };
}
