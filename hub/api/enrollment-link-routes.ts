/**
 * Enrolment by QR code: `POST /api/enrollments` makes a fleet key for enrolment (it may expire and
 * be single-use) and answers the portal's signed enrolment link (docs/enrollment-link.md) with its
 * QR code; `GET /portal.apk` serves the portal app the phones install first. The link holds the
 * fleet key: the answer is shown once and never cached, like the key itself.
 */
import { createReadStream, statSync } from "node:fs";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { HubError } from "../errors/hub-error.js";
import { isPin } from "../util/certificate-pin.js";
import { ENROLL_LINK_LIMITS, writeEnrollLink } from "../util/enroll-link.js";
import type { KeyStore } from "./ports.js";
import { fleetKeyRecord, shownOnce } from "./responses.js";
import { route } from "./route.js";

// The doc's tag rules: a tag is shown on the phone from a comma-separated field.
const CONTROL = /\p{Cc}/u;
const enrollTag = z
  .string()
  .min(1)
  .max(ENROLL_LINK_LIMITS.tag)
  .refine((t) => t === t.trim(), "no leading or trailing spaces")
  .refine((t) => !t.includes(","), "no commas")
  .refine((t) => !CONTROL.test(t), "no control characters");

/** At most 30 days: an enrolment link is for the phones at hand, not a standing credential. */
export const MAX_ENROLLMENT_SECONDS = 30 * 86_400;

