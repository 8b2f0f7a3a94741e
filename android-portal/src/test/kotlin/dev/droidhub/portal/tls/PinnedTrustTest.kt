package dev.droidhub.portal.tls

import dev.droidhub.portal.core.CertificatePin
import dev.droidhub.portal.core.PinMismatchException
import dev.droidhub.portal.core.PinnedTrust
import okhttp3.CertificatePinner
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertThrows
import org.junit.Assert.assertTrue
import org.junit.Test
import java.security.cert.CertificateException
import java.security.cert.X509Certificate
import javax.net.ssl.SSLHandshakeException

/** Which chains the portal accepts, judged on real certificates by the JDK's own PKIX validator. */
class PinnedTrustTest {
    private val ca = TestCertificates.authority()
    private val caSigned = TestCertificates.signedBy(ca)
    private val selfSigned = TestCertificates.selfSigned()
    private val systemWithCa = ca.trustManager()

    // A phone's trust store that knows nothing of our test CA.
    private val systemWithoutCa = TestCertificates.authority("some public CA").trustManager()

    private fun PinnedTrust.check(chain: List<X509Certificate>) = checkServerTrusted(chain.toTypedArray(), "ECDHE_ECDSA")

    @Test
    fun `the pin is OkHttp's sha256 of the SubjectPublicKeyInfo`() {
        // CertificatePinner is an independent implementation of the same format.
        assertEquals(CertificatePinner.pin(selfSigned.cert), CertificatePin.of(selfSigned.cert))
        assertTrue(CertificatePin.of(selfSigned.cert).matches(Regex("sha256/[A-Za-z0-9+/]{43}=")))
        // Same key, new certificate: same pin, so renewing a self-signed certificate keeps phones enrolled.
        val renewed = TestCertificates.selfSigned(name = "renewed", keys = selfSigned.keys)
        assertEquals(CertificatePin.of(selfSigned.cert), CertificatePin.of(renewed.cert))
    }

    @Test
    fun `pins are read in their one spelling only`() {
        val pin = CertificatePin.of(selfSigned.cert)
        assertEquals(pin, CertificatePin.parse(pin))
        val zeros = "sha256/" + "A".repeat(43) + "=" // 32 zero bytes
        assertEquals(zeros, CertificatePin.parse(zeros))
        // The last character carries 2 unused bits: "…B=" decodes to the same bytes, but is a second spelling.
        assertNull(CertificatePin.parse("sha256/" + "A".repeat(42) + "B="))
        assertNull(CertificatePin.parse("sha256/-" + "A".repeat(42) + "=")) // base64url alphabet
        assertNull(CertificatePin.parse("sha1/" + pin.removePrefix("sha256/")))
        assertNull(CertificatePin.parse("sha256/" + "A".repeat(42) + "==")) // 31 bytes
        assertNull(CertificatePin.parse(pin.removeSuffix("=")))
        assertNull(CertificatePin.parse(" $pin"))
    }

    @Test
    fun `a self-signed hub with the right pin is accepted`() {
        PinnedTrust(CertificatePin.of(selfSigned.cert), systemWithoutCa).check(selfSigned.chain)
    }

    @Test
    fun `a self-signed hub with another key is refused as a pin mismatch`() {
        val other = TestCertificates.selfSigned()
        val e = assertThrows(PinMismatchException::class.java) { PinnedTrust(CertificatePin.of(other.cert), systemWithoutCa).check(selfSigned.chain) }
        assertEquals("the hub's certificate does not match the pinned key", e.message)
    }

    @Test
    fun `without a pin a self-signed hub is refused, and not as a pin mismatch`() {
        val e = assertThrows(CertificateException::class.java) { PinnedTrust(null, systemWithoutCa).check(selfSigned.chain) }
        assertFalse(e is PinMismatchException)
    }

    @Test
    fun `without a pin a CA-signed hub is accepted by a trust store that has the CA, and only by one`() {
        PinnedTrust(null, systemWithCa).check(caSigned.chain)
        assertThrows(CertificateException::class.java) { PinnedTrust(null, systemWithoutCa).check(caSigned.chain) }
    }

    @Test
    fun `a trusted chain must also match its pin, on the leaf or a certificate that signed it`() {
        PinnedTrust(CertificatePin.of(caSigned.cert), systemWithCa).check(caSigned.chain)
        PinnedTrust(CertificatePin.of(ca.cert), systemWithCa).check(caSigned.chain)
        assertThrows(PinMismatchException::class.java) { PinnedTrust(CertificatePin.of(selfSigned.cert), systemWithCa).check(caSigned.chain) }
    }

    @Test
    fun `a pinned certificate appended to someone else's valid chain proves nothing`() {
        // An attacker with a CA-issued certificate for the hub's name adds the hub's public certificate.
        val attacker = TestCertificates.signedBy(ca, name = "attacker")
        val chain = attacker.chain + selfSigned.cert
        assertThrows(PinMismatchException::class.java) { PinnedTrust(CertificatePin.of(selfSigned.cert), systemWithCa).check(chain) }
    }

    @Test
    fun `an untrusted chain is judged by its leaf alone`() {
        // The pinned key signed nothing here and the chain does not validate: only the leaf's key could count.
        val chain = listOf(TestCertificates.selfSigned().cert, selfSigned.cert)
        assertThrows(PinMismatchException::class.java) { PinnedTrust(CertificatePin.of(selfSigned.cert), systemWithoutCa).check(chain) }
        // A CA-signed leaf whose CA the phone does not know: the leaf's own key may be pinned.
        PinnedTrust(CertificatePin.of(caSigned.cert), systemWithoutCa).check(caSigned.chain)
        assertThrows(PinMismatchException::class.java) { PinnedTrust(CertificatePin.of(ca.cert), systemWithoutCa).check(caSigned.chain) }
    }

    @Test
    fun `an empty chain is refused`() {
        assertThrows(CertificateException::class.java) { PinnedTrust(CertificatePin.of(selfSigned.cert), systemWithCa).check(emptyList()) }
    }

    @Test
    fun `a pin mismatch is found through the exceptions a TLS stack wraps it in`() {
        val wrapped = SSLHandshakeException("handshake failed").apply { initCause(CertificateException("chain", PinMismatchException("x"))) }
        assertTrue(PinMismatchException.isCauseOf(wrapped))
        assertFalse(PinMismatchException.isCauseOf(SSLHandshakeException("PKIX path building failed")))
        assertFalse(PinMismatchException.isCauseOf(null))
    }
}
