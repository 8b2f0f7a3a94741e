// The portal app for Gradle users. Dependencies and versions mirror android-portal/pom.xml (the CI
// build), read from its <properties> by settings.gradle.kts: change a version there, once.
import com.google.protobuf.gradle.proto

plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
    id("com.google.protobuf")
}

@Suppress("UNCHECKED_CAST")
val v = gradle.extensions.extraProperties["portalVersions"] as Map<String, String>

android {
    namespace = v.getValue("android.applicationId")
    compileSdk = v.getValue("android.compileSdk").toInt()

    defaultConfig {
        applicationId = v.getValue("android.applicationId")
        minSdk = v.getValue("android.minSdk").toInt()
        targetSdk = v.getValue("android.targetSdk").toInt()
        versionCode = v.getValue("portal.versionCode").toInt()
        versionName = v.getValue("portal.versionName")
    }

    sourceSets {
        getByName("main") {
            manifest.srcFile("src/main/AndroidManifest.xml")
            java.srcDirs("src/main/kotlin")
            res.srcDirs("src/main/res")
            proto { srcDir("../proto") }
        }
        getByName("test") {
            java.srcDirs("src/test/kotlin")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    testOptions {
        unitTests.isIncludeAndroidResources = true
        unitTests.all { it.systemProperty("droidhub.vectors.dir", file("../proto/testdata").path) }
    }

    buildTypes {
        getByName("release") {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }
}

kotlin {
    jvmToolchain(17)
}

protobuf {
    protoc { artifact = "com.google.protobuf:protoc:${v.getValue("protobuf.version")}" }
    generateProtoTasks {
        all().forEach { task ->
            task.builtins { create("java") { option("lite") } }
        }
    }
}

dependencies {
    implementation("org.jetbrains.kotlin:kotlin-stdlib:${v.getValue("kotlin.version")}")
    implementation("com.google.protobuf:protobuf-javalite:${v.getValue("protobuf.version")}")
    implementation("com.squareup.okhttp3:okhttp:${v.getValue("okhttp.version")}")

    testImplementation("junit:junit:${v.getValue("junit.version")}")
    testImplementation("org.robolectric:robolectric:${v.getValue("robolectric.version")}")
    testImplementation("com.squareup.okhttp3:mockwebserver:${v.getValue("okhttp.version")}")
}
