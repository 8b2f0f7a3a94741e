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

    /** Keeps the device secret when only the fleet key changed: the same hub still knows this phone. */
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

    override fun enroll(enrollment: Enrollment) {
        if (Enrollment.movesHub(this.enrollment, enrollment)) {
            deviceSecret = null
            resumeToken = null
        }
        this.enrollment = enrollment
    }
}
