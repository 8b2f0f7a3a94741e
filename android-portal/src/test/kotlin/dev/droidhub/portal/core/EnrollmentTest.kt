package dev.droidhub.portal.core

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

class EnrollmentTest {
    private val pinA = "sha256/" + "A".repeat(43) + "="
    private val pinB = "sha256/" + "B".repeat(42) + "E=" // canonical: the last character's 2 spare bits are zero

    private fun valid(p: EnrollmentLink.Parsed) = (p as EnrollmentLink.Parsed.Valid).enrollment

    private fun invalid(p: EnrollmentLink.Parsed) = (p as EnrollmentLink.Parsed.Invalid).reason

    private fun parse(link: String) = EnrollmentLink.parse(link, nowMs = 1_750_000_000_000)

    @Test
    fun `a legacy QR link carries an encoded url and key`() {
        val e = valid(parse("droidhub://enroll?url=https%3A%2F%2Fhub.example.com%3A8443&key=fk_a%2Bb%2Fc%3D"))
        assertEquals(Enrollment("https://hub.example.com:8443", "fk_a+b/c="), e)
    }

    @Test
    fun `broken links say what is wrong`() {
        assertEquals("a https: link is not a droidhub enrolment link", invalid(parse("https://hub.example.com")))
        assertEquals("the link has no key", invalid(parse("droidhub://enroll?url=https%3A%2F%2Fh")))
        assertEquals("the link has no url", invalid(parse("droidhub://enroll?key=k")))
        assertEquals("the fleet key is empty", invalid(parse("droidhub://enroll?url=h.example&key=")))
        assertTrue(invalid(parse("droidhub://enroll?url=ftp%3A%2F%2Fh&key=k")).startsWith("the hub URL must"))
        assertEquals("this is not a link", invalid(parse("not a link at all")))
        assertEquals("droidhub://other is not an enrolment link", invalid(parse("droidhub://other?url=h&key=k")))
        assertEquals("the link was made by a newer hub (v=2); update the portal app", invalid(parse("droidhub://enroll?v=2&url=h&key=k")))
    }

    @Test
    fun `percent-decoding is RFC 3986, strict, and UTF-8`() {
        assertEquals("fk_a+b/c= €", LinkQuery.decode("fk_a+b%2Fc%3d%20%E2%82%AC")) // a plus stays a plus
        for (bad in listOf("%zz", "ab%4", "%", "%E0%A4")) {
            val refused = runCatching { LinkQuery.decode(bad) }.exceptionOrNull() as? LinkRefused
            assertEquals(bad, Refusal.MALFORMED, refused?.refusal)
        }
    }

    @Test
    fun `an expired link names the time it expired, in UTC`() {
        val link = "droidhub://enroll?v=1&url=https%3A%2F%2Fh&key=k&exp=1700000000&sig=" +
            LinkSignature.sign("k", LinkSignature.canonical("https://h", "k", "", "", "1700000000"))
        assertEquals("this enrolment link expired at 2023-11-14 22:13 UTC; ask for a new QR code", invalid(parse(link)))
    }

    @Test
    fun `the fleet key stays out of the enrolment's text form`() {
        assertFalse(Enrollment("https://h", "fk_secret", pinA).toString().contains("fk_secret"))
    }

    @Test
    fun `typed pins are checked, and only over TLS`() {
        assertEquals(Enrollment("https://h", "k", pinA), valid(EnrollmentLink.validate(" https://h ", " k ", " $pinA ")))
        assertEquals(Enrollment("h.example", "k", pinA), valid(EnrollmentLink.validate("h.example", "k", pinA))) // bare host means https
        assertEquals("a certificate pin needs an https:// hub URL", invalid(EnrollmentLink.validate("http://h", "k", pinA)))
        assertTrue(invalid(EnrollmentLink.validate("https://h", "k", "sha1/abc")).startsWith("the certificate pin must look like"))
    }

    @Test
    fun `the form keeps what a link added while the hub stays the same`() {
        val link = Enrollment("https://hub.example.com", "k", pinA, listOf("lab-1"), 1_800_000_000)
        assertEquals(link, valid(EnrollmentForm.submit("https://hub.example.com", "k", pinA, link)))
        // The person cleared the pin: honoured (the hub moved to a public certificate).
        assertNull(valid(EnrollmentForm.submit("https://hub.example.com/", "k2", "", link)).pin)
        assertEquals(listOf("lab-1"), valid(EnrollmentForm.submit("https://hub.example.com/", "k2", "", link)).tags)
    }

    @Test
    fun `a pin left beside a new hub address is dropped, a new pin is kept`() {
        val old = Enrollment("https://hub-a.example.com", "k", pinA, listOf("lab-1"))
        assertEquals(Enrollment("https://hub-b.example.com", "k"), valid(EnrollmentForm.submit("https://hub-b.example.com", "k", pinA, old)))
        assertEquals(Enrollment("https://hub-b.example.com", "k", pinB), valid(EnrollmentForm.submit("https://hub-b.example.com", "k", pinB, old)))
        // Not applied to a plain-http hub either: the old pin is dropped before the https check.
        assertEquals(Enrollment("http://hub-b.example.com", "k"), valid(EnrollmentForm.submit("http://hub-b.example.com", "k", pinA, old)))
        assertEquals(Enrollment("https://h", "k", pinA), valid(EnrollmentForm.submit("https://h", "k", pinA, null)))
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

    @Test
    fun `after the hub refused the secret, enrolling again (even for the same hub) joins with the fleet key`() {
        val store = MemoryCredentialStore("dev-1")
        store.enroll(Enrollment("https://hub", "fleet"))
        store.deviceSecret = "old-secret"
        store.resumeToken = "rt"
        store.secretRefused = true // what HubConnection records on a 401 to the secret
        assertEquals("Bearer old-secret", JoinHeaders.of(store)["Authorization"]) // a restart alone changes nothing
        store.enroll(Enrollment("https://hub/", "fleet")) // the same hub's QR code, scanned again
        assertEquals("Bearer fleet", JoinHeaders.of(store)["Authorization"])
        assertNull(store.resumeToken)
        assertFalse(store.secretRefused)
        // The hub issued a new secret; enrolling again without a refusal keeps it.
        store.deviceSecret = "new-secret"
        store.enroll(Enrollment("https://hub", "fleet"))
        assertEquals("Bearer new-secret", JoinHeaders.of(store)["Authorization"])
        assertTrue(Enrollment.forgetsSecret(Enrollment("https://hub", "k"), Enrollment("https://hub", "k"), secretRefused = true))
        assertFalse(Enrollment.forgetsSecret(Enrollment("https://hub", "k"), Enrollment("https://hub", "k2"), secretRefused = false))
        assertTrue(Enrollment.forgetsSecret(Enrollment("https://hub", "k"), Enrollment("https://other", "k"), secretRefused = false))
    }
}
