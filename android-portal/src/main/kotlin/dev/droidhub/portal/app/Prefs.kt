package dev.droidhub.portal.app

import android.content.Context
import android.content.SharedPreferences
import dev.droidhub.portal.core.CredentialStore
import dev.droidhub.portal.core.Enrollment
import java.util.UUID

/**
 * [CredentialStore] in app-private SharedPreferences (MODE_PRIVATE: only this app's uid can read it;
 * excluded from backups by the manifest so a device secret never leaves the phone).
 */
class Prefs(context: Context) : CredentialStore {
    private val prefs: SharedPreferences = context.getSharedPreferences("droidhub", Context.MODE_PRIVATE)

    override val enrollment: Enrollment?
        get() {
            val url = prefs.getString(HUB_URL, null) ?: return null
            val key = prefs.getString(FLEET_KEY, null) ?: return null
            val tags = prefs.getString(TAGS, null)?.split(',')?.filter { it.isNotEmpty() }.orEmpty()
            val expires = prefs.getLong(EXPIRES_AT, NO_EXPIRY).takeIf { it != NO_EXPIRY }
            return Enrollment(url, key, prefs.getString(PIN, null), tags, expires)
        }

    /** Generated once, kept for the life of the install: the hub's name for this phone. */
    override val deviceId: String
        @Synchronized get() = prefs.getString(DEVICE_ID, null) ?: UUID.randomUUID().toString().also {
            prefs.edit().putString(DEVICE_ID, it).commit()
        }

    override var deviceSecret: String?
        get() = prefs.getString(DEVICE_SECRET, null)
        set(value) {
            prefs.edit().putString(DEVICE_SECRET, value).commit()
        }

    override var resumeToken: String?
        get() = prefs.getString(RESUME_TOKEN, null)
        set(value) {
            prefs.edit().putString(RESUME_TOKEN, value).apply()
        }

    override var secretRefused: Boolean
        get() = prefs.getBoolean(SECRET_REFUSED, false)
        set(value) {
            prefs.edit().putBoolean(SECRET_REFUSED, value).commit()
        }

    /** The pin, tags and expiry are written (or removed) with the hub they describe, in one commit. */
    override fun enroll(enrollment: Enrollment) {
        val edit = prefs.edit().putString(HUB_URL, enrollment.hubUrl).putString(FLEET_KEY, enrollment.fleetKey)
            .putString(PIN, enrollment.pin)
            .putString(TAGS, enrollment.tags.joinToString(",")) // a tag never holds a comma: the link separates them so
            .putLong(EXPIRES_AT, enrollment.expiresAtSec ?: NO_EXPIRY)
        if (Enrollment.forgetsSecret(this.enrollment, enrollment, secretRefused)) edit.remove(DEVICE_SECRET).remove(RESUME_TOKEN)
        edit.remove(SECRET_REFUSED).commit()
    }

    val enrolled: Boolean get() = enrollment != null

    private companion object {
        const val HUB_URL = "hub_url"
        const val FLEET_KEY = "fleet_key"
        const val DEVICE_ID = "device_id"
        const val DEVICE_SECRET = "device_secret"
        const val RESUME_TOKEN = "resume_token"
        const val PIN = "certificate_pin"
        const val TAGS = "tags"
        const val EXPIRES_AT = "link_expires_at"
        const val SECRET_REFUSED = "device_secret_refused"
        const val NO_EXPIRY = -1L
    }
}
