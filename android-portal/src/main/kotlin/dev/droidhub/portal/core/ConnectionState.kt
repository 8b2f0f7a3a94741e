package dev.droidhub.portal.core

/** What the notification and the enrollment screen show; one value at a time. */
enum class ConnectionState(val label: String) {
    NOT_ENROLLED("Not enrolled"),
    CONNECTING("Connecting…"),
    CONNECTED("Connected"),
    WAITING("Waiting to reconnect"),
    NO_NETWORK("No network"),
    REVOKED("Key refused by the hub (401)"),
    PIN_MISMATCH("The hub's certificate does not match the pinned key"),
    STOPPED("Stopped"),
}
