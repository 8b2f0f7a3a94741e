package dev.droidhub.portal.tls

import org.bouncycastle.asn1.ASN1EncodableVector
import org.bouncycastle.asn1.ASN1Integer
import org.bouncycastle.asn1.DERBitString
import org.bouncycastle.asn1.DERSequence
import org.bouncycastle.asn1.x500.X500Name
import org.bouncycastle.asn1.x509.AlgorithmIdentifier
import org.bouncycastle.asn1.x509.BasicConstraints
import org.bouncycastle.asn1.x509.Extension
import org.bouncycastle.asn1.x509.ExtensionsGenerator
import org.bouncycastle.asn1.x509.GeneralName
import org.bouncycastle.asn1.x509.GeneralNames
import org.bouncycastle.asn1.x509.KeyUsage
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo
import org.bouncycastle.asn1.x509.Time
import org.bouncycastle.asn1.x509.V3TBSCertificateGenerator
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers
import java.math.BigInteger
import java.security.KeyPair
import java.security.KeyPairGenerator
import java.security.KeyStore
import java.security.Signature
import java.security.cert.CertificateFactory
import java.security.cert.X509Certificate
import java.security.spec.ECGenParameterSpec
import java.util.Date
import java.util.concurrent.atomic.AtomicLong
import javax.net.ssl.KeyManagerFactory
import javax.net.ssl.SSLContext
import javax.net.ssl.SSLSocketFactory
import javax.net.ssl.TrustManagerFactory
import javax.net.ssl.X509TrustManager

/**
 * Real X.509 certificates made at test time: BouncyCastle's ASN.1 classes (on the test classpath
 * through Robolectric) write the to-be-signed part, the JDK signs it and parses the result, so the
 * JDK's own PKIX validator and TLS stack judge them exactly as they would a hub's.
 */
class TestCert(val keys: KeyPair, val cert: X509Certificate, val chain: List<X509Certificate>) {
    /** A server socket factory presenting this certificate and its chain, for MockWebServer.useHttps. */
    fun serverSocketFactory(): SSLSocketFactory {
        val store = KeyStore.getInstance("PKCS12").apply { load(null, null) }
        store.setKeyEntry("hub", keys.private, PASSWORD, chain.toTypedArray())
        val kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm()).apply { init(store, PASSWORD) }
        return SSLContext.getInstance("TLS").apply { init(kmf.keyManagers, null, null) }.socketFactory
    }

    /** A trust store holding only this certificate: the "system" trust of a phone that knows this CA. */
    fun trustManager(): X509TrustManager {
        val store = KeyStore.getInstance(KeyStore.getDefaultType()).apply { load(null, null) }
        store.setCertificateEntry("ca", cert)
        val tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm()).apply { init(store) }
        return tmf.trustManagers.filterIsInstance<X509TrustManager>().first()
    }

    fun clientSocketFactory(): SSLSocketFactory = SSLContext.getInstance("TLS").apply { init(null, arrayOf(trustManager()), null) }.socketFactory

    private companion object {
        val PASSWORD = "test".toCharArray()
    }
}

object TestCertificates {
    private val serial = AtomicLong(System.nanoTime())
    private val ecdsaSha256 = AlgorithmIdentifier(X9ObjectIdentifiers.ecdsa_with_SHA256)

    fun keys(): KeyPair = KeyPairGenerator.getInstance("EC").apply { initialize(ECGenParameterSpec("secp256r1")) }.generateKeyPair()

    /** A certificate authority a trust store can hold. */
    fun authority(name: String = "droidhub test CA"): TestCert {
        val keys = keys()
        val cert = build(name, name, keys, keys, ca = true, hosts = emptyList())
        return TestCert(keys, cert, listOf(cert))
    }

    /** A hub certificate signed by [issuer], naming [hosts] in its subjectAltName. */
    fun signedBy(issuer: TestCert, hosts: List<String> = listOf("localhost", "127.0.0.1"), name: String = "hub"): TestCert {
        val keys = keys()
        val cert = build(name, issuer.cert.subjectX500Principal.name, keys, issuer.keys, ca = false, hosts = hosts)
        return TestCert(keys, cert, listOf(cert) + issuer.chain)
    }

    /** What `droidhub serve --tls-cert` is given on a LAN: self-signed, often without the name the phone dials. */
    fun selfSigned(name: String = "droidhub hub", hosts: List<String> = emptyList(), keys: KeyPair = keys()): TestCert {
        val cert = build(name, name, keys, keys, ca = false, hosts = hosts)
        return TestCert(keys, cert, listOf(cert))
    }

    private fun build(subject: String, issuer: String, subjectKeys: KeyPair, issuerKeys: KeyPair, ca: Boolean, hosts: List<String>): X509Certificate {
        val now = System.currentTimeMillis()
        val tbs = V3TBSCertificateGenerator().apply {
            setSerialNumber(ASN1Integer(BigInteger.valueOf(serial.incrementAndGet())))
            setIssuer(X500Name(if (issuer.contains('=')) issuer else "CN=$issuer"))
            setSubject(X500Name("CN=$subject"))
            setStartDate(Time(Date(now - 3_600_000)))
            setEndDate(Time(Date(now + 86_400_000)))
            setSubjectPublicKeyInfo(SubjectPublicKeyInfo.getInstance(subjectKeys.public.encoded))
            setSignature(ecdsaSha256)
            setExtensions(extensions(ca, hosts))
        }.generateTBSCertificate()
        val signature = Signature.getInstance("SHA256withECDSA").apply {
            initSign(issuerKeys.private)
            update(tbs.encoded)
        }.sign()
        val der = DERSequence(ASN1EncodableVector().apply {
            add(tbs)
            add(ecdsaSha256)
            add(DERBitString(signature))
        }).encoded
        return CertificateFactory.getInstance("X.509").generateCertificate(der.inputStream()) as X509Certificate
    }

    private fun extensions(ca: Boolean, hosts: List<String>) = ExtensionsGenerator().apply {
        addExtension(Extension.basicConstraints, true, BasicConstraints(ca))
        if (ca) addExtension(Extension.keyUsage, true, KeyUsage(KeyUsage.keyCertSign or KeyUsage.cRLSign))
        if (hosts.isNotEmpty()) {
            val names = hosts.map { GeneralName(if (it[0].isDigit()) GeneralName.iPAddress else GeneralName.dNSName, it) }
            addExtension(Extension.subjectAlternativeName, false, GeneralNames(names.toTypedArray()))
        }
    }.generate()
}
