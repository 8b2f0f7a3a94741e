package dev.droidhub.portal.net

import dev.droidhub.portal.core.PinnedTrust
import okhttp3.OkHttpClient
import java.security.KeyStore
import javax.net.ssl.SSLContext
import javax.net.ssl.TrustManagerFactory
import javax.net.ssl.X509TrustManager

/** Builds the OkHttp client for one enrolment's certificate pin; the decisions are [PinnedTrust]'s. */
object PinnedTls {
    /** The platform's default trust store (on Android: the system CAs, plus user CAs where the app allows them). */
    val systemTrust: X509TrustManager by lazy {
        val factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm())
        factory.init(null as KeyStore?)
        factory.trustManagers.filterIsInstance<X509TrustManager>().first()
    }

    /**
     * Without a pin the base client as it is (the platform's own TLS setup). With one, the same
     * client (sharing its connection pool and dispatcher) with [PinnedTrust] deciding which chains
     * and host names to accept.
     */
    fun client(base: OkHttpClient, pin: String?, system: X509TrustManager = systemTrust): OkHttpClient {
        if (pin == null) return base
        val trust = PinnedTrust(pin, system)
        val tls = SSLContext.getInstance("TLS").apply { init(null, arrayOf(trust), null) }
        return base.newBuilder()
            .sslSocketFactory(tls.socketFactory, trust)
            .hostnameVerifier(trust.hostnameVerifier(base.hostnameVerifier))
            .build()
    }
}
