package dev.droidhub.portal.core

import okio.ByteString.Companion.decodeBase64
import okio.ByteString.Companion.toByteString
import java.security.cert.CertificateException
import java.security.cert.X509Certificate

/**
 * A hub's certificate pin: `sha256/<base64 of SHA-256 over the SubjectPublicKeyInfo DER>`, the form
 * OkHttp's CertificatePinner and `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl
 * dgst -sha256 -binary | base64` produce. It names the key, not the certificate, so a hub that renews
 * its self-signed certificate with the same key keeps its pin.
 */
object CertificatePin {
    const val PREFIX = "sha256/"
    private val FORMAT = Regex("^sha256/[A-Za-z0-9+/]{43}=$")

    fun of(cert: X509Certificate): String = PREFIX + cert.publicKey.encoded.toByteString().sha256().base64()

    /** The pin in its one spelling, or null: only standard base64 of exactly 32 bytes is a pin. */
    fun parse(text: String): String? {
        if (!FORMAT.matches(text)) return null
        val bytes = text.substring(PREFIX.length).decodeBase64() ?: return null
        // Re-encoding rejects a last character with stray low bits: two spellings of one pin would not compare equal.
        return (PREFIX + bytes.base64()).takeIf { bytes.size == 32 && it == text }
    }
}

/** The hub showed a key other than the pinned one. Typed so the connection can stop on it without reading messages. */
class PinMismatchException(message: String) : CertificateException(message) {
    companion object {
        const val MESSAGE = "the hub's certificate does not match the pinned key"

        /** TLS stacks wrap what a trust manager throws (SSLHandshakeException ← CertificateException); look through. */
        fun isCauseOf(t: Throwable?): Boolean {
            var cause = t
            var depth = 0
            while (cause != null && depth++ < 16) { // depth bound: a cause cycle must not hang the connection thread
                if (cause is PinMismatchException) return true
                cause = cause.cause
            }
            return false
        }
    }
}
