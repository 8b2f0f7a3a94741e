package dev.droidhub.portal.core

import java.security.GeneralSecurityException
import java.security.cert.CertificateException
import java.security.cert.X509Certificate
import javax.net.ssl.HostnameVerifier
import javax.net.ssl.SSLPeerUnverifiedException
import javax.net.ssl.SSLSession
import javax.net.ssl.X509TrustManager

/**
 * Which server chains the portal accepts. Without a pin: what [system] (the phone's trust store)
 * accepts, as any app. With a pin, exactly two cases and nothing else:
 *  (a) the chain validates against [system] and the pin names a key on its signed path (leaf or an
 *      intermediate the hub sends) — a public certificate, pinned on top;
 *  (b) the chain does not validate (a self-signed hub) but the leaf's key is the pinned one.
 * Anything else throws [PinMismatchException], which stops the connection for good: retrying cannot
 * change which key the hub (or whoever sits in between) presents.
 */
class PinnedTrust(private val pin: String?, private val system: X509TrustManager) : X509TrustManager {
    override fun checkServerTrusted(chain: Array<out X509Certificate>?, authType: String?) {
        if (chain.isNullOrEmpty()) throw CertificateException("the hub sent no certificate")
        if (pin == null) return system.checkServerTrusted(chain, authType)
        val validates = try {
            system.checkServerTrusted(chain, authType)
            true
        } catch (e: CertificateException) {
            false
        }
        // Only certificates that really signed the leaf count: a pinned certificate merely appended
        // to someone else's valid chain proves nothing.
        val candidates = if (validates) signedPath(chain) else listOf(chain[0])
        if (candidates.none { CertificatePin.of(it) == pin }) throw PinMismatchException(PinMismatchException.MESSAGE)
    }

    override fun checkClientTrusted(chain: Array<out X509Certificate>?, authType: String?) {
        throw CertificateException("the portal does not accept client connections")
    }

    override fun getAcceptedIssuers(): Array<X509Certificate> = system.acceptedIssuers

    /**
     * Hostname checks stay for a publicly trusted hub (a). When the leaf's own key is the pinned one,
     * the pin is the hub's identity: a self-signed hub is often reached by an IP address or a LAN name
     * its certificate does not list, and the key proves who it is better than a name would.
     */
    fun hostnameVerifier(usual: HostnameVerifier) = HostnameVerifier { host, session ->
        usual.verify(host, session) || (pin != null && leaf(session)?.let { CertificatePin.of(it) } == pin)
    }

    private fun leaf(session: SSLSession): X509Certificate? = try {
        session.peerCertificates.firstOrNull() as? X509Certificate
    } catch (e: SSLPeerUnverifiedException) {
        null
    }

    private fun signedPath(chain: Array<out X509Certificate>): List<X509Certificate> {
        val path = mutableListOf(chain[0])
        for (next in chain.drop(1)) {
            val last = path.last()
            if (last.issuerX500Principal != next.subjectX500Principal || !signs(next, last)) break
            path += next
        }
        return path
    }

    private fun signs(issuer: X509Certificate, cert: X509Certificate): Boolean = try {
        cert.verify(issuer.publicKey)
        true
    } catch (e: GeneralSecurityException) {
        false
    }
}
