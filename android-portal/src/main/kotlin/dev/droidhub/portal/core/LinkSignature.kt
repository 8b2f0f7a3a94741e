package dev.droidhub.portal.core

import okio.ByteString.Companion.toByteString
import java.nio.charset.StandardCharsets.UTF_8
import java.security.MessageDigest
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec

/**
 * `sig` of an enrolment link v1: HMAC-SHA256 keyed with the fleet key's UTF-8 bytes over
 * `droidhub-enroll-v1\n<url>\n<key>\n<pin>\n<tags>\n<exp>` (decoded values, absent ones empty),
 * as unpadded base64url. It catches links that were edited or damaged on the way (another hub URL,
 * a cut key, a swapped pin). It is not authentication: whoever holds the link holds the key and can
 * sign anything. Values never hold control characters (the parser refuses them), so the newline
 * separators cannot be forged from inside a field.
 */
object LinkSignature {
    const val DOMAIN = "droidhub-enroll-v1"
    const val LENGTH = 43 // base64url of 32 bytes without padding

    fun canonical(url: String, key: String, pin: String, tags: String, exp: String): String =
        listOf(DOMAIN, url, key, pin, tags, exp).joinToString("\n")

    fun sign(key: String, canonical: String): String {
        // HMAC pads a short key with zeros, so an empty key is defined; SecretKeySpec refuses it, the parser never asks.
        val mac = Mac.getInstance("HmacSHA256")
        mac.init(SecretKeySpec(key.toByteArray(UTF_8), "HmacSHA256"))
        return mac.doFinal(canonical.toByteArray(UTF_8)).toByteString().base64Url().trimEnd('=')
    }

    /** Compared in constant time, as any MAC should be. */
    fun verify(key: String, canonical: String, sig: String): Boolean =
        MessageDigest.isEqual(sign(key, canonical).toByteArray(UTF_8), sig.toByteArray(UTF_8))
}
