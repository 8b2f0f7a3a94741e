package dev.droidhub.portal.core

import java.net.URI
import java.net.URISyntaxException

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

    /** A certificate pin only means something over TLS. */
    fun isSecure(hub: String): Boolean = (connectUrl(hub) as? Parsed.Valid)?.url?.startsWith("wss://") == true
}
