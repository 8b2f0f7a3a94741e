package dev.droidhub.portal.core

import java.net.URI
import java.net.URISyntaxException
import java.net.URLDecoder

/** Hub address plus the fleet key a phone first joins with. */
data class Enrollment(val hubUrl: String, val fleetKey: String) {
    companion object {
        /** A different hub has never seen our device secret; sending it there would leak it. */
        fun movesHub(old: Enrollment?, new: Enrollment): Boolean =
            old == null || HubEndpoint.connectUrl(old.hubUrl) != HubEndpoint.connectUrl(new.hubUrl)
    }
}

/**
 * Parses `droidhub://enroll?url=…&key=…` (what the dashboard's QR code holds) and typed input.
 * Pure Java URI parsing so it runs on the JVM in tests; android.net.Uri is lenient in ways that
 * would let a malformed link half-enroll a phone.
 */
object EnrollmentLink {
    sealed interface Parsed {
        data class Valid(val enrollment: Enrollment) : Parsed
        data class Invalid(val reason: String) : Parsed
    }

    fun parse(link: String): Parsed {
        val uri = try {
            URI(link.trim())
        } catch (e: URISyntaxException) {
            return Parsed.Invalid("not a link: ${e.reason}")
        }
        if (!uri.scheme.equals("droidhub", ignoreCase = true) || uri.host != "enroll") {
            return Parsed.Invalid("expected droidhub://enroll?url=…&key=…")
        }
        val params = query(uri.rawQuery.orEmpty())
        val url = params["url"] ?: return Parsed.Invalid("the link has no url")
        val key = params["key"] ?: return Parsed.Invalid("the link has no key")
        return validate(url, key)
    }

    /** The same checks for what a person typed into the enrollment screen. */
    fun validate(url: String, key: String): Parsed {
        val k = key.trim()
        if (k.isEmpty()) return Parsed.Invalid("the fleet key is empty")
        if (k.any { it.isWhitespace() || it.code < 0x20 }) return Parsed.Invalid("the fleet key contains spaces")
        return when (val endpoint = HubEndpoint.connectUrl(url)) {
            is HubEndpoint.Parsed.Invalid -> Parsed.Invalid(endpoint.reason)
            is HubEndpoint.Parsed.Valid -> Parsed.Valid(Enrollment(url.trim(), k))
        }
    }

    private fun query(raw: String): Map<String, String> = raw.split('&')
        .filter { it.isNotEmpty() }
        .associate { part ->
            val name = part.substringBefore('=')
            val value = part.substringAfter('=', "")
            decode(name) to decode(value)
        }

    private fun decode(s: String): String = URLDecoder.decode(s, "UTF-8")
}

/** Turns what a person calls "the hub" into the WebSocket URL of the device endpoint. */
object HubEndpoint {
    const val CONNECT_PATH = "/v1/devices/connect"

    sealed interface Parsed {
        data class Valid(val url: String) : Parsed
        data class Invalid(val reason: String) : Parsed
    }

    fun connectUrl(hub: String): Parsed {
        var s = hub.trim()
        if (s.isEmpty()) return Parsed.Invalid("the hub URL is empty")
        if (!s.contains("://")) s = "https://$s"
        val uri = try {
            URI(s)
        } catch (e: URISyntaxException) {
            return Parsed.Invalid("the hub URL is malformed: ${e.reason}")
        }
        val scheme = when (uri.scheme?.lowercase()) {
            "https", "wss" -> "wss"
            "http", "ws" -> "ws"
            else -> return Parsed.Invalid("the hub URL must start with https://, http://, wss:// or ws://")
        }
        val host = uri.host ?: return Parsed.Invalid("the hub URL has no host")
        val port = if (uri.port == -1) "" else ":${uri.port}"
        val hostPart = if (host.contains(':') && !host.startsWith("[")) "[$host]" else host
        // A hub behind a reverse proxy may live under a prefix; keep it, drop a trailing slash.
        val prefix = uri.rawPath.orEmpty().trimEnd('/').removeSuffix(CONNECT_PATH)
        return Parsed.Valid("$scheme://$hostPart$port$prefix$CONNECT_PATH")
    }
}
