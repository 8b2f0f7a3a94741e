package dev.droidhub.portal.core

import java.io.ByteArrayOutputStream
import java.nio.ByteBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction
import java.nio.charset.StandardCharsets.UTF_8

/** Why an enrolment link was refused: a code tests and the hub's vectors compare, and words for a person. */
enum class Refusal(val code: String) {
    FOREIGN("foreign"),
    MALFORMED("malformed"),
    DUPLICATE("duplicate"),
    TOO_LONG("too_long"),
    MISSING("missing"),
    NEWER_VERSION("newer_version"),
    TAMPERED("tampered"),
    EXPIRED("expired"),
    INVALID_FIELD("invalid_field"),
}

/** Thrown inside the link parser only; [EnrollmentLink.parse] turns it into a refusal. */
internal class LinkRefused(val refusal: Refusal, val reason: String) : Exception(reason)

/**
 * The query of an enrolment link as name → value. Strict where lenient parsers differ: every `%`
 * must start a two-hex-digit escape, the bytes must be UTF-8, `+` is a plus (RFC 3986; what
 * JavaScript's decodeURIComponent does), and a name given twice is refused, because which copy a
 * reader keeps is exactly what an edited link would exploit.
 */
internal object LinkQuery {
    fun parse(raw: String): Map<String, String> {
        val fields = LinkedHashMap<String, String>()
        for (part in raw.split('&')) {
            if (part.isEmpty()) continue
            val name = decode(part.substringBefore('='))
            val value = decode(part.substringAfter('=', ""))
            if (fields.put(name, value) != null) throw LinkRefused(Refusal.DUPLICATE, "the link has `$name` twice")
        }
        return fields
    }

    fun decode(s: String): String {
        val bytes = ByteArrayOutputStream(s.length)
        var i = 0
        while (i < s.length) {
            if (s[i] == '%') {
                val hi = if (i + 2 < s.length) Character.digit(s[i + 1], 16) else -1
                val lo = if (i + 2 < s.length) Character.digit(s[i + 2], 16) else -1
                if (hi < 0 || lo < 0) throw LinkRefused(Refusal.MALFORMED, "the link has a broken %-escape")
                bytes.write(hi * 16 + lo)
                i += 3
            } else {
                val end = s.indexOf('%', i).let { if (it < 0) s.length else it }
                bytes.write(s.substring(i, end).toByteArray(UTF_8))
                i = end
            }
        }
        val decoder = UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
        return try {
            decoder.decode(ByteBuffer.wrap(bytes.toByteArray())).toString()
        } catch (e: CharacterCodingException) {
            throw LinkRefused(Refusal.MALFORMED, "the link's %-escapes are not UTF-8 text")
        }
    }
}
