/** The typed failure a virtual device reports in Result.error (never thrown past execute()). */
import { pb } from "../../protocol/codec.js";
import type { droidhub } from "../../protocol/generated/droidhub.js";

export class SimError extends Error {
  override readonly name = "SimError";
  constructor(
    readonly code: droidhub.v1.ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const invalidArgument = (message: string): SimError =>
  new SimError(pb.ErrorCode.ERROR_CODE_INVALID_ARGUMENT, message);
export const nodeNotFound = (message: string): SimError =>
  new SimError(pb.ErrorCode.ERROR_CODE_NODE_NOT_FOUND, message);
export const appNotFound = (message: string): SimError => new SimError(pb.ErrorCode.ERROR_CODE_APP_NOT_FOUND, message);
export const notSupported = (message: string): SimError => new SimError(pb.ErrorCode.ERROR_CODE_NOT_SUPPORTED, message);

export function errorResult(error: unknown): droidhub.v1.IResult {
  if (error instanceof SimError) return { ok: false, error: { code: error.code, message: error.message } };
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: pb.ErrorCode.ERROR_CODE_INTERNAL, message } };
}
