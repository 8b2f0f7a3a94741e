package dev.droidhub.portal.core

import dev.droidhub.portal.core.EnrollmentLink.checkSizes
import dev.droidhub.portal.core.EnrollmentLink.refuse
import dev.droidhub.portal.core.EnrollmentLink.required
import dev.droidhub.portal.core.EnrollmentLink.valid

/**
 * The fields of a `v=1` link, checked in the contract's order: presence and size, then the
 * signature (before reading any optional field, so an edited link is reported as edited), then
 * each field's form, the expiry, and last what a typed enrolment is checked for.
 */
internal class V1Fields(private val fields: Map<String, String>) {
    fun enrollment(nowMs: Long): Enrollment {
        val url = required(fields, "url")
        val key = required(fields, "key")
        checkSizes(url, key)
        val pin = fields["pin"]
        val tags = fields["tags"]
        val exp = fields["exp"]
        val tagList = tags?.split(',')
        if (tagList != null && tagList.size > EnrollmentLink.MAX_TAGS) refuse(Refusal.TOO_LONG, "the link has more than ${EnrollmentLink.MAX_TAGS} tags")
        if (tagList != null && tagList.any { it.length > EnrollmentLink.MAX_TAG }) refuse(Refusal.TOO_LONG, "a tag is longer than ${EnrollmentLink.MAX_TAG} characters")
        checkSignature(url, key, pin.orEmpty(), tags.orEmpty(), exp.orEmpty())
        for ((name, value) in fields) {
            if (value.isEmpty()) refuse(Refusal.MALFORMED, "the link's $name is empty; a field without a value is left out")
            if (value.any { it.isISOControl() }) refuse(Refusal.MALFORMED, "the link's $name holds control characters")
        }
        val pinned = pin?.let { CertificatePin.parse(it) ?: refuse(Refusal.MALFORMED, "the link's pin is not sha256/<base64 of 32 bytes>") }
        if (tagList != null && tagList.any { it.isEmpty() || it.trim() != it }) refuse(Refusal.MALFORMED, "the link's tags hold an empty or padded tag")
        val expiresAt = exp?.let { expiry(it, nowMs) }
        val typed = valid(EnrollmentLink.validate(url, key, pinned.orEmpty()))
        return typed.copy(tags = tagList.orEmpty(), expiresAtSec = expiresAt)
    }

    private fun checkSignature(url: String, key: String, pin: String, tags: String, exp: String) {
        val sig = fields["sig"]
        val canonical = LinkSignature.canonical(url, key, pin, tags, exp)
        if (sig == null || sig.length != LinkSignature.LENGTH || !LinkSignature.verify(key, canonical, sig)) {
            refuse(Refusal.TAMPERED, "the link was changed or damaged (its signature does not match); scan the QR code again")
        }
    }

    private fun expiry(exp: String, nowMs: Long): Long {
        if (!exp.matches(Regex("[0-9]{1,12}"))) refuse(Refusal.MALFORMED, "the link's expiry is not a time")
        val at = exp.toLong()
        if (nowMs / 1000 > at + EnrollmentLink.CLOCK_SKEW_SEC) {
            refuse(Refusal.EXPIRED, "this enrolment link expired at ${Enrollment.formatTime(at)}; ask for a new QR code")
        }
        return at
    }
}
