package dev.droidhub.portal.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

class EnrollmentTest {
    private fun valid(p: EnrollmentLink.Parsed) = (p as EnrollmentLink.Parsed.Valid).enrollment

    private fun invalid(p: EnrollmentLink.Parsed) = (p as EnrollmentLink.Parsed.Invalid).reason

    @Test
    fun `a QR link carries an encoded url and key`() {
        val e = valid(EnrollmentLink.parse("droidhub://enroll?url=https%3A%2F%2Fhub.example.com%3A8443&key=fk_a%2Bb%2Fc%3D"))
        assertEquals(Enrollment("https://hub.example.com:8443", "fk_a+b/c="), e)
    }

    @Test
    fun `broken links say what is wrong`() {
        assertTrue(invalid(EnrollmentLink.parse("https://hub.example.com")).contains("droidhub://enroll"))
        assertEquals("the link has no key", invalid(EnrollmentLink.parse("droidhub://enroll?url=https%3A%2F%2Fh")))
        assertEquals("the link has no url", invalid(EnrollmentLink.parse("droidhub://enroll?key=k")))
        assertEquals("the fleet key is empty", invalid(EnrollmentLink.parse("droidhub://enroll?url=h.example&key=")))
        assertTrue(invalid(EnrollmentLink.parse("droidhub://enroll?url=ftp%3A%2F%2Fh&key=k")).startsWith("the hub URL must"))
        assertTrue(invalid(EnrollmentLink.parse("not a link at all")).isNotEmpty())
    }

    @Test
    fun `hub addresses become the device endpoint`() {
        fun url(s: String) = (HubEndpoint.connectUrl(s) as HubEndpoint.Parsed.Valid).url
        assertEquals("wss://hub.example.com/v1/devices/connect", url("hub.example.com"))
        assertEquals("wss://hub.example.com/v1/devices/connect", url("https://hub.example.com/"))
        assertEquals("ws://192.168.1.5:8080/v1/devices/connect", url("http://192.168.1.5:8080"))
        assertEquals("wss://example.com/droidhub/v1/devices/connect", url("https://example.com/droidhub/"))
        assertEquals("wss://example.com/v1/devices/connect", url("wss://example.com/v1/devices/connect"))
        assertEquals("ws://[::1]:8080/v1/devices/connect", url("http://[::1]:8080"))
        assertTrue(HubEndpoint.connectUrl("  ") is HubEndpoint.Parsed.Invalid)
    }

    @Test
    fun `join uses the fleet key until the hub issued a device secret`() {
        val store = MemoryCredentialStore("dev-1")
        assertEquals(emptyMap<String, String>(), JoinHeaders.of(store))
        store.enroll(Enrollment("https://hub", "fleet"))
        assertEquals(mapOf("Authorization" to "Bearer fleet", "X-Device-ID" to "dev-1"), JoinHeaders.of(store))
        store.deviceSecret = "secret"
        assertEquals("Bearer secret", JoinHeaders.of(store)["Authorization"])
        store.enroll(Enrollment("https://hub/", "new-fleet")) // same hub, new key: keep the secret
        assertEquals("Bearer secret", JoinHeaders.of(store)["Authorization"])
        store.enroll(Enrollment("https://other-hub", "k")) // another hub never saw our secret
        assertEquals("Bearer k", JoinHeaders.of(store)["Authorization"])
    }
}
