/**
 * Awaits a promise that must fail with a HubError and returns the error (fails the test otherwise).
 */
import { expect } from "vitest";
import { HubError } from "../../hub/errors/hub-error.js";

export async function rejection(promise: Promise<unknown>): Promise<HubError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HubError);
    return error as HubError;
  }
  throw new Error("expected the call to fail");
}
