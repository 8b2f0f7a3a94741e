export {
  clearScreenshotCache,
  DEFAULT_QUALITY,
  renderScreenshot,
  renderSecureScreenshot,
  type ScreenshotOptions,
} from "./screenshot.js";
export { escapeXml, type SvgStyle, treeToSvg } from "./svg.js";