export const enrollmentBody = z
  .object({
    label: z.string().trim().min(1).max(100).default("enrolment"),
    tags: z.array(enrollTag).max(ENROLL_LINK_LIMITS.tags).default([]),
    expiresInS: z.number().int().min(60).max(MAX_ENROLLMENT_SECONDS).optional(),
    singleUse: z.boolean().default(false),
    /** The hub certificate's pin; absent: the hub's own when it serves TLS; null: no pin. */
    pin: z.string().refine(isPin, "a pin is sha256/ + base64 of 32 bytes").nullable().optional(),
    /** The address phones reach the hub at; absent: the one this request came to. */
    url: z
      .string()
      .max(ENROLL_LINK_LIMITS.url)
      .refine((u) => /^(https?|wss?):\/\/[^/?#\s]+/.test(u), "an http(s) or ws(s) URL with a host")
      .optional(),
  })
  .strict();

export interface EnrollmentOptions {
  /** The pin of the certificate the hub serves, when it serves TLS itself. */
  hubPin(): string | undefined;
  /** DROIDHUB_PORTAL_APK. */
  portalApk: string | undefined;
}

export const PORTAL_APK_URL = "/portal.apk";
export const NO_APK = "no APK configured: build it with npm run portal:apk and set DROIDHUB_PORTAL_APK";

/** The hub's own address as the request reached it (X-Forwarded-Proto/Host only from a trusted proxy). */
function requestUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

async function qrCodes(link: string): Promise<{ svg: string; png: string }> {
  // Lowest error correction: the most data per module, so the code stays readable on a laptop screen.
  const options = { errorCorrectionLevel: "L", margin: 2 } as const;
  // Loaded by the first "Add phones" page, not at every hub start.
  const { default: QRCode } = await import("qrcode");
  const [svg, png] = await Promise.all([
    QRCode.toString(link, { ...options, type: "svg" }),
    QRCode.toBuffer(link, { ...options, type: "png", width: 480 }),
  ]);
  return { svg, png: `data:image/png;base64,${png.toString("base64")}` };
}

export function registerEnrollmentLinkRoutes(
  app: FastifyInstance,
  credentials: KeyStore,
  options: EnrollmentOptions,
): void {
  createEnrollment(app, credentials, options);
  enrollmentDefaults(app, options);
  portalApk(app, options);
}

const enrollmentAnswer = z.object({
  fleetKey: fleetKeyRecord,
  key: shownOnce,
  url: z.string(),
  pin: z.string().nullable(),
  link: z.string().describe("The portal's deep link (docs/enrollment-link.md)"),
  apk: z.string().nullable().describe("Where phones download the portal app, when the hub serves it"),
  qr: z.object({ svg: z.string(), png: z.string().describe("data: URL") }),
});

function createEnrollment(app: FastifyInstance, credentials: KeyStore, options: EnrollmentOptions): void {
  route(app, {
    method: "POST",
    url: "/api/enrollments",
    access: "admin",
    summary:
      "Make a fleet key for enrolment (may expire, may be single-use) and its QR code and deep link (shown once).",
    body: enrollmentBody,
    status: 201,
    response: enrollmentAnswer,
    handler: async ({ body }, request, reply) => {
      const url = body.url ?? requestUrl(request);
      const pin = body.pin === undefined ? options.hubPin() : (body.pin ?? undefined);
      if (pin && !/^(https|wss):/.test(url)) {
        throw new HubError("INVALID_BODY", "pin: a pin needs an https hub URL", { details: { field: "pin" } });
      }
      const exp = body.expiresInS === undefined ? undefined : Math.floor(Date.now() / 1000) + body.expiresInS;
      const tags = [...new Set(body.tags)];
      const { key, record } = await credentials.createFleetKey(body.label, tags, {
        expiresAt: exp === undefined ? undefined : exp * 1000,
        maxUses: body.singleUse ? 1 : undefined,
      });
      request.audit = {
        target: { type: "fleet_key", id: String(record.id) },
        detail: { label: record.label, singleUse: body.singleUse, expiresInS: body.expiresInS ?? 0 },
      };
      const link = writeEnrollLink({ url, key, pin, tags, exp });
      if (link.length > ENROLL_LINK_LIMITS.link) {
        await credentials.revokeFleetKey(record.id);
        throw new HubError("INVALID_BODY", `body: the link would exceed ${ENROLL_LINK_LIMITS.link} characters`, {
          details: { field: "body" },
        });
      }
      const apk = options.portalApk && fileSize(options.portalApk) !== undefined ? PORTAL_APK_URL : null;
      return reply
        .header("cache-control", "no-store")
        .send({ fleetKey: record, key, url, pin: pin ?? null, link, apk, qr: await qrCodes(link) });
    },
  });
}

function enrollmentDefaults(app: FastifyInstance, options: EnrollmentOptions): void {
  route(app, {
    method: "GET",
    url: "/api/enrollments/defaults",
    access: "admin",
    summary: "What a new enrolment link holds unless told otherwise: the hub URL, its certificate pin, the APK.",
    response: enrollmentAnswer.pick({ url: true, pin: true, apk: true }),
    handler: async (_input, request) => ({
      url: requestUrl(request),
      pin: options.hubPin() ?? null,
      apk: options.portalApk && fileSize(options.portalApk) !== undefined ? PORTAL_APK_URL : null,
    }),
  });
}

function portalApk(app: FastifyInstance, options: EnrollmentOptions): void {
  route(app, {
    method: "GET",
    url: PORTAL_APK_URL,
    // The APK is the open-source portal app, no secret: a phone downloads it before it has any key.
    access: "public",
    summary: "The portal APK phones install (DROIDHUB_PORTAL_APK); 404 when none is configured.",
    produces: "application/vnd.android.package-archive",
    handler: async (_input, _request, reply) => {
      const file = options.portalApk;
      if (!file) throw new HubError("NOT_FOUND", NO_APK);
      const size = fileSize(file);
      if (size === undefined) throw new HubError("NOT_FOUND", "the APK DROIDHUB_PORTAL_APK names is not a file");
      return reply
        .type("application/vnd.android.package-archive")
        .header("content-length", size)
        .header("content-disposition", 'attachment; filename="droidhub-portal.apk"')
        .send(createReadStream(file));
    },
  });
}

function fileSize(file: string): number | undefined {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}
