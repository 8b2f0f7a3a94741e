/**
 * Public face of perception: accessibility trees → compact element lists, change levels, annotated
 * screenshots. The agent imports from here only.
 */

export {
  type ActionFrameOptions,
  type ActionMark,
  actionOverlaySvg,
  annotateAction,
  type Direction,
  type Gesture,
  MARK_RGB,
} from "./action-mark.js";
export {
  type AnnotatedImage,
  type AnnotateOptions,
  annotateScreenshot,
  type ComposeOptions,
  composeAB,
  deviceToImage,
  type ImageFormat,
  type ImageMapping,
  imageToDevice,
  overlaySvg,
  type Point,
} from "./annotate.js";
export { type ChangeLevel, type ChangeReport, changeLevel, type ElementChange } from "./change.js";
export {
  type CompactOptions,
  type CompactSnapshot,
  compact,
  type DialogInfo,
  isInteractive,
  TRUNCATED_TREE_NOTE,
  type VisionFlags,
} from "./compact.js";
export { type ElementMeta, toJsonElement, type UiElement } from "./element.js";
export { type DumpEvaluation, dumpFailed, evaluateDump, totals } from "./evaluate.js";
export { type FingerprintMatch, findByFingerprint, type MatchOptions } from "./fingerprint.js";
export { type FontStatus, warmUpFonts } from "./fonts.js";
export { contains, intersect, isEmpty, screenRect } from "./geometry.js";
export { MASK_RGB, maskRegions } from "./mask.js";
export { paintedGrey } from "./mask-check.js";
export { type DumpFormat, detectFormat, MAX_DUMP_BYTES, type ParseOptions, parseSnapshot } from "./parse.js";
export type { ProtoUiTree } from "./parse-proto.js";
export { elementLine, type Rendered, type RenderFormat, type RenderOptions, renderElements } from "./render.js";
export type { Rect, ScreenSize, SnapshotSource, UiNodeData, UiSnapshot } from "./snapshot.js";
export { countTokens } from "./tokens.js";
export {
  type VisionBox,
  type VisionDetector,
  type VisionOptions,
  type VisionRequest,
  visionElements,
  withVisionFallback,
} from "./vision.js";
export { ScriptedVisionDetector } from "./vision-double.js";
