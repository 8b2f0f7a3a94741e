package dev.droidhub.portal.core

import java.text.SimpleDateFormat
import java.util.Date
import java.util.Locale
import java.util.TimeZone

/** Hub address plus the fleet key a phone first joins with, and what the enrolment link added. */
data class Enrollment(
    val hubUrl: String,
    val fleetKey: String,
    /** [CertificatePin] of a self-signed hub's key; null: the phone's trust store alone decides. */
    val pin: String? = null,
    /** The fleet key's tags as the link announced them. Shown only: the hub applies the key's own tags. */
    val tags: List<String> = emptyList(),
    /** When the link stops working at the hub (unix seconds), if it said. */
    val expiresAtSec: Long? = null,
) {
    // The fleet key is a secret: keep it out of logs and assertion messages.
    override fun toString() = "Enrollment(hubUrl=$hubUrl, fleetKey=…, pin=$pin, tags=$tags, expiresAtSec=$expiresAtSec)"

    companion object {
        /** A different hub has never seen our device secret; sending it there would leak it. */
        fun movesHub(old: Enrollment?, new: Enrollment): Boolean =
            old == null || HubEndpoint.connectUrl(old.hubUrl) != HubEndpoint.connectUrl(new.hubUrl)

        /**
         * Whether enrolling [new] forgets the device secret: another hub never saw it, and one the
         * hub refused with 401 (it reset this phone's enrolment) would be refused for ever. Only an
         * explicit enrolment calls this, so a restart keeps the secret whatever happened before.
         */
        fun forgetsSecret(old: Enrollment?, new: Enrollment, secretRefused: Boolean): Boolean =
            secretRefused || movesHub(old, new)

        fun formatTime(sec: Long): String = SimpleDateFormat("yyyy-MM-dd HH:mm 'UTC'", Locale.US)
            .apply { timeZone = TimeZone.getTimeZone("UTC") }
            .format(Date(sec * 1000))
    }
}

/**
 * What the enrolment screen's fields become. [basis] is what filled them (a scanned link or the
 * saved enrolment): its tags and expiry carry over while the hub stays the same. A pin belongs to
 * one hub: typed next to a new hub address, the old hub's pin is dropped rather than applied to a
 * server it never described.
 */
object EnrollmentForm {
    fun submit(url: String, key: String, pin: String, basis: Enrollment?): EnrollmentLink.Parsed {
        val oldPinNewHub = basis?.pin != null && pin.trim() == basis.pin && Enrollment.movesHub(basis, Enrollment(url.trim(), ""))
        val typed = EnrollmentLink.validate(url, key, if (oldPinNewHub) "" else pin)
        if (typed !is EnrollmentLink.Parsed.Valid || basis == null || Enrollment.movesHub(basis, typed.enrollment)) return typed
        return EnrollmentLink.Parsed.Valid(typed.enrollment.copy(tags = basis.tags, expiresAtSec = basis.expiresAtSec))
    }
}
