package dev.droidhub.portal.core

/**
 * What the phone keeps between runs, in app-private storage. The device secret replaces the fleet
 * key once the hub issued one: a fleet key alone can no longer claim this device id.
 */
interface CredentialStore {
    val enrollment: Enrollment?
    val deviceId: String
    var deviceSecret: String?
    var resumeToken: String?

    /**
     * The hub answered 401 to the device secret (it reset this phone's enrolment). Kept across
     * restarts; the next explicit enrolment then joins with the fleet key again.
     */
    var secretRefused: Boolean

    /**
     * Keeps the device secret when only the fleet key changed: the same hub still knows this phone.
     * Forgets it for another hub, or after the hub refused it ([Enrollment.forgetsSecret]).
     */
    fun enroll(enrollment: Enrollment)
}

object JoinHeaders {
    const val AUTHORIZATION = "Authorization"
    const val DEVICE_ID = "X-Device-ID"

    fun of(store: CredentialStore): Map<String, String> {
        val enrollment = store.enrollment ?: return emptyMap()
        val bearer = store.deviceSecret?.takeIf { it.isNotEmpty() } ?: enrollment.fleetKey
        return linkedMapOf(AUTHORIZATION to "Bearer $bearer", DEVICE_ID to store.deviceId)
    }
}

/** In-memory store for tests and the virtual phone. */
class MemoryCredentialStore(
    override val deviceId: String,
    override var enrollment: Enrollment? = null,
) : CredentialStore {
    override var deviceSecret: String? = null
    override var resumeToken: String? = null
    override var secretRefused = false

    override fun enroll(enrollment: Enrollment) {
        if (Enrollment.forgetsSecret(this.enrollment, enrollment, secretRefused)) {
            deviceSecret = null
            resumeToken = null
        }
        secretRefused = false
        this.enrollment = enrollment
    }
}
