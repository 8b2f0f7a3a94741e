import * as $protobuf from "protobufjs/minimal.js";
import Long = require("long");

export namespace droidhub {

    namespace v1 {

        enum ProtocolVersion {
            PROTOCOL_VERSION_UNSPECIFIED = 0,
            PROTOCOL_VERSION_1 = 1
        }

        interface IEnvelope extends droidhub.v1.Envelope.$Properties {
        }

        class Envelope {
            constructor(p?: droidhub.v1.Envelope.$Properties);
            $unknowns?: Uint8Array[];
            id: number;
            replyTo: number;
            ackedResultIds: number[];
            hello?: (droidhub.v1.Hello.$Properties|null);
            welcome?: (droidhub.v1.Welcome.$Properties|null);
            getUi?: (droidhub.v1.GetUiRequest.$Properties|null);
            screenshot?: (droidhub.v1.ScreenshotRequest.$Properties|null);
            tap?: (droidhub.v1.TapRequest.$Properties|null);
            longPress?: (droidhub.v1.LongPressRequest.$Properties|null);
            swipe?: (droidhub.v1.SwipeRequest.$Properties|null);
            scroll?: (droidhub.v1.ScrollRequest.$Properties|null);
            inputText?: (droidhub.v1.InputTextRequest.$Properties|null);
            pressKey?: (droidhub.v1.PressKeyRequest.$Properties|null);
            launchApp?: (droidhub.v1.LaunchAppRequest.$Properties|null);
            openUrl?: (droidhub.v1.OpenUrlRequest.$Properties|null);
            listApps?: (droidhub.v1.ListAppsRequest.$Properties|null);
            getState?: (droidhub.v1.GetStateRequest.$Properties|null);
            streamStart?: (droidhub.v1.StreamStartRequest.$Properties|null);
            streamStop?: (droidhub.v1.StreamStopRequest.$Properties|null);
            stopApp?: (droidhub.v1.StopAppRequest.$Properties|null);
            result?: (droidhub.v1.Result.$Properties|null);
            event?: (droidhub.v1.DeviceEvent.$Properties|null);
            streamFrame?: (droidhub.v1.StreamFrame.$Properties|null);
            resultAck?: (droidhub.v1.ResultAck.$Properties|null);
            streamCredit?: (droidhub.v1.StreamCredit.$Properties|null);
            body?: ("hello"|"welcome"|"getUi"|"screenshot"|"tap"|"longPress"|"swipe"|"scroll"|"inputText"|"pressKey"|"launchApp"|"openUrl"|"listApps"|"getState"|"streamStart"|"streamStop"|"stopApp"|"result"|"event"|"streamFrame"|"resultAck"|"streamCredit");
            static create(properties: droidhub.v1.Envelope.$Shape): droidhub.v1.Envelope & droidhub.v1.Envelope.$Shape;
            static create(properties?: droidhub.v1.Envelope.$Properties): droidhub.v1.Envelope;
            static encode(m: droidhub.v1.Envelope.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Envelope & droidhub.v1.Envelope.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Envelope;
            static toObject(m: droidhub.v1.Envelope, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Envelope {
            interface $Properties {
                id?: (number|null);
                replyTo?: (number|null);
                ackedResultIds?: (number[]|null);
                hello?: (droidhub.v1.Hello.$Properties|null);
                welcome?: (droidhub.v1.Welcome.$Properties|null);
                getUi?: (droidhub.v1.GetUiRequest.$Properties|null);
                screenshot?: (droidhub.v1.ScreenshotRequest.$Properties|null);
                tap?: (droidhub.v1.TapRequest.$Properties|null);
                longPress?: (droidhub.v1.LongPressRequest.$Properties|null);
                swipe?: (droidhub.v1.SwipeRequest.$Properties|null);
                scroll?: (droidhub.v1.ScrollRequest.$Properties|null);
                inputText?: (droidhub.v1.InputTextRequest.$Properties|null);
                pressKey?: (droidhub.v1.PressKeyRequest.$Properties|null);
                launchApp?: (droidhub.v1.LaunchAppRequest.$Properties|null);
                openUrl?: (droidhub.v1.OpenUrlRequest.$Properties|null);
                listApps?: (droidhub.v1.ListAppsRequest.$Properties|null);
                getState?: (droidhub.v1.GetStateRequest.$Properties|null);
                streamStart?: (droidhub.v1.StreamStartRequest.$Properties|null);
                streamStop?: (droidhub.v1.StreamStopRequest.$Properties|null);
                stopApp?: (droidhub.v1.StopAppRequest.$Properties|null);
                result?: (droidhub.v1.Result.$Properties|null);
                event?: (droidhub.v1.DeviceEvent.$Properties|null);
                streamFrame?: (droidhub.v1.StreamFrame.$Properties|null);
                resultAck?: (droidhub.v1.ResultAck.$Properties|null);
                streamCredit?: (droidhub.v1.StreamCredit.$Properties|null);
                body?: ("hello"|"welcome"|"getUi"|"screenshot"|"tap"|"longPress"|"swipe"|"scroll"|"inputText"|"pressKey"|"launchApp"|"openUrl"|"listApps"|"getState"|"streamStart"|"streamStop"|"stopApp"|"result"|"event"|"streamFrame"|"resultAck"|"streamCredit");
                $unknowns?: Uint8Array[];
            }
            type $Shape = {
              id?: number|null;
              replyTo?: number|null;
              ackedResultIds?: number[]|null;
              hello?: droidhub.v1.Hello.$Shape|null;
              welcome?: droidhub.v1.Welcome.$Shape|null;
              getUi?: droidhub.v1.GetUiRequest.$Shape|null;
              screenshot?: droidhub.v1.ScreenshotRequest.$Shape|null;
              tap?: droidhub.v1.TapRequest.$Shape|null;
              longPress?: droidhub.v1.LongPressRequest.$Shape|null;
              swipe?: droidhub.v1.SwipeRequest.$Shape|null;
              scroll?: droidhub.v1.ScrollRequest.$Shape|null;
              inputText?: droidhub.v1.InputTextRequest.$Shape|null;
              pressKey?: droidhub.v1.PressKeyRequest.$Shape|null;
              launchApp?: droidhub.v1.LaunchAppRequest.$Shape|null;
              openUrl?: droidhub.v1.OpenUrlRequest.$Shape|null;
              listApps?: droidhub.v1.ListAppsRequest.$Shape|null;
              getState?: droidhub.v1.GetStateRequest.$Shape|null;
              streamStart?: droidhub.v1.StreamStartRequest.$Shape|null;
              streamStop?: droidhub.v1.StreamStopRequest.$Shape|null;
              stopApp?: droidhub.v1.StopAppRequest.$Shape|null;
              result?: droidhub.v1.Result.$Shape|null;
              event?: droidhub.v1.DeviceEvent.$Shape|null;
              streamFrame?: droidhub.v1.StreamFrame.$Shape|null;
              resultAck?: droidhub.v1.ResultAck.$Shape|null;
              streamCredit?: droidhub.v1.StreamCredit.$Shape|null;
              $unknowns?: Uint8Array[];
            } & (
              ({ body?: undefined; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "hello"; hello: droidhub.v1.Hello.$Shape; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "welcome"; hello?: null; welcome: droidhub.v1.Welcome.$Shape; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "getUi"; hello?: null; welcome?: null; getUi: droidhub.v1.GetUiRequest.$Shape; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "screenshot"; hello?: null; welcome?: null; getUi?: null; screenshot: droidhub.v1.ScreenshotRequest.$Shape; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "tap"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap: droidhub.v1.TapRequest.$Shape; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "longPress"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress: droidhub.v1.LongPressRequest.$Shape; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "swipe"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe: droidhub.v1.SwipeRequest.$Shape; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "scroll"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll: droidhub.v1.ScrollRequest.$Shape; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "inputText"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText: droidhub.v1.InputTextRequest.$Shape; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "pressKey"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey: droidhub.v1.PressKeyRequest.$Shape; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "launchApp"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp: droidhub.v1.LaunchAppRequest.$Shape; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "openUrl"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl: droidhub.v1.OpenUrlRequest.$Shape; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "listApps"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps: droidhub.v1.ListAppsRequest.$Shape; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "getState"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState: droidhub.v1.GetStateRequest.$Shape; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "streamStart"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart: droidhub.v1.StreamStartRequest.$Shape; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "streamStop"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop: droidhub.v1.StreamStopRequest.$Shape; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "stopApp"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp: droidhub.v1.StopAppRequest.$Shape; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "result"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result: droidhub.v1.Result.$Shape; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "event"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event: droidhub.v1.DeviceEvent.$Shape; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "streamFrame"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame: droidhub.v1.StreamFrame.$Shape; resultAck?: null; streamCredit?: null }|{ body?: "resultAck"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck: droidhub.v1.ResultAck.$Shape; streamCredit?: null }|{ body?: "streamCredit"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit: droidhub.v1.StreamCredit.$Shape })
            );
        }

        interface IScreen extends droidhub.v1.Screen.$Properties {
        }

        class Screen {
            constructor(p?: droidhub.v1.Screen.$Properties);
            $unknowns?: Uint8Array[];
            width: number;
            height: number;
            densityDpi: number;
            rotation: number;
            static create(properties: droidhub.v1.Screen.$Shape): droidhub.v1.Screen & droidhub.v1.Screen.$Shape;
            static create(properties?: droidhub.v1.Screen.$Properties): droidhub.v1.Screen;
            static encode(m: droidhub.v1.Screen.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Screen & droidhub.v1.Screen.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Screen;
            static toObject(m: droidhub.v1.Screen, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Screen {
            interface $Properties {
                width?: (number|null);
                height?: (number|null);
                densityDpi?: (number|null);
                rotation?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Screen.$Properties;
        }

        interface IHello extends droidhub.v1.Hello.$Properties {
        }

        class Hello {
            constructor(p?: droidhub.v1.Hello.$Properties);
            $unknowns?: Uint8Array[];
            deviceId: string;
            portalVersion: string;
            protocolVersion: droidhub.v1.ProtocolVersion;
            manufacturer: string;
            model: string;
            sdkInt: number;
            screen?: (droidhub.v1.Screen.$Properties|null);
            capabilities: string[];
            resumeToken: string;
            cachedResultIds: number[];
            static create(properties: droidhub.v1.Hello.$Shape): droidhub.v1.Hello & droidhub.v1.Hello.$Shape;
            static create(properties?: droidhub.v1.Hello.$Properties): droidhub.v1.Hello;
            static encode(m: droidhub.v1.Hello.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Hello & droidhub.v1.Hello.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Hello;
            static toObject(m: droidhub.v1.Hello, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Hello {
            interface $Properties {
                deviceId?: (string|null);
                portalVersion?: (string|null);
                protocolVersion?: (droidhub.v1.ProtocolVersion|null);
                manufacturer?: (string|null);
                model?: (string|null);
                sdkInt?: (number|null);
                screen?: (droidhub.v1.Screen.$Properties|null);
                capabilities?: (string[]|null);
                resumeToken?: (string|null);
                cachedResultIds?: (number[]|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Hello.$Properties;
        }

        interface ILimits extends droidhub.v1.Limits.$Properties {
        }

        class Limits {
            constructor(p?: droidhub.v1.Limits.$Properties);
            $unknowns?: Uint8Array[];
            maxFrameBytes: number;
            maxInFlight: number;
            maxMessagesPerSecond: number;
            static create(properties: droidhub.v1.Limits.$Shape): droidhub.v1.Limits & droidhub.v1.Limits.$Shape;
            static create(properties?: droidhub.v1.Limits.$Properties): droidhub.v1.Limits;
            static encode(m: droidhub.v1.Limits.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Limits & droidhub.v1.Limits.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Limits;
            static toObject(m: droidhub.v1.Limits, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Limits {
            interface $Properties {
                maxFrameBytes?: (number|null);
                maxInFlight?: (number|null);
                maxMessagesPerSecond?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Limits.$Properties;
        }

        interface IScreenshotDefaults extends droidhub.v1.ScreenshotDefaults.$Properties {
        }

        class ScreenshotDefaults {
            constructor(p?: droidhub.v1.ScreenshotDefaults.$Properties);
            $unknowns?: Uint8Array[];
            format: droidhub.v1.ImageFormat;
            quality: number;
            maxSide: number;
            static create(properties: droidhub.v1.ScreenshotDefaults.$Shape): droidhub.v1.ScreenshotDefaults & droidhub.v1.ScreenshotDefaults.$Shape;
            static create(properties?: droidhub.v1.ScreenshotDefaults.$Properties): droidhub.v1.ScreenshotDefaults;
            static encode(m: droidhub.v1.ScreenshotDefaults.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.ScreenshotDefaults & droidhub.v1.ScreenshotDefaults.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.ScreenshotDefaults;
            static toObject(m: droidhub.v1.ScreenshotDefaults, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace ScreenshotDefaults {
            interface $Properties {
                format?: (droidhub.v1.ImageFormat|null);
                quality?: (number|null);
                maxSide?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.ScreenshotDefaults.$Properties;
        }

        interface IWelcome extends droidhub.v1.Welcome.$Properties {
        }

        class Welcome {
            constructor(p?: droidhub.v1.Welcome.$Properties);
            $unknowns?: Uint8Array[];
            sessionId: string;
            deviceSecret: string;
            resumeToken: string;
            heartbeatIntervalMs: number;
            limits?: (droidhub.v1.Limits.$Properties|null);
            screenshotDefaults?: (droidhub.v1.ScreenshotDefaults.$Properties|null);
            resumed: boolean;
            static create(properties: droidhub.v1.Welcome.$Shape): droidhub.v1.Welcome & droidhub.v1.Welcome.$Shape;
            static create(properties?: droidhub.v1.Welcome.$Properties): droidhub.v1.Welcome;
            static encode(m: droidhub.v1.Welcome.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Welcome & droidhub.v1.Welcome.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Welcome;
            static toObject(m: droidhub.v1.Welcome, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Welcome {
            interface $Properties {
                sessionId?: (string|null);
                deviceSecret?: (string|null);
                resumeToken?: (string|null);
                heartbeatIntervalMs?: (number|null);
                limits?: (droidhub.v1.Limits.$Properties|null);
                screenshotDefaults?: (droidhub.v1.ScreenshotDefaults.$Properties|null);
                resumed?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Welcome.$Properties;
        }

        interface IBounds extends droidhub.v1.Bounds.$Properties {
        }

        class Bounds {
            constructor(p?: droidhub.v1.Bounds.$Properties);
            $unknowns?: Uint8Array[];
            left: number;
            top: number;
            right: number;
            bottom: number;
            static create(properties: droidhub.v1.Bounds.$Shape): droidhub.v1.Bounds & droidhub.v1.Bounds.$Shape;
            static create(properties?: droidhub.v1.Bounds.$Properties): droidhub.v1.Bounds;
            static encode(m: droidhub.v1.Bounds.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Bounds & droidhub.v1.Bounds.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Bounds;
            static toObject(m: droidhub.v1.Bounds, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Bounds {
            interface $Properties {
                left?: (number|null);
                top?: (number|null);
                right?: (number|null);
                bottom?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Bounds.$Properties;
        }

        enum WindowType {
            WINDOW_TYPE_UNSPECIFIED = 0,
            WINDOW_TYPE_APPLICATION = 1,
            WINDOW_TYPE_INPUT_METHOD = 2,
            WINDOW_TYPE_SYSTEM = 3,
            WINDOW_TYPE_ACCESSIBILITY_OVERLAY = 4,
            WINDOW_TYPE_SPLIT_SCREEN_DIVIDER = 5,
            WINDOW_TYPE_MAGNIFICATION_OVERLAY = 6
        }

        interface IWindow extends droidhub.v1.Window.$Properties {
        }

        class Window {
            constructor(p?: droidhub.v1.Window.$Properties);
            $unknowns?: Uint8Array[];
            id: number;
            type: droidhub.v1.WindowType;
            title: string;
            layer: number;
            active: boolean;
            focused: boolean;
            bounds?: (droidhub.v1.Bounds.$Properties|null);
            packageName: string;
            static create(properties: droidhub.v1.Window.$Shape): droidhub.v1.Window & droidhub.v1.Window.$Shape;
            static create(properties?: droidhub.v1.Window.$Properties): droidhub.v1.Window;
            static encode(m: droidhub.v1.Window.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Window & droidhub.v1.Window.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Window;
            static toObject(m: droidhub.v1.Window, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Window {
            interface $Properties {
                id?: (number|null);
                type?: (droidhub.v1.WindowType|null);
                title?: (string|null);
                layer?: (number|null);
                active?: (boolean|null);
                focused?: (boolean|null);
                bounds?: (droidhub.v1.Bounds.$Properties|null);
                packageName?: (string|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Window.$Properties;
        }

        interface IUiNode extends droidhub.v1.UiNode.$Properties {
        }

        class UiNode {
            constructor(p?: droidhub.v1.UiNode.$Properties);
            $unknowns?: Uint8Array[];
            parent: number;
            windowId: number;
            packageName: string;
            className: string;
            text: string;
            contentDesc: string;
            hint: string;
            resourceId: string;
            bounds?: (droidhub.v1.Bounds.$Properties|null);
            clickable: boolean;
            longClickable: boolean;
            focusable: boolean;
            focused: boolean;
            editable: boolean;
            checkable: boolean;
            checked: boolean;
            scrollable: boolean;
            enabled: boolean;
            selected: boolean;
            password: boolean;
            visible: boolean;
            depth: number;
            static create(properties: droidhub.v1.UiNode.$Shape): droidhub.v1.UiNode & droidhub.v1.UiNode.$Shape;
            static create(properties?: droidhub.v1.UiNode.$Properties): droidhub.v1.UiNode;
            static encode(m: droidhub.v1.UiNode.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.UiNode & droidhub.v1.UiNode.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.UiNode;
            static toObject(m: droidhub.v1.UiNode, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace UiNode {
            interface $Properties {
                parent?: (number|null);
                windowId?: (number|null);
                packageName?: (string|null);
                className?: (string|null);
                text?: (string|null);
                contentDesc?: (string|null);
                hint?: (string|null);
                resourceId?: (string|null);
                bounds?: (droidhub.v1.Bounds.$Properties|null);
                clickable?: (boolean|null);
                longClickable?: (boolean|null);
                focusable?: (boolean|null);
                focused?: (boolean|null);
                editable?: (boolean|null);
                checkable?: (boolean|null);
                checked?: (boolean|null);
                scrollable?: (boolean|null);
                enabled?: (boolean|null);
                selected?: (boolean|null);
                password?: (boolean|null);
                visible?: (boolean|null);
                depth?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.UiNode.$Properties;
        }

        interface IKeyboardState extends droidhub.v1.KeyboardState.$Properties {
        }

        class KeyboardState {
            constructor(p?: droidhub.v1.KeyboardState.$Properties);
            $unknowns?: Uint8Array[];
            shown: boolean;
            imePackage: string;
            bounds?: (droidhub.v1.Bounds.$Properties|null);
            static create(properties: droidhub.v1.KeyboardState.$Shape): droidhub.v1.KeyboardState & droidhub.v1.KeyboardState.$Shape;
            static create(properties?: droidhub.v1.KeyboardState.$Properties): droidhub.v1.KeyboardState;
            static encode(m: droidhub.v1.KeyboardState.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.KeyboardState & droidhub.v1.KeyboardState.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.KeyboardState;
            static toObject(m: droidhub.v1.KeyboardState, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace KeyboardState {
            interface $Properties {
                shown?: (boolean|null);
                imePackage?: (string|null);
                bounds?: (droidhub.v1.Bounds.$Properties|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.KeyboardState.$Properties;
        }

        interface IUiTree extends droidhub.v1.UiTree.$Properties {
        }

        class UiTree {
            constructor(p?: droidhub.v1.UiTree.$Properties);
            $unknowns?: Uint8Array[];
            windows: droidhub.v1.Window.$Properties[];
            nodes: droidhub.v1.UiNode.$Properties[];
            foregroundPackage: string;
            foregroundActivity: string;
            keyboard?: (droidhub.v1.KeyboardState.$Properties|null);
            screen?: (droidhub.v1.Screen.$Properties|null);
            capturedAtMs: number;
            captureMs: number;
            truncated: boolean;
            static create(properties: droidhub.v1.UiTree.$Shape): droidhub.v1.UiTree & droidhub.v1.UiTree.$Shape;
            static create(properties?: droidhub.v1.UiTree.$Properties): droidhub.v1.UiTree;
            static encode(m: droidhub.v1.UiTree.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.UiTree & droidhub.v1.UiTree.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.UiTree;
            static toObject(m: droidhub.v1.UiTree, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace UiTree {
            interface $Properties {
                windows?: (droidhub.v1.Window.$Properties[]|null);
                nodes?: (droidhub.v1.UiNode.$Properties[]|null);
                foregroundPackage?: (string|null);
                foregroundActivity?: (string|null);
                keyboard?: (droidhub.v1.KeyboardState.$Properties|null);
                screen?: (droidhub.v1.Screen.$Properties|null);
                capturedAtMs?: (number|null);
                captureMs?: (number|null);
                truncated?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.UiTree.$Properties;
        }

        interface IGetUiRequest extends droidhub.v1.GetUiRequest.$Properties {
        }

        class GetUiRequest {
            constructor(p?: droidhub.v1.GetUiRequest.$Properties);
            $unknowns?: Uint8Array[];
            allWindows: boolean;
            static create(properties: droidhub.v1.GetUiRequest.$Shape): droidhub.v1.GetUiRequest & droidhub.v1.GetUiRequest.$Shape;
            static create(properties?: droidhub.v1.GetUiRequest.$Properties): droidhub.v1.GetUiRequest;
            static encode(m: droidhub.v1.GetUiRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.GetUiRequest & droidhub.v1.GetUiRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.GetUiRequest;
            static toObject(m: droidhub.v1.GetUiRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace GetUiRequest {
            interface $Properties {
                allWindows?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.GetUiRequest.$Properties;
        }

        enum ImageFormat {
            IMAGE_FORMAT_UNSPECIFIED = 0,
            IMAGE_FORMAT_JPEG = 1,
            IMAGE_FORMAT_WEBP = 2,
            IMAGE_FORMAT_PNG = 3
        }

        interface IScreenshotRequest extends droidhub.v1.ScreenshotRequest.$Properties {
        }

        class ScreenshotRequest {
            constructor(p?: droidhub.v1.ScreenshotRequest.$Properties);
            $unknowns?: Uint8Array[];
            format: droidhub.v1.ImageFormat;
            quality: number;
            maxSide: number;
            static create(properties: droidhub.v1.ScreenshotRequest.$Shape): droidhub.v1.ScreenshotRequest & droidhub.v1.ScreenshotRequest.$Shape;
            static create(properties?: droidhub.v1.ScreenshotRequest.$Properties): droidhub.v1.ScreenshotRequest;
            static encode(m: droidhub.v1.ScreenshotRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.ScreenshotRequest & droidhub.v1.ScreenshotRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.ScreenshotRequest;
            static toObject(m: droidhub.v1.ScreenshotRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace ScreenshotRequest {
            interface $Properties {
                format?: (droidhub.v1.ImageFormat|null);
                quality?: (number|null);
                maxSide?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.ScreenshotRequest.$Properties;
        }

        interface ITapRequest extends droidhub.v1.TapRequest.$Properties {
        }

        class TapRequest {
            constructor(p?: droidhub.v1.TapRequest.$Properties);
            $unknowns?: Uint8Array[];
            x: number;
            y: number;
            count: number;
            static create(properties: droidhub.v1.TapRequest.$Shape): droidhub.v1.TapRequest & droidhub.v1.TapRequest.$Shape;
            static create(properties?: droidhub.v1.TapRequest.$Properties): droidhub.v1.TapRequest;
            static encode(m: droidhub.v1.TapRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.TapRequest & droidhub.v1.TapRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.TapRequest;
            static toObject(m: droidhub.v1.TapRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace TapRequest {
            interface $Properties {
                x?: (number|null);
                y?: (number|null);
                count?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.TapRequest.$Properties;
        }

        interface ILongPressRequest extends droidhub.v1.LongPressRequest.$Properties {
        }

        class LongPressRequest {
            constructor(p?: droidhub.v1.LongPressRequest.$Properties);
            $unknowns?: Uint8Array[];
            x: number;
            y: number;
            durationMs: number;
            static create(properties: droidhub.v1.LongPressRequest.$Shape): droidhub.v1.LongPressRequest & droidhub.v1.LongPressRequest.$Shape;
            static create(properties?: droidhub.v1.LongPressRequest.$Properties): droidhub.v1.LongPressRequest;
            static encode(m: droidhub.v1.LongPressRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.LongPressRequest & droidhub.v1.LongPressRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.LongPressRequest;
            static toObject(m: droidhub.v1.LongPressRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace LongPressRequest {
            interface $Properties {
                x?: (number|null);
                y?: (number|null);
                durationMs?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.LongPressRequest.$Properties;
        }

        interface ISwipeRequest extends droidhub.v1.SwipeRequest.$Properties {
        }

        class SwipeRequest {
            constructor(p?: droidhub.v1.SwipeRequest.$Properties);
            $unknowns?: Uint8Array[];
            fromX: number;
            fromY: number;
            toX: number;
            toY: number;
            durationMs: number;
            static create(properties: droidhub.v1.SwipeRequest.$Shape): droidhub.v1.SwipeRequest & droidhub.v1.SwipeRequest.$Shape;
            static create(properties?: droidhub.v1.SwipeRequest.$Properties): droidhub.v1.SwipeRequest;
            static encode(m: droidhub.v1.SwipeRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.SwipeRequest & droidhub.v1.SwipeRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.SwipeRequest;
            static toObject(m: droidhub.v1.SwipeRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace SwipeRequest {
            interface $Properties {
                fromX?: (number|null);
                fromY?: (number|null);
                toX?: (number|null);
                toY?: (number|null);
                durationMs?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.SwipeRequest.$Properties;
        }

        enum Direction {
            DIRECTION_UNSPECIFIED = 0,
            DIRECTION_UP = 1,
            DIRECTION_DOWN = 2,
            DIRECTION_LEFT = 3,
            DIRECTION_RIGHT = 4
        }

        interface IScrollRequest extends droidhub.v1.ScrollRequest.$Properties {
        }

        class ScrollRequest {
            constructor(p?: droidhub.v1.ScrollRequest.$Properties);
            $unknowns?: Uint8Array[];
            direction: droidhub.v1.Direction;
            amountPx: number;
            nodeIndex: number;
            hasNode: boolean;
            static create(properties: droidhub.v1.ScrollRequest.$Shape): droidhub.v1.ScrollRequest & droidhub.v1.ScrollRequest.$Shape;
            static create(properties?: droidhub.v1.ScrollRequest.$Properties): droidhub.v1.ScrollRequest;
            static encode(m: droidhub.v1.ScrollRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.ScrollRequest & droidhub.v1.ScrollRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.ScrollRequest;
            static toObject(m: droidhub.v1.ScrollRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace ScrollRequest {
            interface $Properties {
                direction?: (droidhub.v1.Direction|null);
                amountPx?: (number|null);
                nodeIndex?: (number|null);
                hasNode?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.ScrollRequest.$Properties;
        }

        interface IInputTextRequest extends droidhub.v1.InputTextRequest.$Properties {
        }

        class InputTextRequest {
            constructor(p?: droidhub.v1.InputTextRequest.$Properties);
            $unknowns?: Uint8Array[];
            text: string;
            nodeIndex: number;
            hasNode: boolean;
            clearFirst: boolean;
            submit: boolean;
            static create(properties: droidhub.v1.InputTextRequest.$Shape): droidhub.v1.InputTextRequest & droidhub.v1.InputTextRequest.$Shape;
            static create(properties?: droidhub.v1.InputTextRequest.$Properties): droidhub.v1.InputTextRequest;
            static encode(m: droidhub.v1.InputTextRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.InputTextRequest & droidhub.v1.InputTextRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.InputTextRequest;
            static toObject(m: droidhub.v1.InputTextRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace InputTextRequest {
            interface $Properties {
                text?: (string|null);
                nodeIndex?: (number|null);
                hasNode?: (boolean|null);
                clearFirst?: (boolean|null);
                submit?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.InputTextRequest.$Properties;
        }

        enum Key {
            KEY_UNSPECIFIED = 0,
            KEY_BACK = 1,
            KEY_HOME = 2,
            KEY_RECENTS = 3,
            KEY_ENTER = 4,
            KEY_DELETE = 5,
            KEY_NOTIFICATIONS = 6,
            KEY_QUICK_SETTINGS = 7,
            KEY_POWER_DIALOG = 8,
            KEY_LOCK_SCREEN = 9,
            KEY_TAB = 10,
            KEY_SEARCH = 11
        }

        interface IPressKeyRequest extends droidhub.v1.PressKeyRequest.$Properties {
        }

        class PressKeyRequest {
            constructor(p?: droidhub.v1.PressKeyRequest.$Properties);
            $unknowns?: Uint8Array[];
            key: droidhub.v1.Key;
            static create(properties: droidhub.v1.PressKeyRequest.$Shape): droidhub.v1.PressKeyRequest & droidhub.v1.PressKeyRequest.$Shape;
            static create(properties?: droidhub.v1.PressKeyRequest.$Properties): droidhub.v1.PressKeyRequest;
            static encode(m: droidhub.v1.PressKeyRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.PressKeyRequest & droidhub.v1.PressKeyRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.PressKeyRequest;
            static toObject(m: droidhub.v1.PressKeyRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace PressKeyRequest {
            interface $Properties {
                key?: (droidhub.v1.Key|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.PressKeyRequest.$Properties;
        }

        interface ILaunchAppRequest extends droidhub.v1.LaunchAppRequest.$Properties {
        }

        class LaunchAppRequest {
            constructor(p?: droidhub.v1.LaunchAppRequest.$Properties);
            $unknowns?: Uint8Array[];
            packageName: string;
            activity: string;
            static create(properties: droidhub.v1.LaunchAppRequest.$Shape): droidhub.v1.LaunchAppRequest & droidhub.v1.LaunchAppRequest.$Shape;
            static create(properties?: droidhub.v1.LaunchAppRequest.$Properties): droidhub.v1.LaunchAppRequest;
            static encode(m: droidhub.v1.LaunchAppRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.LaunchAppRequest & droidhub.v1.LaunchAppRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.LaunchAppRequest;
            static toObject(m: droidhub.v1.LaunchAppRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace LaunchAppRequest {
            interface $Properties {
                packageName?: (string|null);
                activity?: (string|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.LaunchAppRequest.$Properties;
        }

        interface IOpenUrlRequest extends droidhub.v1.OpenUrlRequest.$Properties {
        }

        class OpenUrlRequest {
            constructor(p?: droidhub.v1.OpenUrlRequest.$Properties);
            $unknowns?: Uint8Array[];
            url: string;
            static create(properties: droidhub.v1.OpenUrlRequest.$Shape): droidhub.v1.OpenUrlRequest & droidhub.v1.OpenUrlRequest.$Shape;
            static create(properties?: droidhub.v1.OpenUrlRequest.$Properties): droidhub.v1.OpenUrlRequest;
            static encode(m: droidhub.v1.OpenUrlRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.OpenUrlRequest & droidhub.v1.OpenUrlRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.OpenUrlRequest;
            static toObject(m: droidhub.v1.OpenUrlRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace OpenUrlRequest {
            interface $Properties {
                url?: (string|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.OpenUrlRequest.$Properties;
        }

        interface IListAppsRequest extends droidhub.v1.ListAppsRequest.$Properties {
        }

        class ListAppsRequest {
            constructor(p?: droidhub.v1.ListAppsRequest.$Properties);
            $unknowns?: Uint8Array[];
            includeSystem: boolean;
            static create(properties: droidhub.v1.ListAppsRequest.$Shape): droidhub.v1.ListAppsRequest & droidhub.v1.ListAppsRequest.$Shape;
            static create(properties?: droidhub.v1.ListAppsRequest.$Properties): droidhub.v1.ListAppsRequest;
            static encode(m: droidhub.v1.ListAppsRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.ListAppsRequest & droidhub.v1.ListAppsRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.ListAppsRequest;
            static toObject(m: droidhub.v1.ListAppsRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace ListAppsRequest {
            interface $Properties {
                includeSystem?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.ListAppsRequest.$Properties;
        }

        interface IGetStateRequest extends droidhub.v1.GetStateRequest.$Properties {
        }

        class GetStateRequest {
            constructor(p?: droidhub.v1.GetStateRequest.$Properties);
            $unknowns?: Uint8Array[];
            static create(properties: droidhub.v1.GetStateRequest.$Shape): droidhub.v1.GetStateRequest & droidhub.v1.GetStateRequest.$Shape;
            static create(properties?: droidhub.v1.GetStateRequest.$Properties): droidhub.v1.GetStateRequest;
            static encode(m: droidhub.v1.GetStateRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.GetStateRequest & droidhub.v1.GetStateRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.GetStateRequest;
            static toObject(m: droidhub.v1.GetStateRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace GetStateRequest {
            interface $Properties {
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.GetStateRequest.$Properties;
        }

        interface IStopAppRequest extends droidhub.v1.StopAppRequest.$Properties {
        }

        class StopAppRequest {
            constructor(p?: droidhub.v1.StopAppRequest.$Properties);
            $unknowns?: Uint8Array[];
            packageName: string;
            static create(properties: droidhub.v1.StopAppRequest.$Shape): droidhub.v1.StopAppRequest & droidhub.v1.StopAppRequest.$Shape;
            static create(properties?: droidhub.v1.StopAppRequest.$Properties): droidhub.v1.StopAppRequest;
            static encode(m: droidhub.v1.StopAppRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.StopAppRequest & droidhub.v1.StopAppRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.StopAppRequest;
            static toObject(m: droidhub.v1.StopAppRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace StopAppRequest {
            interface $Properties {
                packageName?: (string|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.StopAppRequest.$Properties;
        }

        interface IStreamStartRequest extends droidhub.v1.StreamStartRequest.$Properties {
        }

        class StreamStartRequest {
            constructor(p?: droidhub.v1.StreamStartRequest.$Properties);
            $unknowns?: Uint8Array[];
            streamId: number;
            maxFps: number;
            maxWidth: number;
            quality: number;
            credits: number;
            static create(properties: droidhub.v1.StreamStartRequest.$Shape): droidhub.v1.StreamStartRequest & droidhub.v1.StreamStartRequest.$Shape;
            static create(properties?: droidhub.v1.StreamStartRequest.$Properties): droidhub.v1.StreamStartRequest;
            static encode(m: droidhub.v1.StreamStartRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.StreamStartRequest & droidhub.v1.StreamStartRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.StreamStartRequest;
            static toObject(m: droidhub.v1.StreamStartRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace StreamStartRequest {
            interface $Properties {
                streamId?: (number|null);
                maxFps?: (number|null);
                maxWidth?: (number|null);
                quality?: (number|null);
                credits?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.StreamStartRequest.$Properties;
        }

        interface IStreamStopRequest extends droidhub.v1.StreamStopRequest.$Properties {
        }

        class StreamStopRequest {
            constructor(p?: droidhub.v1.StreamStopRequest.$Properties);
            $unknowns?: Uint8Array[];
            streamId: number;
            static create(properties: droidhub.v1.StreamStopRequest.$Shape): droidhub.v1.StreamStopRequest & droidhub.v1.StreamStopRequest.$Shape;
            static create(properties?: droidhub.v1.StreamStopRequest.$Properties): droidhub.v1.StreamStopRequest;
            static encode(m: droidhub.v1.StreamStopRequest.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.StreamStopRequest & droidhub.v1.StreamStopRequest.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.StreamStopRequest;
            static toObject(m: droidhub.v1.StreamStopRequest, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace StreamStopRequest {
            interface $Properties {
                streamId?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.StreamStopRequest.$Properties;
        }

        enum ErrorCode {
            ERROR_CODE_UNSPECIFIED = 0,
            ERROR_CODE_INVALID_ARGUMENT = 1,
            ERROR_CODE_NODE_NOT_FOUND = 2,
            ERROR_CODE_GESTURE_CANCELLED = 3,
            ERROR_CODE_NOT_SUPPORTED = 4,
            ERROR_CODE_PERMISSION_DENIED = 5,
            ERROR_CODE_APP_NOT_FOUND = 6,
            ERROR_CODE_SECURE_SCREEN = 7,
            ERROR_CODE_RATE_LIMITED = 8,
            ERROR_CODE_SERVICE_UNAVAILABLE = 9,
            ERROR_CODE_INTERNAL = 10,
            ERROR_CODE_TIMEOUT = 11
        }

        interface IError extends droidhub.v1.Error.$Properties {
        }

        class Error {
            constructor(p?: droidhub.v1.Error.$Properties);
            $unknowns?: Uint8Array[];
            code: droidhub.v1.ErrorCode;
            message: string;
            static create(properties: droidhub.v1.Error.$Shape): droidhub.v1.Error & droidhub.v1.Error.$Shape;
            static create(properties?: droidhub.v1.Error.$Properties): droidhub.v1.Error;
            static encode(m: droidhub.v1.Error.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Error & droidhub.v1.Error.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Error;
            static toObject(m: droidhub.v1.Error, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Error {
            interface $Properties {
                code?: (droidhub.v1.ErrorCode|null);
                message?: (string|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Error.$Properties;
        }

        interface IImage extends droidhub.v1.Image.$Properties {
        }

        class Image {
            constructor(p?: droidhub.v1.Image.$Properties);
            $unknowns?: Uint8Array[];
            format: droidhub.v1.ImageFormat;
            data: Uint8Array;
            width: number;
            height: number;
            sourceWidth: number;
            sourceHeight: number;
            secure: boolean;
            static create(properties: droidhub.v1.Image.$Shape): droidhub.v1.Image & droidhub.v1.Image.$Shape;
            static create(properties?: droidhub.v1.Image.$Properties): droidhub.v1.Image;
            static encode(m: droidhub.v1.Image.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Image & droidhub.v1.Image.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Image;
            static toObject(m: droidhub.v1.Image, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Image {
            interface $Properties {
                format?: (droidhub.v1.ImageFormat|null);
                data?: (Uint8Array|null);
                width?: (number|null);
                height?: (number|null);
                sourceWidth?: (number|null);
                sourceHeight?: (number|null);
                secure?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Image.$Properties;
        }

        interface IApp extends droidhub.v1.App.$Properties {
        }

        class App {
            constructor(p?: droidhub.v1.App.$Properties);
            $unknowns?: Uint8Array[];
            packageName: string;
            label: string;
            versionName: string;
            system: boolean;
            static create(properties: droidhub.v1.App.$Shape): droidhub.v1.App & droidhub.v1.App.$Shape;
            static create(properties?: droidhub.v1.App.$Properties): droidhub.v1.App;
            static encode(m: droidhub.v1.App.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.App & droidhub.v1.App.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.App;
            static toObject(m: droidhub.v1.App, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace App {
            interface $Properties {
                packageName?: (string|null);
                label?: (string|null);
                versionName?: (string|null);
                system?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.App.$Properties;
        }

        interface IAppList extends droidhub.v1.AppList.$Properties {
        }

        class AppList {
            constructor(p?: droidhub.v1.AppList.$Properties);
            $unknowns?: Uint8Array[];
            apps: droidhub.v1.App.$Properties[];
            static create(properties: droidhub.v1.AppList.$Shape): droidhub.v1.AppList & droidhub.v1.AppList.$Shape;
            static create(properties?: droidhub.v1.AppList.$Properties): droidhub.v1.AppList;
            static encode(m: droidhub.v1.AppList.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.AppList & droidhub.v1.AppList.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.AppList;
            static toObject(m: droidhub.v1.AppList, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace AppList {
            interface $Properties {
                apps?: (droidhub.v1.App.$Properties[]|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.AppList.$Properties;
        }

        interface IDeviceState extends droidhub.v1.DeviceState.$Properties {
        }

        class DeviceState {
            constructor(p?: droidhub.v1.DeviceState.$Properties);
            $unknowns?: Uint8Array[];
            foregroundPackage: string;
            foregroundActivity: string;
            keyboard?: (droidhub.v1.KeyboardState.$Properties|null);
            screenOn: boolean;
            battery?: (droidhub.v1.Battery.$Properties|null);
            network?: (droidhub.v1.Network.$Properties|null);
            accessibilityEnabled: boolean;
            screen?: (droidhub.v1.Screen.$Properties|null);
            static create(properties: droidhub.v1.DeviceState.$Shape): droidhub.v1.DeviceState & droidhub.v1.DeviceState.$Shape;
            static create(properties?: droidhub.v1.DeviceState.$Properties): droidhub.v1.DeviceState;
            static encode(m: droidhub.v1.DeviceState.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.DeviceState & droidhub.v1.DeviceState.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.DeviceState;
            static toObject(m: droidhub.v1.DeviceState, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace DeviceState {
            interface $Properties {
                foregroundPackage?: (string|null);
                foregroundActivity?: (string|null);
                keyboard?: (droidhub.v1.KeyboardState.$Properties|null);
                screenOn?: (boolean|null);
                battery?: (droidhub.v1.Battery.$Properties|null);
                network?: (droidhub.v1.Network.$Properties|null);
                accessibilityEnabled?: (boolean|null);
                screen?: (droidhub.v1.Screen.$Properties|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.DeviceState.$Properties;
        }

        enum StreamSource {
            STREAM_SOURCE_UNSPECIFIED = 0,
            STREAM_SOURCE_PROJECTION = 1,
            STREAM_SOURCE_ACCESSIBILITY = 2,
            STREAM_SOURCE_RENDERED = 3,
            STREAM_SOURCE_POLLED = 4
        }

        interface IStreamInfo extends droidhub.v1.StreamInfo.$Properties {
        }

        class StreamInfo {
            constructor(p?: droidhub.v1.StreamInfo.$Properties);
            $unknowns?: Uint8Array[];
            streamId: number;
            source: droidhub.v1.StreamSource;
            maxFps: number;
            width: number;
            height: number;
            paints: boolean;
            static create(properties: droidhub.v1.StreamInfo.$Shape): droidhub.v1.StreamInfo & droidhub.v1.StreamInfo.$Shape;
            static create(properties?: droidhub.v1.StreamInfo.$Properties): droidhub.v1.StreamInfo;
            static encode(m: droidhub.v1.StreamInfo.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.StreamInfo & droidhub.v1.StreamInfo.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.StreamInfo;
            static toObject(m: droidhub.v1.StreamInfo, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace StreamInfo {
            interface $Properties {
                streamId?: (number|null);
                source?: (droidhub.v1.StreamSource|null);
                maxFps?: (number|null);
                width?: (number|null);
                height?: (number|null);
                paints?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.StreamInfo.$Properties;
        }

        interface IResult extends droidhub.v1.Result.$Properties {
        }

        class Result {
            constructor(p?: droidhub.v1.Result.$Properties);
            $unknowns?: Uint8Array[];
            ok: boolean;
            error?: (droidhub.v1.Error.$Properties|null);
            durationMs: number;
            ui?: (droidhub.v1.UiTree.$Properties|null);
            image?: (droidhub.v1.Image.$Properties|null);
            apps?: (droidhub.v1.AppList.$Properties|null);
            state?: (droidhub.v1.DeviceState.$Properties|null);
            stream?: (droidhub.v1.StreamInfo.$Properties|null);
            payload?: ("ui"|"image"|"apps"|"state"|"stream");
            static create(properties: droidhub.v1.Result.$Shape): droidhub.v1.Result & droidhub.v1.Result.$Shape;
            static create(properties?: droidhub.v1.Result.$Properties): droidhub.v1.Result;
            static encode(m: droidhub.v1.Result.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Result & droidhub.v1.Result.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Result;
            static toObject(m: droidhub.v1.Result, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Result {
            interface $Properties {
                ok?: (boolean|null);
                error?: (droidhub.v1.Error.$Properties|null);
                durationMs?: (number|null);
                ui?: (droidhub.v1.UiTree.$Properties|null);
                image?: (droidhub.v1.Image.$Properties|null);
                apps?: (droidhub.v1.AppList.$Properties|null);
                state?: (droidhub.v1.DeviceState.$Properties|null);
                stream?: (droidhub.v1.StreamInfo.$Properties|null);
                payload?: ("ui"|"image"|"apps"|"state"|"stream");
                $unknowns?: Uint8Array[];
            }
            type $Shape = {
              ok?: boolean|null;
              error?: droidhub.v1.Error.$Shape|null;
              durationMs?: number|null;
              ui?: droidhub.v1.UiTree.$Shape|null;
              image?: droidhub.v1.Image.$Shape|null;
              apps?: droidhub.v1.AppList.$Shape|null;
              state?: droidhub.v1.DeviceState.$Shape|null;
              stream?: droidhub.v1.StreamInfo.$Shape|null;
              $unknowns?: Uint8Array[];
            } & (
              ({ payload?: undefined; ui?: null; image?: null; apps?: null; state?: null; stream?: null }|{ payload?: "ui"; ui: droidhub.v1.UiTree.$Shape; image?: null; apps?: null; state?: null; stream?: null }|{ payload?: "image"; ui?: null; image: droidhub.v1.Image.$Shape; apps?: null; state?: null; stream?: null }|{ payload?: "apps"; ui?: null; image?: null; apps: droidhub.v1.AppList.$Shape; state?: null; stream?: null }|{ payload?: "state"; ui?: null; image?: null; apps?: null; state: droidhub.v1.DeviceState.$Shape; stream?: null }|{ payload?: "stream"; ui?: null; image?: null; apps?: null; state?: null; stream: droidhub.v1.StreamInfo.$Shape })
            );
        }

        interface IResultAck extends droidhub.v1.ResultAck.$Properties {
        }

        class ResultAck {
            constructor(p?: droidhub.v1.ResultAck.$Properties);
            $unknowns?: Uint8Array[];
            ids: number[];
            static create(properties: droidhub.v1.ResultAck.$Shape): droidhub.v1.ResultAck & droidhub.v1.ResultAck.$Shape;
            static create(properties?: droidhub.v1.ResultAck.$Properties): droidhub.v1.ResultAck;
            static encode(m: droidhub.v1.ResultAck.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.ResultAck & droidhub.v1.ResultAck.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.ResultAck;
            static toObject(m: droidhub.v1.ResultAck, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace ResultAck {
            interface $Properties {
                ids?: (number[]|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.ResultAck.$Properties;
        }

        interface IStreamCredit extends droidhub.v1.StreamCredit.$Properties {
        }

        class StreamCredit {
            constructor(p?: droidhub.v1.StreamCredit.$Properties);
            $unknowns?: Uint8Array[];
            streamId: number;
            credits: number;
            static create(properties: droidhub.v1.StreamCredit.$Shape): droidhub.v1.StreamCredit & droidhub.v1.StreamCredit.$Shape;
            static create(properties?: droidhub.v1.StreamCredit.$Properties): droidhub.v1.StreamCredit;
            static encode(m: droidhub.v1.StreamCredit.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.StreamCredit & droidhub.v1.StreamCredit.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.StreamCredit;
            static toObject(m: droidhub.v1.StreamCredit, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace StreamCredit {
            interface $Properties {
                streamId?: (number|null);
                credits?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.StreamCredit.$Properties;
        }

        interface IStreamFrame extends droidhub.v1.StreamFrame.$Properties {
        }

        class StreamFrame {
            constructor(p?: droidhub.v1.StreamFrame.$Properties);
            $unknowns?: Uint8Array[];
            streamId: number;
            seq: number;
            capturedAtMs: number;
            image?: (droidhub.v1.Image.$Properties|null);
            painted: droidhub.v1.Bounds.$Properties[];
            static create(properties: droidhub.v1.StreamFrame.$Shape): droidhub.v1.StreamFrame & droidhub.v1.StreamFrame.$Shape;
            static create(properties?: droidhub.v1.StreamFrame.$Properties): droidhub.v1.StreamFrame;
            static encode(m: droidhub.v1.StreamFrame.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.StreamFrame & droidhub.v1.StreamFrame.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.StreamFrame;
            static toObject(m: droidhub.v1.StreamFrame, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace StreamFrame {
            interface $Properties {
                streamId?: (number|null);
                seq?: (number|null);
                capturedAtMs?: (number|null);
                image?: (droidhub.v1.Image.$Properties|null);
                painted?: (droidhub.v1.Bounds.$Properties[]|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.StreamFrame.$Properties;
        }

        interface IBattery extends droidhub.v1.Battery.$Properties {
        }

        class Battery {
            constructor(p?: droidhub.v1.Battery.$Properties);
            $unknowns?: Uint8Array[];
            level: number;
            charging: boolean;
            temperatureC: number;
            static create(properties: droidhub.v1.Battery.$Shape): droidhub.v1.Battery & droidhub.v1.Battery.$Shape;
            static create(properties?: droidhub.v1.Battery.$Properties): droidhub.v1.Battery;
            static encode(m: droidhub.v1.Battery.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Battery & droidhub.v1.Battery.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Battery;
            static toObject(m: droidhub.v1.Battery, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Battery {
            interface $Properties {
                level?: (number|null);
                charging?: (boolean|null);
                temperatureC?: (number|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Battery.$Properties;
        }

        enum NetworkType {
            NETWORK_TYPE_UNSPECIFIED = 0,
            NETWORK_TYPE_NONE = 1,
            NETWORK_TYPE_WIFI = 2,
            NETWORK_TYPE_CELLULAR = 3,
            NETWORK_TYPE_ETHERNET = 4,
            NETWORK_TYPE_OTHER = 5
        }

        interface INetwork extends droidhub.v1.Network.$Properties {
        }

        class Network {
            constructor(p?: droidhub.v1.Network.$Properties);
            $unknowns?: Uint8Array[];
            type: droidhub.v1.NetworkType;
            metered: boolean;
            static create(properties: droidhub.v1.Network.$Shape): droidhub.v1.Network & droidhub.v1.Network.$Shape;
            static create(properties?: droidhub.v1.Network.$Properties): droidhub.v1.Network;
            static encode(m: droidhub.v1.Network.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.Network & droidhub.v1.Network.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.Network;
            static toObject(m: droidhub.v1.Network, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace Network {
            interface $Properties {
                type?: (droidhub.v1.NetworkType|null);
                metered?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.Network.$Properties;
        }

        interface IForegroundChanged extends droidhub.v1.ForegroundChanged.$Properties {
        }

        class ForegroundChanged {
            constructor(p?: droidhub.v1.ForegroundChanged.$Properties);
            $unknowns?: Uint8Array[];
            packageName: string;
            activity: string;
            static create(properties: droidhub.v1.ForegroundChanged.$Shape): droidhub.v1.ForegroundChanged & droidhub.v1.ForegroundChanged.$Shape;
            static create(properties?: droidhub.v1.ForegroundChanged.$Properties): droidhub.v1.ForegroundChanged;
            static encode(m: droidhub.v1.ForegroundChanged.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.ForegroundChanged & droidhub.v1.ForegroundChanged.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.ForegroundChanged;
            static toObject(m: droidhub.v1.ForegroundChanged, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace ForegroundChanged {
            interface $Properties {
                packageName?: (string|null);
                activity?: (string|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.ForegroundChanged.$Properties;
        }

        interface IWindowContentChanged extends droidhub.v1.WindowContentChanged.$Properties {
        }

        class WindowContentChanged {
            constructor(p?: droidhub.v1.WindowContentChanged.$Properties);
            $unknowns?: Uint8Array[];
            windowId: number;
            packageName: string;
            static create(properties: droidhub.v1.WindowContentChanged.$Shape): droidhub.v1.WindowContentChanged & droidhub.v1.WindowContentChanged.$Shape;
            static create(properties?: droidhub.v1.WindowContentChanged.$Properties): droidhub.v1.WindowContentChanged;
            static encode(m: droidhub.v1.WindowContentChanged.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.WindowContentChanged & droidhub.v1.WindowContentChanged.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.WindowContentChanged;
            static toObject(m: droidhub.v1.WindowContentChanged, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace WindowContentChanged {
            interface $Properties {
                windowId?: (number|null);
                packageName?: (string|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.WindowContentChanged.$Properties;
        }

        interface IKeyboardChanged extends droidhub.v1.KeyboardChanged.$Properties {
        }

        class KeyboardChanged {
            constructor(p?: droidhub.v1.KeyboardChanged.$Properties);
            $unknowns?: Uint8Array[];
            shown: boolean;
            static create(properties: droidhub.v1.KeyboardChanged.$Shape): droidhub.v1.KeyboardChanged & droidhub.v1.KeyboardChanged.$Shape;
            static create(properties?: droidhub.v1.KeyboardChanged.$Properties): droidhub.v1.KeyboardChanged;
            static encode(m: droidhub.v1.KeyboardChanged.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.KeyboardChanged & droidhub.v1.KeyboardChanged.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.KeyboardChanged;
            static toObject(m: droidhub.v1.KeyboardChanged, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace KeyboardChanged {
            interface $Properties {
                shown?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.KeyboardChanged.$Properties;
        }

        interface IScreenChanged extends droidhub.v1.ScreenChanged.$Properties {
        }

        class ScreenChanged {
            constructor(p?: droidhub.v1.ScreenChanged.$Properties);
            $unknowns?: Uint8Array[];
            on: boolean;
            static create(properties: droidhub.v1.ScreenChanged.$Shape): droidhub.v1.ScreenChanged & droidhub.v1.ScreenChanged.$Shape;
            static create(properties?: droidhub.v1.ScreenChanged.$Properties): droidhub.v1.ScreenChanged;
            static encode(m: droidhub.v1.ScreenChanged.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.ScreenChanged & droidhub.v1.ScreenChanged.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.ScreenChanged;
            static toObject(m: droidhub.v1.ScreenChanged, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace ScreenChanged {
            interface $Properties {
                on?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.ScreenChanged.$Properties;
        }

        interface IAccessibilityChanged extends droidhub.v1.AccessibilityChanged.$Properties {
        }

        class AccessibilityChanged {
            constructor(p?: droidhub.v1.AccessibilityChanged.$Properties);
            $unknowns?: Uint8Array[];
            enabled: boolean;
            static create(properties: droidhub.v1.AccessibilityChanged.$Shape): droidhub.v1.AccessibilityChanged & droidhub.v1.AccessibilityChanged.$Shape;
            static create(properties?: droidhub.v1.AccessibilityChanged.$Properties): droidhub.v1.AccessibilityChanged;
            static encode(m: droidhub.v1.AccessibilityChanged.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.AccessibilityChanged & droidhub.v1.AccessibilityChanged.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.AccessibilityChanged;
            static toObject(m: droidhub.v1.AccessibilityChanged, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace AccessibilityChanged {
            interface $Properties {
                enabled?: (boolean|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.AccessibilityChanged.$Properties;
        }

        interface IStreamStopped extends droidhub.v1.StreamStopped.$Properties {
        }

        class StreamStopped {
            constructor(p?: droidhub.v1.StreamStopped.$Properties);
            $unknowns?: Uint8Array[];
            streamId: number;
            reason: string;
            static create(properties: droidhub.v1.StreamStopped.$Shape): droidhub.v1.StreamStopped & droidhub.v1.StreamStopped.$Shape;
            static create(properties?: droidhub.v1.StreamStopped.$Properties): droidhub.v1.StreamStopped;
            static encode(m: droidhub.v1.StreamStopped.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.StreamStopped & droidhub.v1.StreamStopped.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.StreamStopped;
            static toObject(m: droidhub.v1.StreamStopped, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace StreamStopped {
            interface $Properties {
                streamId?: (number|null);
                reason?: (string|null);
                $unknowns?: Uint8Array[];
            }
            type $Shape = droidhub.v1.StreamStopped.$Properties;
        }

        interface IDeviceEvent extends droidhub.v1.DeviceEvent.$Properties {
        }

        class DeviceEvent {
            constructor(p?: droidhub.v1.DeviceEvent.$Properties);
            $unknowns?: Uint8Array[];
            atMs: number;
            foreground?: (droidhub.v1.ForegroundChanged.$Properties|null);
            content?: (droidhub.v1.WindowContentChanged.$Properties|null);
            keyboard?: (droidhub.v1.KeyboardChanged.$Properties|null);
            screen?: (droidhub.v1.ScreenChanged.$Properties|null);
            battery?: (droidhub.v1.Battery.$Properties|null);
            network?: (droidhub.v1.Network.$Properties|null);
            accessibility?: (droidhub.v1.AccessibilityChanged.$Properties|null);
            streamStopped?: (droidhub.v1.StreamStopped.$Properties|null);
            kind?: ("foreground"|"content"|"keyboard"|"screen"|"battery"|"network"|"accessibility"|"streamStopped");
            static create(properties: droidhub.v1.DeviceEvent.$Shape): droidhub.v1.DeviceEvent & droidhub.v1.DeviceEvent.$Shape;
            static create(properties?: droidhub.v1.DeviceEvent.$Properties): droidhub.v1.DeviceEvent;
            static encode(m: droidhub.v1.DeviceEvent.$Properties, w?: $protobuf.Writer): $protobuf.Writer;
            static decode(r: ($protobuf.Reader|Uint8Array), l?: number): droidhub.v1.DeviceEvent & droidhub.v1.DeviceEvent.$Shape;
            static fromObject(d: { [k: string]: any }): droidhub.v1.DeviceEvent;
            static toObject(m: droidhub.v1.DeviceEvent, o?: $protobuf.IConversionOptions): { [k: string]: any };
            toJSON(): { [k: string]: any };
            static getTypeUrl(prefix?: string): string;
        }

        namespace DeviceEvent {
            interface $Properties {
                atMs?: (number|null);
                foreground?: (droidhub.v1.ForegroundChanged.$Properties|null);
                content?: (droidhub.v1.WindowContentChanged.$Properties|null);
                keyboard?: (droidhub.v1.KeyboardChanged.$Properties|null);
                screen?: (droidhub.v1.ScreenChanged.$Properties|null);
                battery?: (droidhub.v1.Battery.$Properties|null);
                network?: (droidhub.v1.Network.$Properties|null);
                accessibility?: (droidhub.v1.AccessibilityChanged.$Properties|null);
                streamStopped?: (droidhub.v1.StreamStopped.$Properties|null);
                kind?: ("foreground"|"content"|"keyboard"|"screen"|"battery"|"network"|"accessibility"|"streamStopped");
                $unknowns?: Uint8Array[];
            }
            type $Shape = {
              atMs?: number|null;
              foreground?: droidhub.v1.ForegroundChanged.$Shape|null;
              content?: droidhub.v1.WindowContentChanged.$Shape|null;
              keyboard?: droidhub.v1.KeyboardChanged.$Shape|null;
              screen?: droidhub.v1.ScreenChanged.$Shape|null;
              battery?: droidhub.v1.Battery.$Shape|null;
              network?: droidhub.v1.Network.$Shape|null;
              accessibility?: droidhub.v1.AccessibilityChanged.$Shape|null;
              streamStopped?: droidhub.v1.StreamStopped.$Shape|null;
              $unknowns?: Uint8Array[];
            } & (
              ({ kind?: undefined; foreground?: null; content?: null; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "foreground"; foreground: droidhub.v1.ForegroundChanged.$Shape; content?: null; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "content"; foreground?: null; content: droidhub.v1.WindowContentChanged.$Shape; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "keyboard"; foreground?: null; content?: null; keyboard: droidhub.v1.KeyboardChanged.$Shape; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "screen"; foreground?: null; content?: null; keyboard?: null; screen: droidhub.v1.ScreenChanged.$Shape; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "battery"; foreground?: null; content?: null; keyboard?: null; screen?: null; battery: droidhub.v1.Battery.$Shape; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "network"; foreground?: null; content?: null; keyboard?: null; screen?: null; battery?: null; network: droidhub.v1.Network.$Shape; accessibility?: null; streamStopped?: null }|{ kind?: "accessibility"; foreground?: null; content?: null; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility: droidhub.v1.AccessibilityChanged.$Shape; streamStopped?: null }|{ kind?: "streamStopped"; foreground?: null; content?: null; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped: droidhub.v1.StreamStopped.$Shape })
            );
        }
    }
}
