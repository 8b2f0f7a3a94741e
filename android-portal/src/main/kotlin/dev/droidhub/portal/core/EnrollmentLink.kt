package dev.droidhub.portal.core

import java.net.URI
import java.net.URISyntaxException

/**
 * Reads the link a hub's QR code holds (contract: docs/enrollment-link.md):
 * `droidhub://enroll?v=1&url=…&key=…[&pin=sha256/…][&tags=a,b][&exp=<unix s>]&sig=…`, and the
 * legacy `droidhub://enroll?url=…&key=…` (no `v`). Pure Java URI parsing so it runs on the JVM;
 * android.net.Uri is lenient in ways that would let a malformed link half-enrol a phone.
 */
object EnrollmentLink {
    sealed interface Parsed {
        data class Valid(val enrollment: Enrollment) : Parsed
        data class Invalid(val refusal: Refusal, val reason: String) : Parsed
    }

    const val MAX_LINK = 4096
    const val MAX_URL = 2048
    const val MAX_KEY = 256
    const val MAX_TAGS = 32
    const val MAX_TAG = 64

    /**
     * Phone clocks drift and are set by hand; a phone a few minutes fast must not refuse a link the
     * hub still honours. The hub enforces the exact expiry (and single use) itself.
     */
    const val CLOCK_SKEW_SEC = 300L

    private val SIGNED_ONLY = listOf("pin", "tags", "exp", "sig")
    private val V1_FIELDS = setOf("v", "url", "key", "pin", "tags", "exp", "sig")

    fun parse(link: String, nowMs: Long): Parsed = try {
        Parsed.Valid(read(link.trim(), nowMs))
    } catch (e: LinkRefused) {
        Parsed.Invalid(e.refusal, e.reason)
    }

    /** The checks a typed enrolment gets too: a hub URL the portal can dial, a usable key, a well-formed pin. */
    fun validate(url: String, key: String, pin: String = ""): Parsed {
        val k = key.trim()
        val p = pin.trim()
        if (k.isEmpty()) return Parsed.Invalid(Refusal.MISSING, "the fleet key is empty")
        if (k.any { it.isWhitespace() || it.isISOControl() }) return Parsed.Invalid(Refusal.INVALID_FIELD, "the fleet key contains spaces")
        val endpoint = HubEndpoint.connectUrl(url)
        if (endpoint is HubEndpoint.Parsed.Invalid) return Parsed.Invalid(Refusal.INVALID_FIELD, endpoint.reason)
        if (p.isEmpty()) return Parsed.Valid(Enrollment(url.trim(), k))
        val parsedPin = CertificatePin.parse(p) ?: return Parsed.Invalid(Refusal.INVALID_FIELD, "the certificate pin must look like sha256/<44 base64 characters>")
        if (!HubEndpoint.isSecure(url)) return Parsed.Invalid(Refusal.INVALID_FIELD, "a certificate pin needs an https:// hub URL")
        return Parsed.Valid(Enrollment(url.trim(), k, parsedPin))
    }

    private fun read(link: String, nowMs: Long): Enrollment {
        if (link.length > MAX_LINK) refuse(Refusal.TOO_LONG, "the link is longer than $MAX_LINK characters")
        val scheme = link.substringBefore(':', "")
        if (!scheme.equals("droidhub", ignoreCase = true)) {
            refuse(Refusal.FOREIGN, if (scheme.isEmpty()) "this is not a link" else "a $scheme: link is not a droidhub enrolment link")
        }
        val uri = try {
            URI(link)
        } catch (e: URISyntaxException) {
            refuse(Refusal.MALFORMED, "the link is malformed: ${e.reason}")
        }
        if (uri.host != "enroll") refuse(Refusal.FOREIGN, "droidhub://${uri.host ?: ""} is not an enrolment link")
        val fields = LinkQuery.parse(uri.rawQuery.orEmpty())
        val version = fields["v"]
        when {
            version == null -> return legacy(fields)
            version == "1" -> Unit
            version.matches(Regex("[1-9][0-9]{0,8}")) -> refuse(Refusal.NEWER_VERSION, "the link was made by a newer hub (v=$version); update the portal app")
            else -> refuse(Refusal.MALFORMED, "the link's version is not valid")
        }
        fields.keys.firstOrNull { it !in V1_FIELDS }?.let { refuse(Refusal.MALFORMED, "the link has an unknown field `$it`") }
        return V1Fields(fields).enrollment(nowMs)
    }

    private fun legacy(fields: Map<String, String>): Enrollment {
        SIGNED_ONLY.firstOrNull { it in fields }?.let { refuse(Refusal.MALFORMED, "`$it` belongs in a signed v=1 link") }
        val url = required(fields, "url")
        val key = required(fields, "key")
        checkSizes(url, key)
        return valid(validate(url, key))
    }

    internal fun required(fields: Map<String, String>, name: String): String {
        val value = fields[name] ?: refuse(Refusal.MISSING, "the link has no $name")
        if (value.isEmpty()) refuse(Refusal.MISSING, if (name == "key") "the fleet key is empty" else "the link's $name is empty")
        return value
    }

    internal fun checkSizes(url: String, key: String) {
        if (url.length > MAX_URL) refuse(Refusal.TOO_LONG, "the hub URL is longer than $MAX_URL characters")
        if (key.length > MAX_KEY) refuse(Refusal.TOO_LONG, "the fleet key is longer than $MAX_KEY characters")
    }

    internal fun valid(p: Parsed): Enrollment = when (p) {
        is Parsed.Valid -> p.enrollment
        is Parsed.Invalid -> refuse(p.refusal, p.reason)
    }

    internal fun refuse(refusal: Refusal, reason: String): Nothing = throw LinkRefused(refusal, reason)
}
