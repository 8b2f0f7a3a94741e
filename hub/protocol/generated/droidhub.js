/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError, $TypeError = $util.global.TypeError, $Number = $util.global.Number, $parseInt = $util.global.parseInt, $Array = $util.global.Array, $String = $util.global.String, $BigInt = $util.global.BigInt, $Boolean = $util.global.Boolean, $isFinite = $util.global.isFinite;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const droidhub = $root.droidhub = (() => {

    /**
     * Namespace droidhub.
     * @exports droidhub
     * @namespace
     */
    const droidhub = {};

    droidhub.v1 = (function() {

        /**
         * Namespace v1.
         * @memberof droidhub
         * @namespace
         */
        const v1 = {};

        /**
         * ProtocolVersion enum.
         * @name droidhub.v1.ProtocolVersion
         * @enum {number}
         * @property {number} PROTOCOL_VERSION_UNSPECIFIED=0 PROTOCOL_VERSION_UNSPECIFIED value
         * @property {number} PROTOCOL_VERSION_1=1 PROTOCOL_VERSION_1 value
         */
        v1.ProtocolVersion = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "PROTOCOL_VERSION_UNSPECIFIED"] = 0;
            values[valuesById[1] = "PROTOCOL_VERSION_1"] = 1;
            return values;
        })();

        v1.Envelope = (function() {

            /**
             * Properties of an Envelope.
             * @typedef {Object} droidhub.v1.Envelope.$Properties
             * @property {number|null} [id] Envelope id
             * @property {number|null} [replyTo] Envelope replyTo
             * @property {Array.<number>|null} [ackedResultIds] Envelope ackedResultIds
             * @property {droidhub.v1.Hello.$Properties|null} [hello] Envelope hello
             * @property {droidhub.v1.Welcome.$Properties|null} [welcome] Envelope welcome
             * @property {droidhub.v1.GetUiRequest.$Properties|null} [getUi] Envelope getUi
             * @property {droidhub.v1.ScreenshotRequest.$Properties|null} [screenshot] Envelope screenshot
             * @property {droidhub.v1.TapRequest.$Properties|null} [tap] Envelope tap
             * @property {droidhub.v1.LongPressRequest.$Properties|null} [longPress] Envelope longPress
             * @property {droidhub.v1.SwipeRequest.$Properties|null} [swipe] Envelope swipe
             * @property {droidhub.v1.ScrollRequest.$Properties|null} [scroll] Envelope scroll
             * @property {droidhub.v1.InputTextRequest.$Properties|null} [inputText] Envelope inputText
             * @property {droidhub.v1.PressKeyRequest.$Properties|null} [pressKey] Envelope pressKey
             * @property {droidhub.v1.LaunchAppRequest.$Properties|null} [launchApp] Envelope launchApp
             * @property {droidhub.v1.OpenUrlRequest.$Properties|null} [openUrl] Envelope openUrl
             * @property {droidhub.v1.ListAppsRequest.$Properties|null} [listApps] Envelope listApps
             * @property {droidhub.v1.GetStateRequest.$Properties|null} [getState] Envelope getState
             * @property {droidhub.v1.StreamStartRequest.$Properties|null} [streamStart] Envelope streamStart
             * @property {droidhub.v1.StreamStopRequest.$Properties|null} [streamStop] Envelope streamStop
             * @property {droidhub.v1.StopAppRequest.$Properties|null} [stopApp] Envelope stopApp
             * @property {droidhub.v1.Result.$Properties|null} [result] Envelope result
             * @property {droidhub.v1.DeviceEvent.$Properties|null} [event] Envelope event
             * @property {droidhub.v1.StreamFrame.$Properties|null} [streamFrame] Envelope streamFrame
             * @property {droidhub.v1.ResultAck.$Properties|null} [resultAck] Envelope resultAck
             * @property {droidhub.v1.StreamCredit.$Properties|null} [streamCredit] Envelope streamCredit
             * @property {"hello"|"welcome"|"getUi"|"screenshot"|"tap"|"longPress"|"swipe"|"scroll"|"inputText"|"pressKey"|"launchApp"|"openUrl"|"listApps"|"getState"|"streamStart"|"streamStop"|"stopApp"|"result"|"event"|"streamFrame"|"resultAck"|"streamCredit"} [body] Envelope body
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Envelope.
             * @memberof droidhub.v1
             * @interface IEnvelope
             * @augments droidhub.v1.Envelope.$Properties
             * @deprecated Use droidhub.v1.Envelope.$Properties instead.
             */

            /**
             * Narrowed shape of an Envelope.
             * @typedef {{
             *   id?: number|null;
             *   replyTo?: number|null;
             *   ackedResultIds?: Array.<number>|null;
             *   hello?: droidhub.v1.Hello.$Shape|null;
             *   welcome?: droidhub.v1.Welcome.$Shape|null;
             *   getUi?: droidhub.v1.GetUiRequest.$Shape|null;
             *   screenshot?: droidhub.v1.ScreenshotRequest.$Shape|null;
             *   tap?: droidhub.v1.TapRequest.$Shape|null;
             *   longPress?: droidhub.v1.LongPressRequest.$Shape|null;
             *   swipe?: droidhub.v1.SwipeRequest.$Shape|null;
             *   scroll?: droidhub.v1.ScrollRequest.$Shape|null;
             *   inputText?: droidhub.v1.InputTextRequest.$Shape|null;
             *   pressKey?: droidhub.v1.PressKeyRequest.$Shape|null;
             *   launchApp?: droidhub.v1.LaunchAppRequest.$Shape|null;
             *   openUrl?: droidhub.v1.OpenUrlRequest.$Shape|null;
             *   listApps?: droidhub.v1.ListAppsRequest.$Shape|null;
             *   getState?: droidhub.v1.GetStateRequest.$Shape|null;
             *   streamStart?: droidhub.v1.StreamStartRequest.$Shape|null;
             *   streamStop?: droidhub.v1.StreamStopRequest.$Shape|null;
             *   stopApp?: droidhub.v1.StopAppRequest.$Shape|null;
             *   result?: droidhub.v1.Result.$Shape|null;
             *   event?: droidhub.v1.DeviceEvent.$Shape|null;
             *   streamFrame?: droidhub.v1.StreamFrame.$Shape|null;
             *   resultAck?: droidhub.v1.ResultAck.$Shape|null;
             *   streamCredit?: droidhub.v1.StreamCredit.$Shape|null;
             *   $unknowns?: Array.<Uint8Array>;
             * } & (
             *   ({ body?: undefined; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "hello"; hello: droidhub.v1.Hello.$Shape; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "welcome"; hello?: null; welcome: droidhub.v1.Welcome.$Shape; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "getUi"; hello?: null; welcome?: null; getUi: droidhub.v1.GetUiRequest.$Shape; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "screenshot"; hello?: null; welcome?: null; getUi?: null; screenshot: droidhub.v1.ScreenshotRequest.$Shape; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "tap"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap: droidhub.v1.TapRequest.$Shape; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "longPress"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress: droidhub.v1.LongPressRequest.$Shape; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "swipe"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe: droidhub.v1.SwipeRequest.$Shape; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "scroll"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll: droidhub.v1.ScrollRequest.$Shape; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "inputText"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText: droidhub.v1.InputTextRequest.$Shape; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "pressKey"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey: droidhub.v1.PressKeyRequest.$Shape; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "launchApp"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp: droidhub.v1.LaunchAppRequest.$Shape; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "openUrl"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl: droidhub.v1.OpenUrlRequest.$Shape; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "listApps"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps: droidhub.v1.ListAppsRequest.$Shape; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "getState"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState: droidhub.v1.GetStateRequest.$Shape; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "streamStart"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart: droidhub.v1.StreamStartRequest.$Shape; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "streamStop"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop: droidhub.v1.StreamStopRequest.$Shape; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "stopApp"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp: droidhub.v1.StopAppRequest.$Shape; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "result"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result: droidhub.v1.Result.$Shape; event?: null; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "event"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event: droidhub.v1.DeviceEvent.$Shape; streamFrame?: null; resultAck?: null; streamCredit?: null }|{ body?: "streamFrame"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame: droidhub.v1.StreamFrame.$Shape; resultAck?: null; streamCredit?: null }|{ body?: "resultAck"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck: droidhub.v1.ResultAck.$Shape; streamCredit?: null }|{ body?: "streamCredit"; hello?: null; welcome?: null; getUi?: null; screenshot?: null; tap?: null; longPress?: null; swipe?: null; scroll?: null; inputText?: null; pressKey?: null; launchApp?: null; openUrl?: null; listApps?: null; getState?: null; streamStart?: null; streamStop?: null; stopApp?: null; result?: null; event?: null; streamFrame?: null; resultAck?: null; streamCredit: droidhub.v1.StreamCredit.$Shape })
             * )} droidhub.v1.Envelope.$Shape
             */

            /**
             * Constructs a new Envelope.
             * @memberof droidhub.v1
             * @classdesc Represents an Envelope.
             * @constructor
             * @param {droidhub.v1.Envelope.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Envelope = function (p) {
                this.ackedResultIds = [];
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Envelope id.
             * @member {number} id
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.id = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Envelope replyTo.
             * @member {number} replyTo
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.replyTo = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Envelope ackedResultIds.
             * @member {Array.<number>} ackedResultIds
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.ackedResultIds = $util.emptyArray;

            /**
             * Envelope hello.
             * @member {droidhub.v1.Hello.$Properties|null|undefined} hello
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.hello = null;

            /**
             * Envelope welcome.
             * @member {droidhub.v1.Welcome.$Properties|null|undefined} welcome
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.welcome = null;

            /**
             * Envelope getUi.
             * @member {droidhub.v1.GetUiRequest.$Properties|null|undefined} getUi
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.getUi = null;

            /**
             * Envelope screenshot.
             * @member {droidhub.v1.ScreenshotRequest.$Properties|null|undefined} screenshot
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.screenshot = null;

            /**
             * Envelope tap.
             * @member {droidhub.v1.TapRequest.$Properties|null|undefined} tap
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.tap = null;

            /**
             * Envelope longPress.
             * @member {droidhub.v1.LongPressRequest.$Properties|null|undefined} longPress
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.longPress = null;

            /**
             * Envelope swipe.
             * @member {droidhub.v1.SwipeRequest.$Properties|null|undefined} swipe
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.swipe = null;

            /**
             * Envelope scroll.
             * @member {droidhub.v1.ScrollRequest.$Properties|null|undefined} scroll
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.scroll = null;

            /**
             * Envelope inputText.
             * @member {droidhub.v1.InputTextRequest.$Properties|null|undefined} inputText
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.inputText = null;

            /**
             * Envelope pressKey.
             * @member {droidhub.v1.PressKeyRequest.$Properties|null|undefined} pressKey
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.pressKey = null;

            /**
             * Envelope launchApp.
             * @member {droidhub.v1.LaunchAppRequest.$Properties|null|undefined} launchApp
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.launchApp = null;

            /**
             * Envelope openUrl.
             * @member {droidhub.v1.OpenUrlRequest.$Properties|null|undefined} openUrl
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.openUrl = null;

            /**
             * Envelope listApps.
             * @member {droidhub.v1.ListAppsRequest.$Properties|null|undefined} listApps
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.listApps = null;

            /**
             * Envelope getState.
             * @member {droidhub.v1.GetStateRequest.$Properties|null|undefined} getState
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.getState = null;

            /**
             * Envelope streamStart.
             * @member {droidhub.v1.StreamStartRequest.$Properties|null|undefined} streamStart
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.streamStart = null;

            /**
             * Envelope streamStop.
             * @member {droidhub.v1.StreamStopRequest.$Properties|null|undefined} streamStop
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.streamStop = null;

            /**
             * Envelope stopApp.
             * @member {droidhub.v1.StopAppRequest.$Properties|null|undefined} stopApp
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.stopApp = null;

            /**
             * Envelope result.
             * @member {droidhub.v1.Result.$Properties|null|undefined} result
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.result = null;

            /**
             * Envelope event.
             * @member {droidhub.v1.DeviceEvent.$Properties|null|undefined} event
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.event = null;

            /**
             * Envelope streamFrame.
             * @member {droidhub.v1.StreamFrame.$Properties|null|undefined} streamFrame
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.streamFrame = null;

            /**
             * Envelope resultAck.
             * @member {droidhub.v1.ResultAck.$Properties|null|undefined} resultAck
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.resultAck = null;

            /**
             * Envelope streamCredit.
             * @member {droidhub.v1.StreamCredit.$Properties|null|undefined} streamCredit
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            Envelope.prototype.streamCredit = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            /**
             * Envelope body.
             * @member {"hello"|"welcome"|"getUi"|"screenshot"|"tap"|"longPress"|"swipe"|"scroll"|"inputText"|"pressKey"|"launchApp"|"openUrl"|"listApps"|"getState"|"streamStart"|"streamStop"|"stopApp"|"result"|"event"|"streamFrame"|"resultAck"|"streamCredit"|undefined} body
             * @memberof droidhub.v1.Envelope
             * @instance
             */
            $Object.defineProperty(Envelope.prototype, "body", {
                get: $util.oneOfGetter($oneOfFields = ["hello", "welcome", "getUi", "screenshot", "tap", "longPress", "swipe", "scroll", "inputText", "pressKey", "launchApp", "openUrl", "listApps", "getState", "streamStart", "streamStop", "stopApp", "result", "event", "streamFrame", "resultAck", "streamCredit"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new Envelope instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Envelope
             * @static
             * @param {droidhub.v1.Envelope.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Envelope} Envelope instance
             * @type {{
             *   (properties: droidhub.v1.Envelope.$Shape): droidhub.v1.Envelope & droidhub.v1.Envelope.$Shape;
             *   (properties?: droidhub.v1.Envelope.$Properties): droidhub.v1.Envelope;
             * }}
             */
            Envelope.create = function(properties) {
                return new Envelope(properties);
            };

            /**
             * Encodes the specified Envelope message. Does not implicitly {@link droidhub.v1.Envelope.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Envelope
             * @static
             * @param {droidhub.v1.Envelope.$Properties} m Envelope message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Envelope.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.id != null && $Object.hasOwnProperty.call(m, "id") && (typeof m.id === "object" ? m.id.low || m.id.high : m.id !== 0))
                    w.uint32(/* id 1, wireType 0 =*/8).uint64(m.id);
                if (m.replyTo != null && $Object.hasOwnProperty.call(m, "replyTo") && (typeof m.replyTo === "object" ? m.replyTo.low || m.replyTo.high : m.replyTo !== 0))
                    w.uint32(/* id 2, wireType 0 =*/16).uint64(m.replyTo);
                if (m.ackedResultIds != null && m.ackedResultIds.length) {
                    w.uint32(/* id 3, wireType 2 =*/26).uint64s(m.ackedResultIds);
                }
                if (m.hello != null && $Object.hasOwnProperty.call(m, "hello"))
                    $root.droidhub.v1.Hello.encode(m.hello, w.uint32(/* id 10, wireType 2 =*/82).fork(), q + 1).ldelim();
                if (m.welcome != null && $Object.hasOwnProperty.call(m, "welcome"))
                    $root.droidhub.v1.Welcome.encode(m.welcome, w.uint32(/* id 11, wireType 2 =*/90).fork(), q + 1).ldelim();
                if (m.getUi != null && $Object.hasOwnProperty.call(m, "getUi"))
                    $root.droidhub.v1.GetUiRequest.encode(m.getUi, w.uint32(/* id 20, wireType 2 =*/162).fork(), q + 1).ldelim();
                if (m.screenshot != null && $Object.hasOwnProperty.call(m, "screenshot"))
                    $root.droidhub.v1.ScreenshotRequest.encode(m.screenshot, w.uint32(/* id 21, wireType 2 =*/170).fork(), q + 1).ldelim();
                if (m.tap != null && $Object.hasOwnProperty.call(m, "tap"))
                    $root.droidhub.v1.TapRequest.encode(m.tap, w.uint32(/* id 22, wireType 2 =*/178).fork(), q + 1).ldelim();
                if (m.longPress != null && $Object.hasOwnProperty.call(m, "longPress"))
                    $root.droidhub.v1.LongPressRequest.encode(m.longPress, w.uint32(/* id 23, wireType 2 =*/186).fork(), q + 1).ldelim();
                if (m.swipe != null && $Object.hasOwnProperty.call(m, "swipe"))
                    $root.droidhub.v1.SwipeRequest.encode(m.swipe, w.uint32(/* id 24, wireType 2 =*/194).fork(), q + 1).ldelim();
                if (m.scroll != null && $Object.hasOwnProperty.call(m, "scroll"))
                    $root.droidhub.v1.ScrollRequest.encode(m.scroll, w.uint32(/* id 25, wireType 2 =*/202).fork(), q + 1).ldelim();
                if (m.inputText != null && $Object.hasOwnProperty.call(m, "inputText"))
                    $root.droidhub.v1.InputTextRequest.encode(m.inputText, w.uint32(/* id 26, wireType 2 =*/210).fork(), q + 1).ldelim();
                if (m.pressKey != null && $Object.hasOwnProperty.call(m, "pressKey"))
                    $root.droidhub.v1.PressKeyRequest.encode(m.pressKey, w.uint32(/* id 27, wireType 2 =*/218).fork(), q + 1).ldelim();
                if (m.launchApp != null && $Object.hasOwnProperty.call(m, "launchApp"))
                    $root.droidhub.v1.LaunchAppRequest.encode(m.launchApp, w.uint32(/* id 28, wireType 2 =*/226).fork(), q + 1).ldelim();
                if (m.openUrl != null && $Object.hasOwnProperty.call(m, "openUrl"))
                    $root.droidhub.v1.OpenUrlRequest.encode(m.openUrl, w.uint32(/* id 29, wireType 2 =*/234).fork(), q + 1).ldelim();
                if (m.listApps != null && $Object.hasOwnProperty.call(m, "listApps"))
                    $root.droidhub.v1.ListAppsRequest.encode(m.listApps, w.uint32(/* id 30, wireType 2 =*/242).fork(), q + 1).ldelim();
                if (m.getState != null && $Object.hasOwnProperty.call(m, "getState"))
                    $root.droidhub.v1.GetStateRequest.encode(m.getState, w.uint32(/* id 31, wireType 2 =*/250).fork(), q + 1).ldelim();
                if (m.streamStart != null && $Object.hasOwnProperty.call(m, "streamStart"))
                    $root.droidhub.v1.StreamStartRequest.encode(m.streamStart, w.uint32(/* id 32, wireType 2 =*/258).fork(), q + 1).ldelim();
                if (m.streamStop != null && $Object.hasOwnProperty.call(m, "streamStop"))
                    $root.droidhub.v1.StreamStopRequest.encode(m.streamStop, w.uint32(/* id 33, wireType 2 =*/266).fork(), q + 1).ldelim();
                if (m.stopApp != null && $Object.hasOwnProperty.call(m, "stopApp"))
                    $root.droidhub.v1.StopAppRequest.encode(m.stopApp, w.uint32(/* id 34, wireType 2 =*/274).fork(), q + 1).ldelim();
                if (m.result != null && $Object.hasOwnProperty.call(m, "result"))
                    $root.droidhub.v1.Result.encode(m.result, w.uint32(/* id 40, wireType 2 =*/322).fork(), q + 1).ldelim();
                if (m.event != null && $Object.hasOwnProperty.call(m, "event"))
                    $root.droidhub.v1.DeviceEvent.encode(m.event, w.uint32(/* id 41, wireType 2 =*/330).fork(), q + 1).ldelim();
                if (m.streamFrame != null && $Object.hasOwnProperty.call(m, "streamFrame"))
                    $root.droidhub.v1.StreamFrame.encode(m.streamFrame, w.uint32(/* id 42, wireType 2 =*/338).fork(), q + 1).ldelim();
                if (m.resultAck != null && $Object.hasOwnProperty.call(m, "resultAck"))
                    $root.droidhub.v1.ResultAck.encode(m.resultAck, w.uint32(/* id 50, wireType 2 =*/402).fork(), q + 1).ldelim();
                if (m.streamCredit != null && $Object.hasOwnProperty.call(m, "streamCredit"))
                    $root.droidhub.v1.StreamCredit.encode(m.streamCredit, w.uint32(/* id 51, wireType 2 =*/410).fork(), q + 1).ldelim();
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an Envelope message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Envelope
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Envelope & droidhub.v1.Envelope.$Shape} Envelope
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Envelope.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Envelope();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                m.id = v;
                            else
                                delete m.id;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                m.replyTo = v;
                            else
                                delete m.replyTo;
                            continue;
                        }
                    case 3: {
                            if (u === 2) {
                                if (!(m.ackedResultIds && m.ackedResultIds.length))
                                    m.ackedResultIds = [];
                                r.uint64s(m.ackedResultIds);
                                continue;
                            }
                            if (u !== 0)
                                break;
                            if (!(m.ackedResultIds && m.ackedResultIds.length))
                                m.ackedResultIds = [];
                            m.ackedResultIds.push(r.uint64());
                            continue;
                        }
                    case 10: {
                            if (u !== 2)
                                break;
                            m.hello = $root.droidhub.v1.Hello.decode(r, r.size(), $undefined, q + 1, m.hello);
                            m.body = "hello";
                            continue;
                        }
                    case 11: {
                            if (u !== 2)
                                break;
                            m.welcome = $root.droidhub.v1.Welcome.decode(r, r.size(), $undefined, q + 1, m.welcome);
                            m.body = "welcome";
                            continue;
                        }
                    case 20: {
                            if (u !== 2)
                                break;
                            m.getUi = $root.droidhub.v1.GetUiRequest.decode(r, r.size(), $undefined, q + 1, m.getUi);
                            m.body = "getUi";
                            continue;
                        }
                    case 21: {
                            if (u !== 2)
                                break;
                            m.screenshot = $root.droidhub.v1.ScreenshotRequest.decode(r, r.size(), $undefined, q + 1, m.screenshot);
                            m.body = "screenshot";
                            continue;
                        }
                    case 22: {
                            if (u !== 2)
                                break;
                            m.tap = $root.droidhub.v1.TapRequest.decode(r, r.size(), $undefined, q + 1, m.tap);
                            m.body = "tap";
                            continue;
                        }
                    case 23: {
                            if (u !== 2)
                                break;
                            m.longPress = $root.droidhub.v1.LongPressRequest.decode(r, r.size(), $undefined, q + 1, m.longPress);
                            m.body = "longPress";
                            continue;
                        }
                    case 24: {
                            if (u !== 2)
                                break;
                            m.swipe = $root.droidhub.v1.SwipeRequest.decode(r, r.size(), $undefined, q + 1, m.swipe);
                            m.body = "swipe";
                            continue;
                        }
                    case 25: {
                            if (u !== 2)
                                break;
                            m.scroll = $root.droidhub.v1.ScrollRequest.decode(r, r.size(), $undefined, q + 1, m.scroll);
                            m.body = "scroll";
                            continue;
                        }
                    case 26: {
                            if (u !== 2)
                                break;
                            m.inputText = $root.droidhub.v1.InputTextRequest.decode(r, r.size(), $undefined, q + 1, m.inputText);
                            m.body = "inputText";
                            continue;
                        }
                    case 27: {
                            if (u !== 2)
                                break;
                            m.pressKey = $root.droidhub.v1.PressKeyRequest.decode(r, r.size(), $undefined, q + 1, m.pressKey);
                            m.body = "pressKey";
                            continue;
                        }
                    case 28: {
                            if (u !== 2)
                                break;
                            m.launchApp = $root.droidhub.v1.LaunchAppRequest.decode(r, r.size(), $undefined, q + 1, m.launchApp);
                            m.body = "launchApp";
                            continue;
                        }
                    case 29: {
                            if (u !== 2)
                                break;
                            m.openUrl = $root.droidhub.v1.OpenUrlRequest.decode(r, r.size(), $undefined, q + 1, m.openUrl);
                            m.body = "openUrl";
                            continue;
                        }
                    case 30: {
                            if (u !== 2)
                                break;
                            m.listApps = $root.droidhub.v1.ListAppsRequest.decode(r, r.size(), $undefined, q + 1, m.listApps);
                            m.body = "listApps";
                            continue;
                        }
                    case 31: {
                            if (u !== 2)
                                break;
                            m.getState = $root.droidhub.v1.GetStateRequest.decode(r, r.size(), $undefined, q + 1, m.getState);
                            m.body = "getState";
                            continue;
                        }
                    case 32: {
                            if (u !== 2)
                                break;
                            m.streamStart = $root.droidhub.v1.StreamStartRequest.decode(r, r.size(), $undefined, q + 1, m.streamStart);
                            m.body = "streamStart";
                            continue;
                        }
                    case 33: {
                            if (u !== 2)
                                break;
                            m.streamStop = $root.droidhub.v1.StreamStopRequest.decode(r, r.size(), $undefined, q + 1, m.streamStop);
                            m.body = "streamStop";
                            continue;
                        }
                    case 34: {
                            if (u !== 2)
                                break;
                            m.stopApp = $root.droidhub.v1.StopAppRequest.decode(r, r.size(), $undefined, q + 1, m.stopApp);
                            m.body = "stopApp";
                            continue;
                        }
                    case 40: {
                            if (u !== 2)
                                break;
                            m.result = $root.droidhub.v1.Result.decode(r, r.size(), $undefined, q + 1, m.result);
                            m.body = "result";
                            continue;
                        }
                    case 41: {
                            if (u !== 2)
                                break;
                            m.event = $root.droidhub.v1.DeviceEvent.decode(r, r.size(), $undefined, q + 1, m.event);
                            m.body = "event";
                            continue;
                        }
                    case 42: {
                            if (u !== 2)
                                break;
                            m.streamFrame = $root.droidhub.v1.StreamFrame.decode(r, r.size(), $undefined, q + 1, m.streamFrame);
                            m.body = "streamFrame";
                            continue;
                        }
                    case 50: {
                            if (u !== 2)
                                break;
                            m.resultAck = $root.droidhub.v1.ResultAck.decode(r, r.size(), $undefined, q + 1, m.resultAck);
                            m.body = "resultAck";
                            continue;
                        }
                    case 51: {
                            if (u !== 2)
                                break;
                            m.streamCredit = $root.droidhub.v1.StreamCredit.decode(r, r.size(), $undefined, q + 1, m.streamCredit);
                            m.body = "streamCredit";
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an Envelope message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Envelope
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Envelope} Envelope
             */
            Envelope.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Envelope)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Envelope: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Envelope();
                if (d.id != null) {
                    if (typeof d.id === "object" ? d.id.low || d.id.high : $Number(d.id) !== 0) {
                        if ($util.Long)
                            m.id = $util.Long.fromValue(d.id, true);
                        else if (typeof d.id === "string")
                            m.id = $parseInt(d.id, 10);
                        else if (typeof d.id === "number")
                            m.id = d.id;
                        else if (typeof d.id === "object")
                            m.id = new $util.LongBits(d.id.low >>> 0, d.id.high >>> 0).toNumber(true);
                    }
                }
                if (d.replyTo != null) {
                    if (typeof d.replyTo === "object" ? d.replyTo.low || d.replyTo.high : $Number(d.replyTo) !== 0) {
                        if ($util.Long)
                            m.replyTo = $util.Long.fromValue(d.replyTo, true);
                        else if (typeof d.replyTo === "string")
                            m.replyTo = $parseInt(d.replyTo, 10);
                        else if (typeof d.replyTo === "number")
                            m.replyTo = d.replyTo;
                        else if (typeof d.replyTo === "object")
                            m.replyTo = new $util.LongBits(d.replyTo.low >>> 0, d.replyTo.high >>> 0).toNumber(true);
                    }
                }
                if (d.ackedResultIds) {
                    if (!$Array.isArray(d.ackedResultIds))
                        throw $TypeError(".droidhub.v1.Envelope.ackedResultIds: array expected");
                    m.ackedResultIds = $Array(d.ackedResultIds.length);
                    for (var i = 0; i < d.ackedResultIds.length; ++i) {
                        if ($util.Long)
                            m.ackedResultIds[i] = $util.Long.fromValue(d.ackedResultIds[i], true);
                        else if (typeof d.ackedResultIds[i] === "string")
                            m.ackedResultIds[i] = $parseInt(d.ackedResultIds[i], 10);
                        else if (typeof d.ackedResultIds[i] === "number")
                            m.ackedResultIds[i] = d.ackedResultIds[i];
                        else if (typeof d.ackedResultIds[i] === "object")
                            m.ackedResultIds[i] = new $util.LongBits(d.ackedResultIds[i].low >>> 0, d.ackedResultIds[i].high >>> 0).toNumber(true);
                    }
                }
                if (d.hello != null) {
                    if (!$util.isObject(d.hello))
                        throw $TypeError(".droidhub.v1.Envelope.hello: object expected");
                    m.hello = $root.droidhub.v1.Hello.fromObject(d.hello, q + 1);
                }
                if (d.welcome != null) {
                    if (!$util.isObject(d.welcome))
                        throw $TypeError(".droidhub.v1.Envelope.welcome: object expected");
                    m.welcome = $root.droidhub.v1.Welcome.fromObject(d.welcome, q + 1);
                }
                if (d.getUi != null) {
                    if (!$util.isObject(d.getUi))
                        throw $TypeError(".droidhub.v1.Envelope.getUi: object expected");
                    m.getUi = $root.droidhub.v1.GetUiRequest.fromObject(d.getUi, q + 1);
                }
                if (d.screenshot != null) {
                    if (!$util.isObject(d.screenshot))
                        throw $TypeError(".droidhub.v1.Envelope.screenshot: object expected");
                    m.screenshot = $root.droidhub.v1.ScreenshotRequest.fromObject(d.screenshot, q + 1);
                }
                if (d.tap != null) {
                    if (!$util.isObject(d.tap))
                        throw $TypeError(".droidhub.v1.Envelope.tap: object expected");
                    m.tap = $root.droidhub.v1.TapRequest.fromObject(d.tap, q + 1);
                }
                if (d.longPress != null) {
                    if (!$util.isObject(d.longPress))
                        throw $TypeError(".droidhub.v1.Envelope.longPress: object expected");
                    m.longPress = $root.droidhub.v1.LongPressRequest.fromObject(d.longPress, q + 1);
                }
                if (d.swipe != null) {
                    if (!$util.isObject(d.swipe))
                        throw $TypeError(".droidhub.v1.Envelope.swipe: object expected");
                    m.swipe = $root.droidhub.v1.SwipeRequest.fromObject(d.swipe, q + 1);
                }
                if (d.scroll != null) {
                    if (!$util.isObject(d.scroll))
                        throw $TypeError(".droidhub.v1.Envelope.scroll: object expected");
                    m.scroll = $root.droidhub.v1.ScrollRequest.fromObject(d.scroll, q + 1);
                }
                if (d.inputText != null) {
                    if (!$util.isObject(d.inputText))
                        throw $TypeError(".droidhub.v1.Envelope.inputText: object expected");
                    m.inputText = $root.droidhub.v1.InputTextRequest.fromObject(d.inputText, q + 1);
                }
                if (d.pressKey != null) {
                    if (!$util.isObject(d.pressKey))
                        throw $TypeError(".droidhub.v1.Envelope.pressKey: object expected");
                    m.pressKey = $root.droidhub.v1.PressKeyRequest.fromObject(d.pressKey, q + 1);
                }
                if (d.launchApp != null) {
                    if (!$util.isObject(d.launchApp))
                        throw $TypeError(".droidhub.v1.Envelope.launchApp: object expected");
                    m.launchApp = $root.droidhub.v1.LaunchAppRequest.fromObject(d.launchApp, q + 1);
                }
                if (d.openUrl != null) {
                    if (!$util.isObject(d.openUrl))
                        throw $TypeError(".droidhub.v1.Envelope.openUrl: object expected");
                    m.openUrl = $root.droidhub.v1.OpenUrlRequest.fromObject(d.openUrl, q + 1);
                }
                if (d.listApps != null) {
                    if (!$util.isObject(d.listApps))
                        throw $TypeError(".droidhub.v1.Envelope.listApps: object expected");
                    m.listApps = $root.droidhub.v1.ListAppsRequest.fromObject(d.listApps, q + 1);
                }
                if (d.getState != null) {
                    if (!$util.isObject(d.getState))
                        throw $TypeError(".droidhub.v1.Envelope.getState: object expected");
                    m.getState = $root.droidhub.v1.GetStateRequest.fromObject(d.getState, q + 1);
                }
                if (d.streamStart != null) {
                    if (!$util.isObject(d.streamStart))
                        throw $TypeError(".droidhub.v1.Envelope.streamStart: object expected");
                    m.streamStart = $root.droidhub.v1.StreamStartRequest.fromObject(d.streamStart, q + 1);
                }
                if (d.streamStop != null) {
                    if (!$util.isObject(d.streamStop))
                        throw $TypeError(".droidhub.v1.Envelope.streamStop: object expected");
                    m.streamStop = $root.droidhub.v1.StreamStopRequest.fromObject(d.streamStop, q + 1);
                }
                if (d.stopApp != null) {
                    if (!$util.isObject(d.stopApp))
                        throw $TypeError(".droidhub.v1.Envelope.stopApp: object expected");
                    m.stopApp = $root.droidhub.v1.StopAppRequest.fromObject(d.stopApp, q + 1);
                }
                if (d.result != null) {
                    if (!$util.isObject(d.result))
                        throw $TypeError(".droidhub.v1.Envelope.result: object expected");
                    m.result = $root.droidhub.v1.Result.fromObject(d.result, q + 1);
                }
                if (d.event != null) {
                    if (!$util.isObject(d.event))
                        throw $TypeError(".droidhub.v1.Envelope.event: object expected");
                    m.event = $root.droidhub.v1.DeviceEvent.fromObject(d.event, q + 1);
                }
                if (d.streamFrame != null) {
                    if (!$util.isObject(d.streamFrame))
                        throw $TypeError(".droidhub.v1.Envelope.streamFrame: object expected");
                    m.streamFrame = $root.droidhub.v1.StreamFrame.fromObject(d.streamFrame, q + 1);
                }
                if (d.resultAck != null) {
                    if (!$util.isObject(d.resultAck))
                        throw $TypeError(".droidhub.v1.Envelope.resultAck: object expected");
                    m.resultAck = $root.droidhub.v1.ResultAck.fromObject(d.resultAck, q + 1);
                }
                if (d.streamCredit != null) {
                    if (!$util.isObject(d.streamCredit))
                        throw $TypeError(".droidhub.v1.Envelope.streamCredit: object expected");
                    m.streamCredit = $root.droidhub.v1.StreamCredit.fromObject(d.streamCredit, q + 1);
                }
                return m;
            };

            /**
             * Creates a plain object from an Envelope message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Envelope
             * @static
             * @param {droidhub.v1.Envelope} m Envelope
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Envelope.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.arrays || o.defaults) {
                    d.ackedResultIds = [];
                }
                if (o.defaults) {
                    if ($util.Long) {
                        var n = new $util.Long(0, 0, true);
                        d.id = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                    } else
                        d.id = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                    if ($util.Long) {
                        var n = new $util.Long(0, 0, true);
                        d.replyTo = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                    } else
                        d.replyTo = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                }
                if (m.id != null && $Object.hasOwnProperty.call(m, "id")) {
                    if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                        d.id = typeof m.id === "number" ? $BigInt(m.id) : $util.Long.fromBits(m.id.low >>> 0, m.id.high >>> 0, true).toBigInt();
                    else if (typeof m.id === "number")
                        d.id = o.longs === $String ? $String(m.id) : m.id;
                    else
                        d.id = o.longs === $String ? $util.Long.prototype.toString.call(m.id) : o.longs === $Number ? new $util.LongBits(m.id.low >>> 0, m.id.high >>> 0).toNumber(true) : m.id;
                }
                if (m.replyTo != null && $Object.hasOwnProperty.call(m, "replyTo")) {
                    if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                        d.replyTo = typeof m.replyTo === "number" ? $BigInt(m.replyTo) : $util.Long.fromBits(m.replyTo.low >>> 0, m.replyTo.high >>> 0, true).toBigInt();
                    else if (typeof m.replyTo === "number")
                        d.replyTo = o.longs === $String ? $String(m.replyTo) : m.replyTo;
                    else
                        d.replyTo = o.longs === $String ? $util.Long.prototype.toString.call(m.replyTo) : o.longs === $Number ? new $util.LongBits(m.replyTo.low >>> 0, m.replyTo.high >>> 0).toNumber(true) : m.replyTo;
                }
                if (m.ackedResultIds && m.ackedResultIds.length) {
                    d.ackedResultIds = $Array(m.ackedResultIds.length);
                    for (var j = 0; j < m.ackedResultIds.length; ++j) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.ackedResultIds[j] = typeof m.ackedResultIds[j] === "number" ? $BigInt(m.ackedResultIds[j]) : $util.Long.fromBits(m.ackedResultIds[j].low >>> 0, m.ackedResultIds[j].high >>> 0, true).toBigInt();
                        else if (typeof m.ackedResultIds[j] === "number")
                            d.ackedResultIds[j] = o.longs === $String ? $String(m.ackedResultIds[j]) : m.ackedResultIds[j];
                        else
                            d.ackedResultIds[j] = o.longs === $String ? $util.Long.prototype.toString.call(m.ackedResultIds[j]) : o.longs === $Number ? new $util.LongBits(m.ackedResultIds[j].low >>> 0, m.ackedResultIds[j].high >>> 0).toNumber(true) : m.ackedResultIds[j];
                    }
                }
                if (m.hello != null && $Object.hasOwnProperty.call(m, "hello")) {
                    d.hello = $root.droidhub.v1.Hello.toObject(m.hello, o, q + 1);
                    if (o.oneofs)
                        d.body = "hello";
                }
                if (m.welcome != null && $Object.hasOwnProperty.call(m, "welcome")) {
                    d.welcome = $root.droidhub.v1.Welcome.toObject(m.welcome, o, q + 1);
                    if (o.oneofs)
                        d.body = "welcome";
                }
                if (m.getUi != null && $Object.hasOwnProperty.call(m, "getUi")) {
                    d.getUi = $root.droidhub.v1.GetUiRequest.toObject(m.getUi, o, q + 1);
                    if (o.oneofs)
                        d.body = "getUi";
                }
                if (m.screenshot != null && $Object.hasOwnProperty.call(m, "screenshot")) {
                    d.screenshot = $root.droidhub.v1.ScreenshotRequest.toObject(m.screenshot, o, q + 1);
                    if (o.oneofs)
                        d.body = "screenshot";
                }
                if (m.tap != null && $Object.hasOwnProperty.call(m, "tap")) {
                    d.tap = $root.droidhub.v1.TapRequest.toObject(m.tap, o, q + 1);
                    if (o.oneofs)
                        d.body = "tap";
                }
                if (m.longPress != null && $Object.hasOwnProperty.call(m, "longPress")) {
                    d.longPress = $root.droidhub.v1.LongPressRequest.toObject(m.longPress, o, q + 1);
                    if (o.oneofs)
                        d.body = "longPress";
                }
                if (m.swipe != null && $Object.hasOwnProperty.call(m, "swipe")) {
                    d.swipe = $root.droidhub.v1.SwipeRequest.toObject(m.swipe, o, q + 1);
                    if (o.oneofs)
                        d.body = "swipe";
                }
                if (m.scroll != null && $Object.hasOwnProperty.call(m, "scroll")) {
                    d.scroll = $root.droidhub.v1.ScrollRequest.toObject(m.scroll, o, q + 1);
                    if (o.oneofs)
                        d.body = "scroll";
                }
                if (m.inputText != null && $Object.hasOwnProperty.call(m, "inputText")) {
                    d.inputText = $root.droidhub.v1.InputTextRequest.toObject(m.inputText, o, q + 1);
                    if (o.oneofs)
                        d.body = "inputText";
                }
                if (m.pressKey != null && $Object.hasOwnProperty.call(m, "pressKey")) {
                    d.pressKey = $root.droidhub.v1.PressKeyRequest.toObject(m.pressKey, o, q + 1);
                    if (o.oneofs)
                        d.body = "pressKey";
                }
                if (m.launchApp != null && $Object.hasOwnProperty.call(m, "launchApp")) {
                    d.launchApp = $root.droidhub.v1.LaunchAppRequest.toObject(m.launchApp, o, q + 1);
                    if (o.oneofs)
                        d.body = "launchApp";
                }
                if (m.openUrl != null && $Object.hasOwnProperty.call(m, "openUrl")) {
                    d.openUrl = $root.droidhub.v1.OpenUrlRequest.toObject(m.openUrl, o, q + 1);
                    if (o.oneofs)
                        d.body = "openUrl";
                }
                if (m.listApps != null && $Object.hasOwnProperty.call(m, "listApps")) {
                    d.listApps = $root.droidhub.v1.ListAppsRequest.toObject(m.listApps, o, q + 1);
                    if (o.oneofs)
                        d.body = "listApps";
                }
                if (m.getState != null && $Object.hasOwnProperty.call(m, "getState")) {
                    d.getState = $root.droidhub.v1.GetStateRequest.toObject(m.getState, o, q + 1);
                    if (o.oneofs)
                        d.body = "getState";
                }
                if (m.streamStart != null && $Object.hasOwnProperty.call(m, "streamStart")) {
                    d.streamStart = $root.droidhub.v1.StreamStartRequest.toObject(m.streamStart, o, q + 1);
                    if (o.oneofs)
                        d.body = "streamStart";
                }
                if (m.streamStop != null && $Object.hasOwnProperty.call(m, "streamStop")) {
                    d.streamStop = $root.droidhub.v1.StreamStopRequest.toObject(m.streamStop, o, q + 1);
                    if (o.oneofs)
                        d.body = "streamStop";
                }
                if (m.stopApp != null && $Object.hasOwnProperty.call(m, "stopApp")) {
                    d.stopApp = $root.droidhub.v1.StopAppRequest.toObject(m.stopApp, o, q + 1);
                    if (o.oneofs)
                        d.body = "stopApp";
                }
                if (m.result != null && $Object.hasOwnProperty.call(m, "result")) {
                    d.result = $root.droidhub.v1.Result.toObject(m.result, o, q + 1);
                    if (o.oneofs)
                        d.body = "result";
                }
                if (m.event != null && $Object.hasOwnProperty.call(m, "event")) {
                    d.event = $root.droidhub.v1.DeviceEvent.toObject(m.event, o, q + 1);
                    if (o.oneofs)
                        d.body = "event";
                }
                if (m.streamFrame != null && $Object.hasOwnProperty.call(m, "streamFrame")) {
                    d.streamFrame = $root.droidhub.v1.StreamFrame.toObject(m.streamFrame, o, q + 1);
                    if (o.oneofs)
                        d.body = "streamFrame";
                }
                if (m.resultAck != null && $Object.hasOwnProperty.call(m, "resultAck")) {
                    d.resultAck = $root.droidhub.v1.ResultAck.toObject(m.resultAck, o, q + 1);
                    if (o.oneofs)
                        d.body = "resultAck";
                }
                if (m.streamCredit != null && $Object.hasOwnProperty.call(m, "streamCredit")) {
                    d.streamCredit = $root.droidhub.v1.StreamCredit.toObject(m.streamCredit, o, q + 1);
                    if (o.oneofs)
                        d.body = "streamCredit";
                }
                return d;
            };

            /**
             * Converts this Envelope to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Envelope
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Envelope.prototype.toJSON = function() {
                return Envelope.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Envelope
             * @function getTypeUrl
             * @memberof droidhub.v1.Envelope
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Envelope.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Envelope";
            };

            return Envelope;
        })();

        v1.Screen = (function() {

            /**
             * Properties of a Screen.
             * @typedef {Object} droidhub.v1.Screen.$Properties
             * @property {number|null} [width] Screen width
             * @property {number|null} [height] Screen height
             * @property {number|null} [densityDpi] Screen densityDpi
             * @property {number|null} [rotation] Screen rotation
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Screen.
             * @memberof droidhub.v1
             * @interface IScreen
             * @augments droidhub.v1.Screen.$Properties
             * @deprecated Use droidhub.v1.Screen.$Properties instead.
             */

            /**
             * Shape of a Screen.
             * @typedef {droidhub.v1.Screen.$Properties} droidhub.v1.Screen.$Shape
             */

            /**
             * Constructs a new Screen.
             * @memberof droidhub.v1
             * @classdesc Represents a Screen.
             * @constructor
             * @param {droidhub.v1.Screen.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Screen = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Screen width.
             * @member {number} width
             * @memberof droidhub.v1.Screen
             * @instance
             */
            Screen.prototype.width = 0;

            /**
             * Screen height.
             * @member {number} height
             * @memberof droidhub.v1.Screen
             * @instance
             */
            Screen.prototype.height = 0;

            /**
             * Screen densityDpi.
             * @member {number} densityDpi
             * @memberof droidhub.v1.Screen
             * @instance
             */
            Screen.prototype.densityDpi = 0;

            /**
             * Screen rotation.
             * @member {number} rotation
             * @memberof droidhub.v1.Screen
             * @instance
             */
            Screen.prototype.rotation = 0;

            /**
             * Creates a new Screen instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Screen
             * @static
             * @param {droidhub.v1.Screen.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Screen} Screen instance
             * @type {{
             *   (properties: droidhub.v1.Screen.$Shape): droidhub.v1.Screen & droidhub.v1.Screen.$Shape;
             *   (properties?: droidhub.v1.Screen.$Properties): droidhub.v1.Screen;
             * }}
             */
            Screen.create = function(properties) {
                return new Screen(properties);
            };

            /**
             * Encodes the specified Screen message. Does not implicitly {@link droidhub.v1.Screen.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Screen
             * @static
             * @param {droidhub.v1.Screen.$Properties} m Screen message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Screen.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.width != null && $Object.hasOwnProperty.call(m, "width") && m.width !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.width);
                if (m.height != null && $Object.hasOwnProperty.call(m, "height") && m.height !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).uint32(m.height);
                if (m.densityDpi != null && $Object.hasOwnProperty.call(m, "densityDpi") && m.densityDpi !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.densityDpi);
                if (m.rotation != null && $Object.hasOwnProperty.call(m, "rotation") && m.rotation !== 0)
                    w.uint32(/* id 4, wireType 0 =*/32).uint32(m.rotation);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Screen message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Screen
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Screen & droidhub.v1.Screen.$Shape} Screen
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Screen.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Screen();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.width = v;
                            else
                                delete m.width;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.height = v;
                            else
                                delete m.height;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.densityDpi = v;
                            else
                                delete m.densityDpi;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.rotation = v;
                            else
                                delete m.rotation;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Screen message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Screen
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Screen} Screen
             */
            Screen.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Screen)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Screen: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Screen();
                if (d.width != null) {
                    if ($Number(d.width) !== 0) {
                        m.width = d.width >>> 0;
                    }
                }
                if (d.height != null) {
                    if ($Number(d.height) !== 0) {
                        m.height = d.height >>> 0;
                    }
                }
                if (d.densityDpi != null) {
                    if ($Number(d.densityDpi) !== 0) {
                        m.densityDpi = d.densityDpi >>> 0;
                    }
                }
                if (d.rotation != null) {
                    if ($Number(d.rotation) !== 0) {
                        m.rotation = d.rotation >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a Screen message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Screen
             * @static
             * @param {droidhub.v1.Screen} m Screen
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Screen.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.width = 0;
                    d.height = 0;
                    d.densityDpi = 0;
                    d.rotation = 0;
                }
                if (m.width != null && $Object.hasOwnProperty.call(m, "width")) {
                    d.width = m.width;
                }
                if (m.height != null && $Object.hasOwnProperty.call(m, "height")) {
                    d.height = m.height;
                }
                if (m.densityDpi != null && $Object.hasOwnProperty.call(m, "densityDpi")) {
                    d.densityDpi = m.densityDpi;
                }
                if (m.rotation != null && $Object.hasOwnProperty.call(m, "rotation")) {
                    d.rotation = m.rotation;
                }
                return d;
            };

            /**
             * Converts this Screen to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Screen
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Screen.prototype.toJSON = function() {
                return Screen.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Screen
             * @function getTypeUrl
             * @memberof droidhub.v1.Screen
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Screen.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Screen";
            };

            return Screen;
        })();

        v1.Hello = (function() {

            /**
             * Properties of a Hello.
             * @typedef {Object} droidhub.v1.Hello.$Properties
             * @property {string|null} [deviceId] Hello deviceId
             * @property {string|null} [portalVersion] Hello portalVersion
             * @property {droidhub.v1.ProtocolVersion|null} [protocolVersion] Hello protocolVersion
             * @property {string|null} [manufacturer] Hello manufacturer
             * @property {string|null} [model] Hello model
             * @property {number|null} [sdkInt] Hello sdkInt
             * @property {droidhub.v1.Screen.$Properties|null} [screen] Hello screen
             * @property {Array.<string>|null} [capabilities] Hello capabilities
             * @property {string|null} [resumeToken] Hello resumeToken
             * @property {Array.<number>|null} [cachedResultIds] Hello cachedResultIds
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Hello.
             * @memberof droidhub.v1
             * @interface IHello
             * @augments droidhub.v1.Hello.$Properties
             * @deprecated Use droidhub.v1.Hello.$Properties instead.
             */

            /**
             * Shape of a Hello.
             * @typedef {droidhub.v1.Hello.$Properties} droidhub.v1.Hello.$Shape
             */

            /**
             * Constructs a new Hello.
             * @memberof droidhub.v1
             * @classdesc Represents a Hello.
             * @constructor
             * @param {droidhub.v1.Hello.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Hello = function (p) {
                this.capabilities = [];
                this.cachedResultIds = [];
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Hello deviceId.
             * @member {string} deviceId
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.deviceId = "";

            /**
             * Hello portalVersion.
             * @member {string} portalVersion
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.portalVersion = "";

            /**
             * Hello protocolVersion.
             * @member {droidhub.v1.ProtocolVersion} protocolVersion
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.protocolVersion = 0;

            /**
             * Hello manufacturer.
             * @member {string} manufacturer
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.manufacturer = "";

            /**
             * Hello model.
             * @member {string} model
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.model = "";

            /**
             * Hello sdkInt.
             * @member {number} sdkInt
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.sdkInt = 0;

            /**
             * Hello screen.
             * @member {droidhub.v1.Screen.$Properties|null|undefined} screen
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.screen = null;

            /**
             * Hello capabilities.
             * @member {Array.<string>} capabilities
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.capabilities = $util.emptyArray;

            /**
             * Hello resumeToken.
             * @member {string} resumeToken
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.resumeToken = "";

            /**
             * Hello cachedResultIds.
             * @member {Array.<number>} cachedResultIds
             * @memberof droidhub.v1.Hello
             * @instance
             */
            Hello.prototype.cachedResultIds = $util.emptyArray;

            /**
             * Creates a new Hello instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Hello
             * @static
             * @param {droidhub.v1.Hello.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Hello} Hello instance
             * @type {{
             *   (properties: droidhub.v1.Hello.$Shape): droidhub.v1.Hello & droidhub.v1.Hello.$Shape;
             *   (properties?: droidhub.v1.Hello.$Properties): droidhub.v1.Hello;
             * }}
             */
            Hello.create = function(properties) {
                return new Hello(properties);
            };

            /**
             * Encodes the specified Hello message. Does not implicitly {@link droidhub.v1.Hello.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Hello
             * @static
             * @param {droidhub.v1.Hello.$Properties} m Hello message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Hello.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.deviceId != null && $Object.hasOwnProperty.call(m, "deviceId") && m.deviceId !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.deviceId);
                if (m.portalVersion != null && $Object.hasOwnProperty.call(m, "portalVersion") && m.portalVersion !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.portalVersion);
                if (m.protocolVersion != null && $Object.hasOwnProperty.call(m, "protocolVersion") && m.protocolVersion !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).int32(m.protocolVersion);
                if (m.manufacturer != null && $Object.hasOwnProperty.call(m, "manufacturer") && m.manufacturer !== "")
                    w.uint32(/* id 4, wireType 2 =*/34).string(m.manufacturer);
                if (m.model != null && $Object.hasOwnProperty.call(m, "model") && m.model !== "")
                    w.uint32(/* id 5, wireType 2 =*/42).string(m.model);
                if (m.sdkInt != null && $Object.hasOwnProperty.call(m, "sdkInt") && m.sdkInt !== 0)
                    w.uint32(/* id 6, wireType 0 =*/48).uint32(m.sdkInt);
                if (m.screen != null && $Object.hasOwnProperty.call(m, "screen"))
                    $root.droidhub.v1.Screen.encode(m.screen, w.uint32(/* id 7, wireType 2 =*/58).fork(), q + 1).ldelim();
                if (m.capabilities != null && m.capabilities.length) {
                    for (var i = 0; i < m.capabilities.length; ++i)
                        w.uint32(/* id 8, wireType 2 =*/66).string(m.capabilities[i]);
                }
                if (m.resumeToken != null && $Object.hasOwnProperty.call(m, "resumeToken") && m.resumeToken !== "")
                    w.uint32(/* id 9, wireType 2 =*/74).string(m.resumeToken);
                if (m.cachedResultIds != null && m.cachedResultIds.length) {
                    w.uint32(/* id 10, wireType 2 =*/82).uint64s(m.cachedResultIds);
                }
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Hello message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Hello
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Hello & droidhub.v1.Hello.$Shape} Hello
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Hello.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Hello();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.deviceId = v;
                            else
                                delete m.deviceId;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.portalVersion = v;
                            else
                                delete m.portalVersion;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.protocolVersion = v;
                            else
                                delete m.protocolVersion;
                            continue;
                        }
                    case 4: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.manufacturer = v;
                            else
                                delete m.manufacturer;
                            continue;
                        }
                    case 5: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.model = v;
                            else
                                delete m.model;
                            continue;
                        }
                    case 6: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.sdkInt = v;
                            else
                                delete m.sdkInt;
                            continue;
                        }
                    case 7: {
                            if (u !== 2)
                                break;
                            m.screen = $root.droidhub.v1.Screen.decode(r, r.size(), $undefined, q + 1, m.screen);
                            continue;
                        }
                    case 8: {
                            if (u !== 2)
                                break;
                            if (!(m.capabilities && m.capabilities.length))
                                m.capabilities = [];
                            m.capabilities.push(r.stringVerify());
                            continue;
                        }
                    case 9: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.resumeToken = v;
                            else
                                delete m.resumeToken;
                            continue;
                        }
                    case 10: {
                            if (u === 2) {
                                if (!(m.cachedResultIds && m.cachedResultIds.length))
                                    m.cachedResultIds = [];
                                r.uint64s(m.cachedResultIds);
                                continue;
                            }
                            if (u !== 0)
                                break;
                            if (!(m.cachedResultIds && m.cachedResultIds.length))
                                m.cachedResultIds = [];
                            m.cachedResultIds.push(r.uint64());
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Hello message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Hello
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Hello} Hello
             */
            Hello.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Hello)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Hello: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Hello();
                if (d.deviceId != null) {
                    if (typeof d.deviceId !== "string" || d.deviceId.length) {
                        m.deviceId = $String(d.deviceId);
                    }
                }
                if (d.portalVersion != null) {
                    if (typeof d.portalVersion !== "string" || d.portalVersion.length) {
                        m.portalVersion = $String(d.portalVersion);
                    }
                }
                if (d.protocolVersion !== 0 && (typeof d.protocolVersion !== "string" || $root.droidhub.v1.ProtocolVersion[d.protocolVersion] !== 0)) {
                    switch (d.protocolVersion) {
                    case "PROTOCOL_VERSION_UNSPECIFIED":
                    case 0:
                        m.protocolVersion = 0;
                        break;
                    case "PROTOCOL_VERSION_1":
                    case 1:
                        m.protocolVersion = 1;
                        break;
                    default:
                        if (typeof d.protocolVersion === "number" && (d.protocolVersion | 0) === d.protocolVersion)
                            m.protocolVersion = d.protocolVersion;
                    }
                }
                if (d.manufacturer != null) {
                    if (typeof d.manufacturer !== "string" || d.manufacturer.length) {
                        m.manufacturer = $String(d.manufacturer);
                    }
                }
                if (d.model != null) {
                    if (typeof d.model !== "string" || d.model.length) {
                        m.model = $String(d.model);
                    }
                }
                if (d.sdkInt != null) {
                    if ($Number(d.sdkInt) !== 0) {
                        m.sdkInt = d.sdkInt >>> 0;
                    }
                }
                if (d.screen != null) {
                    if (!$util.isObject(d.screen))
                        throw $TypeError(".droidhub.v1.Hello.screen: object expected");
                    m.screen = $root.droidhub.v1.Screen.fromObject(d.screen, q + 1);
                }
                if (d.capabilities) {
                    if (!$Array.isArray(d.capabilities))
                        throw $TypeError(".droidhub.v1.Hello.capabilities: array expected");
                    m.capabilities = $Array(d.capabilities.length);
                    for (var i = 0; i < d.capabilities.length; ++i) {
                        m.capabilities[i] = $String(d.capabilities[i]);
                    }
                }
                if (d.resumeToken != null) {
                    if (typeof d.resumeToken !== "string" || d.resumeToken.length) {
                        m.resumeToken = $String(d.resumeToken);
                    }
                }
                if (d.cachedResultIds) {
                    if (!$Array.isArray(d.cachedResultIds))
                        throw $TypeError(".droidhub.v1.Hello.cachedResultIds: array expected");
                    m.cachedResultIds = $Array(d.cachedResultIds.length);
                    for (var i = 0; i < d.cachedResultIds.length; ++i) {
                        if ($util.Long)
                            m.cachedResultIds[i] = $util.Long.fromValue(d.cachedResultIds[i], true);
                        else if (typeof d.cachedResultIds[i] === "string")
                            m.cachedResultIds[i] = $parseInt(d.cachedResultIds[i], 10);
                        else if (typeof d.cachedResultIds[i] === "number")
                            m.cachedResultIds[i] = d.cachedResultIds[i];
                        else if (typeof d.cachedResultIds[i] === "object")
                            m.cachedResultIds[i] = new $util.LongBits(d.cachedResultIds[i].low >>> 0, d.cachedResultIds[i].high >>> 0).toNumber(true);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a Hello message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Hello
             * @static
             * @param {droidhub.v1.Hello} m Hello
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Hello.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.arrays || o.defaults) {
                    d.capabilities = [];
                    d.cachedResultIds = [];
                }
                if (o.defaults) {
                    d.deviceId = "";
                    d.portalVersion = "";
                    d.protocolVersion = o.enums === $String ? "PROTOCOL_VERSION_UNSPECIFIED" : 0;
                    d.manufacturer = "";
                    d.model = "";
                    d.sdkInt = 0;
                    d.screen = null;
                    d.resumeToken = "";
                }
                if (m.deviceId != null && $Object.hasOwnProperty.call(m, "deviceId")) {
                    d.deviceId = m.deviceId;
                }
                if (m.portalVersion != null && $Object.hasOwnProperty.call(m, "portalVersion")) {
                    d.portalVersion = m.portalVersion;
                }
                if (m.protocolVersion != null && $Object.hasOwnProperty.call(m, "protocolVersion")) {
                    d.protocolVersion = o.enums === $String ? $root.droidhub.v1.ProtocolVersion[m.protocolVersion] === $undefined ? m.protocolVersion : $root.droidhub.v1.ProtocolVersion[m.protocolVersion] : m.protocolVersion;
                }
                if (m.manufacturer != null && $Object.hasOwnProperty.call(m, "manufacturer")) {
                    d.manufacturer = m.manufacturer;
                }
                if (m.model != null && $Object.hasOwnProperty.call(m, "model")) {
                    d.model = m.model;
                }
                if (m.sdkInt != null && $Object.hasOwnProperty.call(m, "sdkInt")) {
                    d.sdkInt = m.sdkInt;
                }
                if (m.screen != null && $Object.hasOwnProperty.call(m, "screen")) {
                    d.screen = $root.droidhub.v1.Screen.toObject(m.screen, o, q + 1);
                }
                if (m.capabilities && m.capabilities.length) {
                    d.capabilities = $Array(m.capabilities.length);
                    for (var j = 0; j < m.capabilities.length; ++j) {
                        d.capabilities[j] = m.capabilities[j];
                    }
                }
                if (m.resumeToken != null && $Object.hasOwnProperty.call(m, "resumeToken")) {
                    d.resumeToken = m.resumeToken;
                }
                if (m.cachedResultIds && m.cachedResultIds.length) {
                    d.cachedResultIds = $Array(m.cachedResultIds.length);
                    for (var j = 0; j < m.cachedResultIds.length; ++j) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.cachedResultIds[j] = typeof m.cachedResultIds[j] === "number" ? $BigInt(m.cachedResultIds[j]) : $util.Long.fromBits(m.cachedResultIds[j].low >>> 0, m.cachedResultIds[j].high >>> 0, true).toBigInt();
                        else if (typeof m.cachedResultIds[j] === "number")
                            d.cachedResultIds[j] = o.longs === $String ? $String(m.cachedResultIds[j]) : m.cachedResultIds[j];
                        else
                            d.cachedResultIds[j] = o.longs === $String ? $util.Long.prototype.toString.call(m.cachedResultIds[j]) : o.longs === $Number ? new $util.LongBits(m.cachedResultIds[j].low >>> 0, m.cachedResultIds[j].high >>> 0).toNumber(true) : m.cachedResultIds[j];
                    }
                }
                return d;
            };

            /**
             * Converts this Hello to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Hello
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Hello.prototype.toJSON = function() {
                return Hello.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Hello
             * @function getTypeUrl
             * @memberof droidhub.v1.Hello
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Hello.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Hello";
            };

            return Hello;
        })();

        v1.Limits = (function() {

            /**
             * Properties of a Limits.
             * @typedef {Object} droidhub.v1.Limits.$Properties
             * @property {number|null} [maxFrameBytes] Limits maxFrameBytes
             * @property {number|null} [maxInFlight] Limits maxInFlight
             * @property {number|null} [maxMessagesPerSecond] Limits maxMessagesPerSecond
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Limits.
             * @memberof droidhub.v1
             * @interface ILimits
             * @augments droidhub.v1.Limits.$Properties
             * @deprecated Use droidhub.v1.Limits.$Properties instead.
             */

            /**
             * Shape of a Limits.
             * @typedef {droidhub.v1.Limits.$Properties} droidhub.v1.Limits.$Shape
             */

            /**
             * Constructs a new Limits.
             * @memberof droidhub.v1
             * @classdesc Represents a Limits.
             * @constructor
             * @param {droidhub.v1.Limits.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Limits = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Limits maxFrameBytes.
             * @member {number} maxFrameBytes
             * @memberof droidhub.v1.Limits
             * @instance
             */
            Limits.prototype.maxFrameBytes = 0;

            /**
             * Limits maxInFlight.
             * @member {number} maxInFlight
             * @memberof droidhub.v1.Limits
             * @instance
             */
            Limits.prototype.maxInFlight = 0;

            /**
             * Limits maxMessagesPerSecond.
             * @member {number} maxMessagesPerSecond
             * @memberof droidhub.v1.Limits
             * @instance
             */
            Limits.prototype.maxMessagesPerSecond = 0;

            /**
             * Creates a new Limits instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Limits
             * @static
             * @param {droidhub.v1.Limits.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Limits} Limits instance
             * @type {{
             *   (properties: droidhub.v1.Limits.$Shape): droidhub.v1.Limits & droidhub.v1.Limits.$Shape;
             *   (properties?: droidhub.v1.Limits.$Properties): droidhub.v1.Limits;
             * }}
             */
            Limits.create = function(properties) {
                return new Limits(properties);
            };

            /**
             * Encodes the specified Limits message. Does not implicitly {@link droidhub.v1.Limits.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Limits
             * @static
             * @param {droidhub.v1.Limits.$Properties} m Limits message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Limits.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.maxFrameBytes != null && $Object.hasOwnProperty.call(m, "maxFrameBytes") && m.maxFrameBytes !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.maxFrameBytes);
                if (m.maxInFlight != null && $Object.hasOwnProperty.call(m, "maxInFlight") && m.maxInFlight !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).uint32(m.maxInFlight);
                if (m.maxMessagesPerSecond != null && $Object.hasOwnProperty.call(m, "maxMessagesPerSecond") && m.maxMessagesPerSecond !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.maxMessagesPerSecond);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Limits message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Limits
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Limits & droidhub.v1.Limits.$Shape} Limits
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Limits.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Limits();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.maxFrameBytes = v;
                            else
                                delete m.maxFrameBytes;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.maxInFlight = v;
                            else
                                delete m.maxInFlight;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.maxMessagesPerSecond = v;
                            else
                                delete m.maxMessagesPerSecond;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Limits message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Limits
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Limits} Limits
             */
            Limits.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Limits)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Limits: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Limits();
                if (d.maxFrameBytes != null) {
                    if ($Number(d.maxFrameBytes) !== 0) {
                        m.maxFrameBytes = d.maxFrameBytes >>> 0;
                    }
                }
                if (d.maxInFlight != null) {
                    if ($Number(d.maxInFlight) !== 0) {
                        m.maxInFlight = d.maxInFlight >>> 0;
                    }
                }
                if (d.maxMessagesPerSecond != null) {
                    if ($Number(d.maxMessagesPerSecond) !== 0) {
                        m.maxMessagesPerSecond = d.maxMessagesPerSecond >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a Limits message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Limits
             * @static
             * @param {droidhub.v1.Limits} m Limits
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Limits.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.maxFrameBytes = 0;
                    d.maxInFlight = 0;
                    d.maxMessagesPerSecond = 0;
                }
                if (m.maxFrameBytes != null && $Object.hasOwnProperty.call(m, "maxFrameBytes")) {
                    d.maxFrameBytes = m.maxFrameBytes;
                }
                if (m.maxInFlight != null && $Object.hasOwnProperty.call(m, "maxInFlight")) {
                    d.maxInFlight = m.maxInFlight;
                }
                if (m.maxMessagesPerSecond != null && $Object.hasOwnProperty.call(m, "maxMessagesPerSecond")) {
                    d.maxMessagesPerSecond = m.maxMessagesPerSecond;
                }
                return d;
            };

            /**
             * Converts this Limits to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Limits
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Limits.prototype.toJSON = function() {
                return Limits.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Limits
             * @function getTypeUrl
             * @memberof droidhub.v1.Limits
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Limits.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Limits";
            };

            return Limits;
        })();

        v1.ScreenshotDefaults = (function() {

            /**
             * Properties of a ScreenshotDefaults.
             * @typedef {Object} droidhub.v1.ScreenshotDefaults.$Properties
             * @property {droidhub.v1.ImageFormat|null} [format] ScreenshotDefaults format
             * @property {number|null} [quality] ScreenshotDefaults quality
             * @property {number|null} [maxSide] ScreenshotDefaults maxSide
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ScreenshotDefaults.
             * @memberof droidhub.v1
             * @interface IScreenshotDefaults
             * @augments droidhub.v1.ScreenshotDefaults.$Properties
             * @deprecated Use droidhub.v1.ScreenshotDefaults.$Properties instead.
             */

            /**
             * Shape of a ScreenshotDefaults.
             * @typedef {droidhub.v1.ScreenshotDefaults.$Properties} droidhub.v1.ScreenshotDefaults.$Shape
             */

            /**
             * Constructs a new ScreenshotDefaults.
             * @memberof droidhub.v1
             * @classdesc Represents a ScreenshotDefaults.
             * @constructor
             * @param {droidhub.v1.ScreenshotDefaults.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ScreenshotDefaults = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * ScreenshotDefaults format.
             * @member {droidhub.v1.ImageFormat} format
             * @memberof droidhub.v1.ScreenshotDefaults
             * @instance
             */
            ScreenshotDefaults.prototype.format = 0;

            /**
             * ScreenshotDefaults quality.
             * @member {number} quality
             * @memberof droidhub.v1.ScreenshotDefaults
             * @instance
             */
            ScreenshotDefaults.prototype.quality = 0;

            /**
             * ScreenshotDefaults maxSide.
             * @member {number} maxSide
             * @memberof droidhub.v1.ScreenshotDefaults
             * @instance
             */
            ScreenshotDefaults.prototype.maxSide = 0;

            /**
             * Creates a new ScreenshotDefaults instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.ScreenshotDefaults
             * @static
             * @param {droidhub.v1.ScreenshotDefaults.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.ScreenshotDefaults} ScreenshotDefaults instance
             * @type {{
             *   (properties: droidhub.v1.ScreenshotDefaults.$Shape): droidhub.v1.ScreenshotDefaults & droidhub.v1.ScreenshotDefaults.$Shape;
             *   (properties?: droidhub.v1.ScreenshotDefaults.$Properties): droidhub.v1.ScreenshotDefaults;
             * }}
             */
            ScreenshotDefaults.create = function(properties) {
                return new ScreenshotDefaults(properties);
            };

            /**
             * Encodes the specified ScreenshotDefaults message. Does not implicitly {@link droidhub.v1.ScreenshotDefaults.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.ScreenshotDefaults
             * @static
             * @param {droidhub.v1.ScreenshotDefaults.$Properties} m ScreenshotDefaults message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ScreenshotDefaults.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.format != null && $Object.hasOwnProperty.call(m, "format") && m.format !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.format);
                if (m.quality != null && $Object.hasOwnProperty.call(m, "quality") && m.quality !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).uint32(m.quality);
                if (m.maxSide != null && $Object.hasOwnProperty.call(m, "maxSide") && m.maxSide !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.maxSide);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a ScreenshotDefaults message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.ScreenshotDefaults
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.ScreenshotDefaults & droidhub.v1.ScreenshotDefaults.$Shape} ScreenshotDefaults
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ScreenshotDefaults.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.ScreenshotDefaults();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.format = v;
                            else
                                delete m.format;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.quality = v;
                            else
                                delete m.quality;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.maxSide = v;
                            else
                                delete m.maxSide;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a ScreenshotDefaults message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.ScreenshotDefaults
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.ScreenshotDefaults} ScreenshotDefaults
             */
            ScreenshotDefaults.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.ScreenshotDefaults)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.ScreenshotDefaults: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.ScreenshotDefaults();
                if (d.format !== 0 && (typeof d.format !== "string" || $root.droidhub.v1.ImageFormat[d.format] !== 0)) {
                    switch (d.format) {
                    case "IMAGE_FORMAT_UNSPECIFIED":
                    case 0:
                        m.format = 0;
                        break;
                    case "IMAGE_FORMAT_JPEG":
                    case 1:
                        m.format = 1;
                        break;
                    case "IMAGE_FORMAT_WEBP":
                    case 2:
                        m.format = 2;
                        break;
                    case "IMAGE_FORMAT_PNG":
                    case 3:
                        m.format = 3;
                        break;
                    default:
                        if (typeof d.format === "number" && (d.format | 0) === d.format)
                            m.format = d.format;
                    }
                }
                if (d.quality != null) {
                    if ($Number(d.quality) !== 0) {
                        m.quality = d.quality >>> 0;
                    }
                }
                if (d.maxSide != null) {
                    if ($Number(d.maxSide) !== 0) {
                        m.maxSide = d.maxSide >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a ScreenshotDefaults message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.ScreenshotDefaults
             * @static
             * @param {droidhub.v1.ScreenshotDefaults} m ScreenshotDefaults
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ScreenshotDefaults.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.format = o.enums === $String ? "IMAGE_FORMAT_UNSPECIFIED" : 0;
                    d.quality = 0;
                    d.maxSide = 0;
                }
                if (m.format != null && $Object.hasOwnProperty.call(m, "format")) {
                    d.format = o.enums === $String ? $root.droidhub.v1.ImageFormat[m.format] === $undefined ? m.format : $root.droidhub.v1.ImageFormat[m.format] : m.format;
                }
                if (m.quality != null && $Object.hasOwnProperty.call(m, "quality")) {
                    d.quality = m.quality;
                }
                if (m.maxSide != null && $Object.hasOwnProperty.call(m, "maxSide")) {
                    d.maxSide = m.maxSide;
                }
                return d;
            };

            /**
             * Converts this ScreenshotDefaults to JSON.
             * @function toJSON
             * @memberof droidhub.v1.ScreenshotDefaults
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ScreenshotDefaults.prototype.toJSON = function() {
                return ScreenshotDefaults.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for ScreenshotDefaults
             * @function getTypeUrl
             * @memberof droidhub.v1.ScreenshotDefaults
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            ScreenshotDefaults.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.ScreenshotDefaults";
            };

            return ScreenshotDefaults;
        })();

        v1.Welcome = (function() {

            /**
             * Properties of a Welcome.
             * @typedef {Object} droidhub.v1.Welcome.$Properties
             * @property {string|null} [sessionId] Welcome sessionId
             * @property {string|null} [deviceSecret] Welcome deviceSecret
             * @property {string|null} [resumeToken] Welcome resumeToken
             * @property {number|null} [heartbeatIntervalMs] Welcome heartbeatIntervalMs
             * @property {droidhub.v1.Limits.$Properties|null} [limits] Welcome limits
             * @property {droidhub.v1.ScreenshotDefaults.$Properties|null} [screenshotDefaults] Welcome screenshotDefaults
             * @property {boolean|null} [resumed] Welcome resumed
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Welcome.
             * @memberof droidhub.v1
             * @interface IWelcome
             * @augments droidhub.v1.Welcome.$Properties
             * @deprecated Use droidhub.v1.Welcome.$Properties instead.
             */

            /**
             * Shape of a Welcome.
             * @typedef {droidhub.v1.Welcome.$Properties} droidhub.v1.Welcome.$Shape
             */

            /**
             * Constructs a new Welcome.
             * @memberof droidhub.v1
             * @classdesc Represents a Welcome.
             * @constructor
             * @param {droidhub.v1.Welcome.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Welcome = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Welcome sessionId.
             * @member {string} sessionId
             * @memberof droidhub.v1.Welcome
             * @instance
             */
            Welcome.prototype.sessionId = "";

            /**
             * Welcome deviceSecret.
             * @member {string} deviceSecret
             * @memberof droidhub.v1.Welcome
             * @instance
             */
            Welcome.prototype.deviceSecret = "";

            /**
             * Welcome resumeToken.
             * @member {string} resumeToken
             * @memberof droidhub.v1.Welcome
             * @instance
             */
            Welcome.prototype.resumeToken = "";

            /**
             * Welcome heartbeatIntervalMs.
             * @member {number} heartbeatIntervalMs
             * @memberof droidhub.v1.Welcome
             * @instance
             */
            Welcome.prototype.heartbeatIntervalMs = 0;

            /**
             * Welcome limits.
             * @member {droidhub.v1.Limits.$Properties|null|undefined} limits
             * @memberof droidhub.v1.Welcome
             * @instance
             */
            Welcome.prototype.limits = null;

            /**
             * Welcome screenshotDefaults.
             * @member {droidhub.v1.ScreenshotDefaults.$Properties|null|undefined} screenshotDefaults
             * @memberof droidhub.v1.Welcome
             * @instance
             */
            Welcome.prototype.screenshotDefaults = null;

            /**
             * Welcome resumed.
             * @member {boolean} resumed
             * @memberof droidhub.v1.Welcome
             * @instance
             */
            Welcome.prototype.resumed = false;

            /**
             * Creates a new Welcome instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Welcome
             * @static
             * @param {droidhub.v1.Welcome.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Welcome} Welcome instance
             * @type {{
             *   (properties: droidhub.v1.Welcome.$Shape): droidhub.v1.Welcome & droidhub.v1.Welcome.$Shape;
             *   (properties?: droidhub.v1.Welcome.$Properties): droidhub.v1.Welcome;
             * }}
             */
            Welcome.create = function(properties) {
                return new Welcome(properties);
            };

            /**
             * Encodes the specified Welcome message. Does not implicitly {@link droidhub.v1.Welcome.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Welcome
             * @static
             * @param {droidhub.v1.Welcome.$Properties} m Welcome message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Welcome.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.sessionId != null && $Object.hasOwnProperty.call(m, "sessionId") && m.sessionId !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.sessionId);
                if (m.deviceSecret != null && $Object.hasOwnProperty.call(m, "deviceSecret") && m.deviceSecret !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.deviceSecret);
                if (m.resumeToken != null && $Object.hasOwnProperty.call(m, "resumeToken") && m.resumeToken !== "")
                    w.uint32(/* id 3, wireType 2 =*/26).string(m.resumeToken);
                if (m.heartbeatIntervalMs != null && $Object.hasOwnProperty.call(m, "heartbeatIntervalMs") && m.heartbeatIntervalMs !== 0)
                    w.uint32(/* id 4, wireType 0 =*/32).uint32(m.heartbeatIntervalMs);
                if (m.limits != null && $Object.hasOwnProperty.call(m, "limits"))
                    $root.droidhub.v1.Limits.encode(m.limits, w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                if (m.screenshotDefaults != null && $Object.hasOwnProperty.call(m, "screenshotDefaults"))
                    $root.droidhub.v1.ScreenshotDefaults.encode(m.screenshotDefaults, w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                if (m.resumed != null && $Object.hasOwnProperty.call(m, "resumed") && m.resumed !== false)
                    w.uint32(/* id 7, wireType 0 =*/56).bool(m.resumed);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Welcome message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Welcome
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Welcome & droidhub.v1.Welcome.$Shape} Welcome
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Welcome.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Welcome();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.sessionId = v;
                            else
                                delete m.sessionId;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.deviceSecret = v;
                            else
                                delete m.deviceSecret;
                            continue;
                        }
                    case 3: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.resumeToken = v;
                            else
                                delete m.resumeToken;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.heartbeatIntervalMs = v;
                            else
                                delete m.heartbeatIntervalMs;
                            continue;
                        }
                    case 5: {
                            if (u !== 2)
                                break;
                            m.limits = $root.droidhub.v1.Limits.decode(r, r.size(), $undefined, q + 1, m.limits);
                            continue;
                        }
                    case 6: {
                            if (u !== 2)
                                break;
                            m.screenshotDefaults = $root.droidhub.v1.ScreenshotDefaults.decode(r, r.size(), $undefined, q + 1, m.screenshotDefaults);
                            continue;
                        }
                    case 7: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.resumed = v;
                            else
                                delete m.resumed;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Welcome message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Welcome
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Welcome} Welcome
             */
            Welcome.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Welcome)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Welcome: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Welcome();
                if (d.sessionId != null) {
                    if (typeof d.sessionId !== "string" || d.sessionId.length) {
                        m.sessionId = $String(d.sessionId);
                    }
                }
                if (d.deviceSecret != null) {
                    if (typeof d.deviceSecret !== "string" || d.deviceSecret.length) {
                        m.deviceSecret = $String(d.deviceSecret);
                    }
                }
                if (d.resumeToken != null) {
                    if (typeof d.resumeToken !== "string" || d.resumeToken.length) {
                        m.resumeToken = $String(d.resumeToken);
                    }
                }
                if (d.heartbeatIntervalMs != null) {
                    if ($Number(d.heartbeatIntervalMs) !== 0) {
                        m.heartbeatIntervalMs = d.heartbeatIntervalMs >>> 0;
                    }
                }
                if (d.limits != null) {
                    if (!$util.isObject(d.limits))
                        throw $TypeError(".droidhub.v1.Welcome.limits: object expected");
                    m.limits = $root.droidhub.v1.Limits.fromObject(d.limits, q + 1);
                }
                if (d.screenshotDefaults != null) {
                    if (!$util.isObject(d.screenshotDefaults))
                        throw $TypeError(".droidhub.v1.Welcome.screenshotDefaults: object expected");
                    m.screenshotDefaults = $root.droidhub.v1.ScreenshotDefaults.fromObject(d.screenshotDefaults, q + 1);
                }
                if (d.resumed != null) {
                    if (d.resumed) {
                        m.resumed = $Boolean(d.resumed);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a Welcome message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Welcome
             * @static
             * @param {droidhub.v1.Welcome} m Welcome
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Welcome.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.sessionId = "";
                    d.deviceSecret = "";
                    d.resumeToken = "";
                    d.heartbeatIntervalMs = 0;
                    d.limits = null;
                    d.screenshotDefaults = null;
                    d.resumed = false;
                }
                if (m.sessionId != null && $Object.hasOwnProperty.call(m, "sessionId")) {
                    d.sessionId = m.sessionId;
                }
                if (m.deviceSecret != null && $Object.hasOwnProperty.call(m, "deviceSecret")) {
                    d.deviceSecret = m.deviceSecret;
                }
                if (m.resumeToken != null && $Object.hasOwnProperty.call(m, "resumeToken")) {
                    d.resumeToken = m.resumeToken;
                }
                if (m.heartbeatIntervalMs != null && $Object.hasOwnProperty.call(m, "heartbeatIntervalMs")) {
                    d.heartbeatIntervalMs = m.heartbeatIntervalMs;
                }
                if (m.limits != null && $Object.hasOwnProperty.call(m, "limits")) {
                    d.limits = $root.droidhub.v1.Limits.toObject(m.limits, o, q + 1);
                }
                if (m.screenshotDefaults != null && $Object.hasOwnProperty.call(m, "screenshotDefaults")) {
                    d.screenshotDefaults = $root.droidhub.v1.ScreenshotDefaults.toObject(m.screenshotDefaults, o, q + 1);
                }
                if (m.resumed != null && $Object.hasOwnProperty.call(m, "resumed")) {
                    d.resumed = m.resumed;
                }
                return d;
            };

            /**
             * Converts this Welcome to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Welcome
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Welcome.prototype.toJSON = function() {
                return Welcome.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Welcome
             * @function getTypeUrl
             * @memberof droidhub.v1.Welcome
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Welcome.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Welcome";
            };

            return Welcome;
        })();

        v1.Bounds = (function() {

            /**
             * Properties of a Bounds.
             * @typedef {Object} droidhub.v1.Bounds.$Properties
             * @property {number|null} [left] Bounds left
             * @property {number|null} [top] Bounds top
             * @property {number|null} [right] Bounds right
             * @property {number|null} [bottom] Bounds bottom
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Bounds.
             * @memberof droidhub.v1
             * @interface IBounds
             * @augments droidhub.v1.Bounds.$Properties
             * @deprecated Use droidhub.v1.Bounds.$Properties instead.
             */

            /**
             * Shape of a Bounds.
             * @typedef {droidhub.v1.Bounds.$Properties} droidhub.v1.Bounds.$Shape
             */

            /**
             * Constructs a new Bounds.
             * @memberof droidhub.v1
             * @classdesc Represents a Bounds.
             * @constructor
             * @param {droidhub.v1.Bounds.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Bounds = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Bounds left.
             * @member {number} left
             * @memberof droidhub.v1.Bounds
             * @instance
             */
            Bounds.prototype.left = 0;

            /**
             * Bounds top.
             * @member {number} top
             * @memberof droidhub.v1.Bounds
             * @instance
             */
            Bounds.prototype.top = 0;

            /**
             * Bounds right.
             * @member {number} right
             * @memberof droidhub.v1.Bounds
             * @instance
             */
            Bounds.prototype.right = 0;

            /**
             * Bounds bottom.
             * @member {number} bottom
             * @memberof droidhub.v1.Bounds
             * @instance
             */
            Bounds.prototype.bottom = 0;

            /**
             * Creates a new Bounds instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Bounds
             * @static
             * @param {droidhub.v1.Bounds.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Bounds} Bounds instance
             * @type {{
             *   (properties: droidhub.v1.Bounds.$Shape): droidhub.v1.Bounds & droidhub.v1.Bounds.$Shape;
             *   (properties?: droidhub.v1.Bounds.$Properties): droidhub.v1.Bounds;
             * }}
             */
            Bounds.create = function(properties) {
                return new Bounds(properties);
            };

            /**
             * Encodes the specified Bounds message. Does not implicitly {@link droidhub.v1.Bounds.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Bounds
             * @static
             * @param {droidhub.v1.Bounds.$Properties} m Bounds message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Bounds.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.left != null && $Object.hasOwnProperty.call(m, "left") && m.left !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.left);
                if (m.top != null && $Object.hasOwnProperty.call(m, "top") && m.top !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).int32(m.top);
                if (m.right != null && $Object.hasOwnProperty.call(m, "right") && m.right !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).int32(m.right);
                if (m.bottom != null && $Object.hasOwnProperty.call(m, "bottom") && m.bottom !== 0)
                    w.uint32(/* id 4, wireType 0 =*/32).int32(m.bottom);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Bounds message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Bounds
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Bounds & droidhub.v1.Bounds.$Shape} Bounds
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Bounds.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Bounds();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.left = v;
                            else
                                delete m.left;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.top = v;
                            else
                                delete m.top;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.right = v;
                            else
                                delete m.right;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.bottom = v;
                            else
                                delete m.bottom;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Bounds message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Bounds
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Bounds} Bounds
             */
            Bounds.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Bounds)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Bounds: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Bounds();
                if (d.left != null) {
                    if ($Number(d.left) !== 0) {
                        m.left = d.left | 0;
                    }
                }
                if (d.top != null) {
                    if ($Number(d.top) !== 0) {
                        m.top = d.top | 0;
                    }
                }
                if (d.right != null) {
                    if ($Number(d.right) !== 0) {
                        m.right = d.right | 0;
                    }
                }
                if (d.bottom != null) {
                    if ($Number(d.bottom) !== 0) {
                        m.bottom = d.bottom | 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a Bounds message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Bounds
             * @static
             * @param {droidhub.v1.Bounds} m Bounds
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Bounds.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.left = 0;
                    d.top = 0;
                    d.right = 0;
                    d.bottom = 0;
                }
                if (m.left != null && $Object.hasOwnProperty.call(m, "left")) {
                    d.left = m.left;
                }
                if (m.top != null && $Object.hasOwnProperty.call(m, "top")) {
                    d.top = m.top;
                }
                if (m.right != null && $Object.hasOwnProperty.call(m, "right")) {
                    d.right = m.right;
                }
                if (m.bottom != null && $Object.hasOwnProperty.call(m, "bottom")) {
                    d.bottom = m.bottom;
                }
                return d;
            };

            /**
             * Converts this Bounds to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Bounds
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Bounds.prototype.toJSON = function() {
                return Bounds.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Bounds
             * @function getTypeUrl
             * @memberof droidhub.v1.Bounds
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Bounds.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Bounds";
            };

            return Bounds;
        })();

        /**
         * WindowType enum.
         * @name droidhub.v1.WindowType
         * @enum {number}
         * @property {number} WINDOW_TYPE_UNSPECIFIED=0 WINDOW_TYPE_UNSPECIFIED value
         * @property {number} WINDOW_TYPE_APPLICATION=1 WINDOW_TYPE_APPLICATION value
         * @property {number} WINDOW_TYPE_INPUT_METHOD=2 WINDOW_TYPE_INPUT_METHOD value
         * @property {number} WINDOW_TYPE_SYSTEM=3 WINDOW_TYPE_SYSTEM value
         * @property {number} WINDOW_TYPE_ACCESSIBILITY_OVERLAY=4 WINDOW_TYPE_ACCESSIBILITY_OVERLAY value
         * @property {number} WINDOW_TYPE_SPLIT_SCREEN_DIVIDER=5 WINDOW_TYPE_SPLIT_SCREEN_DIVIDER value
         * @property {number} WINDOW_TYPE_MAGNIFICATION_OVERLAY=6 WINDOW_TYPE_MAGNIFICATION_OVERLAY value
         */
        v1.WindowType = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "WINDOW_TYPE_UNSPECIFIED"] = 0;
            values[valuesById[1] = "WINDOW_TYPE_APPLICATION"] = 1;
            values[valuesById[2] = "WINDOW_TYPE_INPUT_METHOD"] = 2;
            values[valuesById[3] = "WINDOW_TYPE_SYSTEM"] = 3;
            values[valuesById[4] = "WINDOW_TYPE_ACCESSIBILITY_OVERLAY"] = 4;
            values[valuesById[5] = "WINDOW_TYPE_SPLIT_SCREEN_DIVIDER"] = 5;
            values[valuesById[6] = "WINDOW_TYPE_MAGNIFICATION_OVERLAY"] = 6;
            return values;
        })();

        v1.Window = (function() {

            /**
             * Properties of a Window.
             * @typedef {Object} droidhub.v1.Window.$Properties
             * @property {number|null} [id] Window id
             * @property {droidhub.v1.WindowType|null} [type] Window type
             * @property {string|null} [title] Window title
             * @property {number|null} [layer] Window layer
             * @property {boolean|null} [active] Window active
             * @property {boolean|null} [focused] Window focused
             * @property {droidhub.v1.Bounds.$Properties|null} [bounds] Window bounds
             * @property {string|null} [packageName] Window packageName
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Window.
             * @memberof droidhub.v1
             * @interface IWindow
             * @augments droidhub.v1.Window.$Properties
             * @deprecated Use droidhub.v1.Window.$Properties instead.
             */

            /**
             * Shape of a Window.
             * @typedef {droidhub.v1.Window.$Properties} droidhub.v1.Window.$Shape
             */

            /**
             * Constructs a new Window.
             * @memberof droidhub.v1
             * @classdesc Represents a Window.
             * @constructor
             * @param {droidhub.v1.Window.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Window = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Window id.
             * @member {number} id
             * @memberof droidhub.v1.Window
             * @instance
             */
            Window.prototype.id = 0;

            /**
             * Window type.
             * @member {droidhub.v1.WindowType} type
             * @memberof droidhub.v1.Window
             * @instance
             */
            Window.prototype.type = 0;

            /**
             * Window title.
             * @member {string} title
             * @memberof droidhub.v1.Window
             * @instance
             */
            Window.prototype.title = "";

            /**
             * Window layer.
             * @member {number} layer
             * @memberof droidhub.v1.Window
             * @instance
             */
            Window.prototype.layer = 0;

            /**
             * Window active.
             * @member {boolean} active
             * @memberof droidhub.v1.Window
             * @instance
             */
            Window.prototype.active = false;

            /**
             * Window focused.
             * @member {boolean} focused
             * @memberof droidhub.v1.Window
             * @instance
             */
            Window.prototype.focused = false;

            /**
             * Window bounds.
             * @member {droidhub.v1.Bounds.$Properties|null|undefined} bounds
             * @memberof droidhub.v1.Window
             * @instance
             */
            Window.prototype.bounds = null;

            /**
             * Window packageName.
             * @member {string} packageName
             * @memberof droidhub.v1.Window
             * @instance
             */
            Window.prototype.packageName = "";

            /**
             * Creates a new Window instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Window
             * @static
             * @param {droidhub.v1.Window.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Window} Window instance
             * @type {{
             *   (properties: droidhub.v1.Window.$Shape): droidhub.v1.Window & droidhub.v1.Window.$Shape;
             *   (properties?: droidhub.v1.Window.$Properties): droidhub.v1.Window;
             * }}
             */
            Window.create = function(properties) {
                return new Window(properties);
            };

            /**
             * Encodes the specified Window message. Does not implicitly {@link droidhub.v1.Window.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Window
             * @static
             * @param {droidhub.v1.Window.$Properties} m Window message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Window.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.id != null && $Object.hasOwnProperty.call(m, "id") && m.id !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.id);
                if (m.type != null && $Object.hasOwnProperty.call(m, "type") && m.type !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).int32(m.type);
                if (m.title != null && $Object.hasOwnProperty.call(m, "title") && m.title !== "")
                    w.uint32(/* id 3, wireType 2 =*/26).string(m.title);
                if (m.layer != null && $Object.hasOwnProperty.call(m, "layer") && m.layer !== 0)
                    w.uint32(/* id 4, wireType 0 =*/32).int32(m.layer);
                if (m.active != null && $Object.hasOwnProperty.call(m, "active") && m.active !== false)
                    w.uint32(/* id 5, wireType 0 =*/40).bool(m.active);
                if (m.focused != null && $Object.hasOwnProperty.call(m, "focused") && m.focused !== false)
                    w.uint32(/* id 6, wireType 0 =*/48).bool(m.focused);
                if (m.bounds != null && $Object.hasOwnProperty.call(m, "bounds"))
                    $root.droidhub.v1.Bounds.encode(m.bounds, w.uint32(/* id 7, wireType 2 =*/58).fork(), q + 1).ldelim();
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName") && m.packageName !== "")
                    w.uint32(/* id 8, wireType 2 =*/66).string(m.packageName);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Window message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Window
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Window & droidhub.v1.Window.$Shape} Window
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Window.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Window();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.id = v;
                            else
                                delete m.id;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.type = v;
                            else
                                delete m.type;
                            continue;
                        }
                    case 3: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.title = v;
                            else
                                delete m.title;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.layer = v;
                            else
                                delete m.layer;
                            continue;
                        }
                    case 5: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.active = v;
                            else
                                delete m.active;
                            continue;
                        }
                    case 6: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.focused = v;
                            else
                                delete m.focused;
                            continue;
                        }
                    case 7: {
                            if (u !== 2)
                                break;
                            m.bounds = $root.droidhub.v1.Bounds.decode(r, r.size(), $undefined, q + 1, m.bounds);
                            continue;
                        }
                    case 8: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.packageName = v;
                            else
                                delete m.packageName;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Window message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Window
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Window} Window
             */
            Window.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Window)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Window: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Window();
                if (d.id != null) {
                    if ($Number(d.id) !== 0) {
                        m.id = d.id | 0;
                    }
                }
                if (d.type !== 0 && (typeof d.type !== "string" || $root.droidhub.v1.WindowType[d.type] !== 0)) {
                    switch (d.type) {
                    case "WINDOW_TYPE_UNSPECIFIED":
                    case 0:
                        m.type = 0;
                        break;
                    case "WINDOW_TYPE_APPLICATION":
                    case 1:
                        m.type = 1;
                        break;
                    case "WINDOW_TYPE_INPUT_METHOD":
                    case 2:
                        m.type = 2;
                        break;
                    case "WINDOW_TYPE_SYSTEM":
                    case 3:
                        m.type = 3;
                        break;
                    case "WINDOW_TYPE_ACCESSIBILITY_OVERLAY":
                    case 4:
                        m.type = 4;
                        break;
                    case "WINDOW_TYPE_SPLIT_SCREEN_DIVIDER":
                    case 5:
                        m.type = 5;
                        break;
                    case "WINDOW_TYPE_MAGNIFICATION_OVERLAY":
                    case 6:
                        m.type = 6;
                        break;
                    default:
                        if (typeof d.type === "number" && (d.type | 0) === d.type)
                            m.type = d.type;
                    }
                }
                if (d.title != null) {
                    if (typeof d.title !== "string" || d.title.length) {
                        m.title = $String(d.title);
                    }
                }
                if (d.layer != null) {
                    if ($Number(d.layer) !== 0) {
                        m.layer = d.layer | 0;
                    }
                }
                if (d.active != null) {
                    if (d.active) {
                        m.active = $Boolean(d.active);
                    }
                }
                if (d.focused != null) {
                    if (d.focused) {
                        m.focused = $Boolean(d.focused);
                    }
                }
                if (d.bounds != null) {
                    if (!$util.isObject(d.bounds))
                        throw $TypeError(".droidhub.v1.Window.bounds: object expected");
                    m.bounds = $root.droidhub.v1.Bounds.fromObject(d.bounds, q + 1);
                }
                if (d.packageName != null) {
                    if (typeof d.packageName !== "string" || d.packageName.length) {
                        m.packageName = $String(d.packageName);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a Window message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Window
             * @static
             * @param {droidhub.v1.Window} m Window
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Window.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.id = 0;
                    d.type = o.enums === $String ? "WINDOW_TYPE_UNSPECIFIED" : 0;
                    d.title = "";
                    d.layer = 0;
                    d.active = false;
                    d.focused = false;
                    d.bounds = null;
                    d.packageName = "";
                }
                if (m.id != null && $Object.hasOwnProperty.call(m, "id")) {
                    d.id = m.id;
                }
                if (m.type != null && $Object.hasOwnProperty.call(m, "type")) {
                    d.type = o.enums === $String ? $root.droidhub.v1.WindowType[m.type] === $undefined ? m.type : $root.droidhub.v1.WindowType[m.type] : m.type;
                }
                if (m.title != null && $Object.hasOwnProperty.call(m, "title")) {
                    d.title = m.title;
                }
                if (m.layer != null && $Object.hasOwnProperty.call(m, "layer")) {
                    d.layer = m.layer;
                }
                if (m.active != null && $Object.hasOwnProperty.call(m, "active")) {
                    d.active = m.active;
                }
                if (m.focused != null && $Object.hasOwnProperty.call(m, "focused")) {
                    d.focused = m.focused;
                }
                if (m.bounds != null && $Object.hasOwnProperty.call(m, "bounds")) {
                    d.bounds = $root.droidhub.v1.Bounds.toObject(m.bounds, o, q + 1);
                }
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName")) {
                    d.packageName = m.packageName;
                }
                return d;
            };

            /**
             * Converts this Window to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Window
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Window.prototype.toJSON = function() {
                return Window.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Window
             * @function getTypeUrl
             * @memberof droidhub.v1.Window
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Window.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Window";
            };

            return Window;
        })();

        v1.UiNode = (function() {

            /**
             * Properties of an UiNode.
             * @typedef {Object} droidhub.v1.UiNode.$Properties
             * @property {number|null} [parent] UiNode parent
             * @property {number|null} [windowId] UiNode windowId
             * @property {string|null} [packageName] UiNode packageName
             * @property {string|null} [className] UiNode className
             * @property {string|null} [text] UiNode text
             * @property {string|null} [contentDesc] UiNode contentDesc
             * @property {string|null} [hint] UiNode hint
             * @property {string|null} [resourceId] UiNode resourceId
             * @property {droidhub.v1.Bounds.$Properties|null} [bounds] UiNode bounds
             * @property {boolean|null} [clickable] UiNode clickable
             * @property {boolean|null} [longClickable] UiNode longClickable
             * @property {boolean|null} [focusable] UiNode focusable
             * @property {boolean|null} [focused] UiNode focused
             * @property {boolean|null} [editable] UiNode editable
             * @property {boolean|null} [checkable] UiNode checkable
             * @property {boolean|null} [checked] UiNode checked
             * @property {boolean|null} [scrollable] UiNode scrollable
             * @property {boolean|null} [enabled] UiNode enabled
             * @property {boolean|null} [selected] UiNode selected
             * @property {boolean|null} [password] UiNode password
             * @property {boolean|null} [visible] UiNode visible
             * @property {number|null} [depth] UiNode depth
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an UiNode.
             * @memberof droidhub.v1
             * @interface IUiNode
             * @augments droidhub.v1.UiNode.$Properties
             * @deprecated Use droidhub.v1.UiNode.$Properties instead.
             */

            /**
             * Shape of an UiNode.
             * @typedef {droidhub.v1.UiNode.$Properties} droidhub.v1.UiNode.$Shape
             */

            /**
             * Constructs a new UiNode.
             * @memberof droidhub.v1
             * @classdesc Represents an UiNode.
             * @constructor
             * @param {droidhub.v1.UiNode.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const UiNode = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * UiNode parent.
             * @member {number} parent
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.parent = 0;

            /**
             * UiNode windowId.
             * @member {number} windowId
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.windowId = 0;

            /**
             * UiNode packageName.
             * @member {string} packageName
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.packageName = "";

            /**
             * UiNode className.
             * @member {string} className
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.className = "";

            /**
             * UiNode text.
             * @member {string} text
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.text = "";

            /**
             * UiNode contentDesc.
             * @member {string} contentDesc
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.contentDesc = "";

            /**
             * UiNode hint.
             * @member {string} hint
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.hint = "";

            /**
             * UiNode resourceId.
             * @member {string} resourceId
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.resourceId = "";

            /**
             * UiNode bounds.
             * @member {droidhub.v1.Bounds.$Properties|null|undefined} bounds
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.bounds = null;

            /**
             * UiNode clickable.
             * @member {boolean} clickable
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.clickable = false;

            /**
             * UiNode longClickable.
             * @member {boolean} longClickable
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.longClickable = false;

            /**
             * UiNode focusable.
             * @member {boolean} focusable
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.focusable = false;

            /**
             * UiNode focused.
             * @member {boolean} focused
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.focused = false;

            /**
             * UiNode editable.
             * @member {boolean} editable
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.editable = false;

            /**
             * UiNode checkable.
             * @member {boolean} checkable
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.checkable = false;

            /**
             * UiNode checked.
             * @member {boolean} checked
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.checked = false;

            /**
             * UiNode scrollable.
             * @member {boolean} scrollable
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.scrollable = false;

            /**
             * UiNode enabled.
             * @member {boolean} enabled
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.enabled = false;

            /**
             * UiNode selected.
             * @member {boolean} selected
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.selected = false;

            /**
             * UiNode password.
             * @member {boolean} password
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.password = false;

            /**
             * UiNode visible.
             * @member {boolean} visible
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.visible = false;

            /**
             * UiNode depth.
             * @member {number} depth
             * @memberof droidhub.v1.UiNode
             * @instance
             */
            UiNode.prototype.depth = 0;

            /**
             * Creates a new UiNode instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.UiNode
             * @static
             * @param {droidhub.v1.UiNode.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.UiNode} UiNode instance
             * @type {{
             *   (properties: droidhub.v1.UiNode.$Shape): droidhub.v1.UiNode & droidhub.v1.UiNode.$Shape;
             *   (properties?: droidhub.v1.UiNode.$Properties): droidhub.v1.UiNode;
             * }}
             */
            UiNode.create = function(properties) {
                return new UiNode(properties);
            };

            /**
             * Encodes the specified UiNode message. Does not implicitly {@link droidhub.v1.UiNode.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.UiNode
             * @static
             * @param {droidhub.v1.UiNode.$Properties} m UiNode message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            UiNode.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.parent != null && $Object.hasOwnProperty.call(m, "parent") && m.parent !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.parent);
                if (m.windowId != null && $Object.hasOwnProperty.call(m, "windowId") && m.windowId !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).int32(m.windowId);
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName") && m.packageName !== "")
                    w.uint32(/* id 3, wireType 2 =*/26).string(m.packageName);
                if (m.className != null && $Object.hasOwnProperty.call(m, "className") && m.className !== "")
                    w.uint32(/* id 4, wireType 2 =*/34).string(m.className);
                if (m.text != null && $Object.hasOwnProperty.call(m, "text") && m.text !== "")
                    w.uint32(/* id 5, wireType 2 =*/42).string(m.text);
                if (m.contentDesc != null && $Object.hasOwnProperty.call(m, "contentDesc") && m.contentDesc !== "")
                    w.uint32(/* id 6, wireType 2 =*/50).string(m.contentDesc);
                if (m.hint != null && $Object.hasOwnProperty.call(m, "hint") && m.hint !== "")
                    w.uint32(/* id 7, wireType 2 =*/58).string(m.hint);
                if (m.resourceId != null && $Object.hasOwnProperty.call(m, "resourceId") && m.resourceId !== "")
                    w.uint32(/* id 8, wireType 2 =*/66).string(m.resourceId);
                if (m.bounds != null && $Object.hasOwnProperty.call(m, "bounds"))
                    $root.droidhub.v1.Bounds.encode(m.bounds, w.uint32(/* id 9, wireType 2 =*/74).fork(), q + 1).ldelim();
                if (m.clickable != null && $Object.hasOwnProperty.call(m, "clickable") && m.clickable !== false)
                    w.uint32(/* id 10, wireType 0 =*/80).bool(m.clickable);
                if (m.longClickable != null && $Object.hasOwnProperty.call(m, "longClickable") && m.longClickable !== false)
                    w.uint32(/* id 11, wireType 0 =*/88).bool(m.longClickable);
                if (m.focusable != null && $Object.hasOwnProperty.call(m, "focusable") && m.focusable !== false)
                    w.uint32(/* id 12, wireType 0 =*/96).bool(m.focusable);
                if (m.focused != null && $Object.hasOwnProperty.call(m, "focused") && m.focused !== false)
                    w.uint32(/* id 13, wireType 0 =*/104).bool(m.focused);
                if (m.editable != null && $Object.hasOwnProperty.call(m, "editable") && m.editable !== false)
                    w.uint32(/* id 14, wireType 0 =*/112).bool(m.editable);
                if (m.checkable != null && $Object.hasOwnProperty.call(m, "checkable") && m.checkable !== false)
                    w.uint32(/* id 15, wireType 0 =*/120).bool(m.checkable);
                if (m.checked != null && $Object.hasOwnProperty.call(m, "checked") && m.checked !== false)
                    w.uint32(/* id 16, wireType 0 =*/128).bool(m.checked);
                if (m.scrollable != null && $Object.hasOwnProperty.call(m, "scrollable") && m.scrollable !== false)
                    w.uint32(/* id 17, wireType 0 =*/136).bool(m.scrollable);
                if (m.enabled != null && $Object.hasOwnProperty.call(m, "enabled") && m.enabled !== false)
                    w.uint32(/* id 18, wireType 0 =*/144).bool(m.enabled);
                if (m.selected != null && $Object.hasOwnProperty.call(m, "selected") && m.selected !== false)
                    w.uint32(/* id 19, wireType 0 =*/152).bool(m.selected);
                if (m.password != null && $Object.hasOwnProperty.call(m, "password") && m.password !== false)
                    w.uint32(/* id 20, wireType 0 =*/160).bool(m.password);
                if (m.visible != null && $Object.hasOwnProperty.call(m, "visible") && m.visible !== false)
                    w.uint32(/* id 21, wireType 0 =*/168).bool(m.visible);
                if (m.depth != null && $Object.hasOwnProperty.call(m, "depth") && m.depth !== 0)
                    w.uint32(/* id 22, wireType 0 =*/176).int32(m.depth);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an UiNode message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.UiNode
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.UiNode & droidhub.v1.UiNode.$Shape} UiNode
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            UiNode.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.UiNode();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.parent = v;
                            else
                                delete m.parent;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.windowId = v;
                            else
                                delete m.windowId;
                            continue;
                        }
                    case 3: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.packageName = v;
                            else
                                delete m.packageName;
                            continue;
                        }
                    case 4: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.className = v;
                            else
                                delete m.className;
                            continue;
                        }
                    case 5: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.text = v;
                            else
                                delete m.text;
                            continue;
                        }
                    case 6: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.contentDesc = v;
                            else
                                delete m.contentDesc;
                            continue;
                        }
                    case 7: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.hint = v;
                            else
                                delete m.hint;
                            continue;
                        }
                    case 8: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.resourceId = v;
                            else
                                delete m.resourceId;
                            continue;
                        }
                    case 9: {
                            if (u !== 2)
                                break;
                            m.bounds = $root.droidhub.v1.Bounds.decode(r, r.size(), $undefined, q + 1, m.bounds);
                            continue;
                        }
                    case 10: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.clickable = v;
                            else
                                delete m.clickable;
                            continue;
                        }
                    case 11: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.longClickable = v;
                            else
                                delete m.longClickable;
                            continue;
                        }
                    case 12: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.focusable = v;
                            else
                                delete m.focusable;
                            continue;
                        }
                    case 13: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.focused = v;
                            else
                                delete m.focused;
                            continue;
                        }
                    case 14: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.editable = v;
                            else
                                delete m.editable;
                            continue;
                        }
                    case 15: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.checkable = v;
                            else
                                delete m.checkable;
                            continue;
                        }
                    case 16: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.checked = v;
                            else
                                delete m.checked;
                            continue;
                        }
                    case 17: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.scrollable = v;
                            else
                                delete m.scrollable;
                            continue;
                        }
                    case 18: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.enabled = v;
                            else
                                delete m.enabled;
                            continue;
                        }
                    case 19: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.selected = v;
                            else
                                delete m.selected;
                            continue;
                        }
                    case 20: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.password = v;
                            else
                                delete m.password;
                            continue;
                        }
                    case 21: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.visible = v;
                            else
                                delete m.visible;
                            continue;
                        }
                    case 22: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.depth = v;
                            else
                                delete m.depth;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an UiNode message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.UiNode
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.UiNode} UiNode
             */
            UiNode.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.UiNode)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.UiNode: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.UiNode();
                if (d.parent != null) {
                    if ($Number(d.parent) !== 0) {
                        m.parent = d.parent | 0;
                    }
                }
                if (d.windowId != null) {
                    if ($Number(d.windowId) !== 0) {
                        m.windowId = d.windowId | 0;
                    }
                }
                if (d.packageName != null) {
                    if (typeof d.packageName !== "string" || d.packageName.length) {
                        m.packageName = $String(d.packageName);
                    }
                }
                if (d.className != null) {
                    if (typeof d.className !== "string" || d.className.length) {
                        m.className = $String(d.className);
                    }
                }
                if (d.text != null) {
                    if (typeof d.text !== "string" || d.text.length) {
                        m.text = $String(d.text);
                    }
                }
                if (d.contentDesc != null) {
                    if (typeof d.contentDesc !== "string" || d.contentDesc.length) {
                        m.contentDesc = $String(d.contentDesc);
                    }
                }
                if (d.hint != null) {
                    if (typeof d.hint !== "string" || d.hint.length) {
                        m.hint = $String(d.hint);
                    }
                }
                if (d.resourceId != null) {
                    if (typeof d.resourceId !== "string" || d.resourceId.length) {
                        m.resourceId = $String(d.resourceId);
                    }
                }
                if (d.bounds != null) {
                    if (!$util.isObject(d.bounds))
                        throw $TypeError(".droidhub.v1.UiNode.bounds: object expected");
                    m.bounds = $root.droidhub.v1.Bounds.fromObject(d.bounds, q + 1);
                }
                if (d.clickable != null) {
                    if (d.clickable) {
                        m.clickable = $Boolean(d.clickable);
                    }
                }
                if (d.longClickable != null) {
                    if (d.longClickable) {
                        m.longClickable = $Boolean(d.longClickable);
                    }
                }
                if (d.focusable != null) {
                    if (d.focusable) {
                        m.focusable = $Boolean(d.focusable);
                    }
                }
                if (d.focused != null) {
                    if (d.focused) {
                        m.focused = $Boolean(d.focused);
                    }
                }
                if (d.editable != null) {
                    if (d.editable) {
                        m.editable = $Boolean(d.editable);
                    }
                }
                if (d.checkable != null) {
                    if (d.checkable) {
                        m.checkable = $Boolean(d.checkable);
                    }
                }
                if (d.checked != null) {
                    if (d.checked) {
                        m.checked = $Boolean(d.checked);
                    }
                }
                if (d.scrollable != null) {
                    if (d.scrollable) {
                        m.scrollable = $Boolean(d.scrollable);
                    }
                }
                if (d.enabled != null) {
                    if (d.enabled) {
                        m.enabled = $Boolean(d.enabled);
                    }
                }
                if (d.selected != null) {
                    if (d.selected) {
                        m.selected = $Boolean(d.selected);
                    }
                }
                if (d.password != null) {
                    if (d.password) {
                        m.password = $Boolean(d.password);
                    }
                }
                if (d.visible != null) {
                    if (d.visible) {
                        m.visible = $Boolean(d.visible);
                    }
                }
                if (d.depth != null) {
                    if ($Number(d.depth) !== 0) {
                        m.depth = d.depth | 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an UiNode message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.UiNode
             * @static
             * @param {droidhub.v1.UiNode} m UiNode
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            UiNode.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.parent = 0;
                    d.windowId = 0;
                    d.packageName = "";
                    d.className = "";
                    d.text = "";
                    d.contentDesc = "";
                    d.hint = "";
                    d.resourceId = "";
                    d.bounds = null;
                    d.clickable = false;
                    d.longClickable = false;
                    d.focusable = false;
                    d.focused = false;
                    d.editable = false;
                    d.checkable = false;
                    d.checked = false;
                    d.scrollable = false;
                    d.enabled = false;
                    d.selected = false;
                    d.password = false;
                    d.visible = false;
                    d.depth = 0;
                }
                if (m.parent != null && $Object.hasOwnProperty.call(m, "parent")) {
                    d.parent = m.parent;
                }
                if (m.windowId != null && $Object.hasOwnProperty.call(m, "windowId")) {
                    d.windowId = m.windowId;
                }
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName")) {
                    d.packageName = m.packageName;
                }
                if (m.className != null && $Object.hasOwnProperty.call(m, "className")) {
                    d.className = m.className;
                }
                if (m.text != null && $Object.hasOwnProperty.call(m, "text")) {
                    d.text = m.text;
                }
                if (m.contentDesc != null && $Object.hasOwnProperty.call(m, "contentDesc")) {
                    d.contentDesc = m.contentDesc;
                }
                if (m.hint != null && $Object.hasOwnProperty.call(m, "hint")) {
                    d.hint = m.hint;
                }
                if (m.resourceId != null && $Object.hasOwnProperty.call(m, "resourceId")) {
                    d.resourceId = m.resourceId;
                }
                if (m.bounds != null && $Object.hasOwnProperty.call(m, "bounds")) {
                    d.bounds = $root.droidhub.v1.Bounds.toObject(m.bounds, o, q + 1);
                }
                if (m.clickable != null && $Object.hasOwnProperty.call(m, "clickable")) {
                    d.clickable = m.clickable;
                }
                if (m.longClickable != null && $Object.hasOwnProperty.call(m, "longClickable")) {
                    d.longClickable = m.longClickable;
                }
                if (m.focusable != null && $Object.hasOwnProperty.call(m, "focusable")) {
                    d.focusable = m.focusable;
                }
                if (m.focused != null && $Object.hasOwnProperty.call(m, "focused")) {
                    d.focused = m.focused;
                }
                if (m.editable != null && $Object.hasOwnProperty.call(m, "editable")) {
                    d.editable = m.editable;
                }
                if (m.checkable != null && $Object.hasOwnProperty.call(m, "checkable")) {
                    d.checkable = m.checkable;
                }
                if (m.checked != null && $Object.hasOwnProperty.call(m, "checked")) {
                    d.checked = m.checked;
                }
                if (m.scrollable != null && $Object.hasOwnProperty.call(m, "scrollable")) {
                    d.scrollable = m.scrollable;
                }
                if (m.enabled != null && $Object.hasOwnProperty.call(m, "enabled")) {
                    d.enabled = m.enabled;
                }
                if (m.selected != null && $Object.hasOwnProperty.call(m, "selected")) {
                    d.selected = m.selected;
                }
                if (m.password != null && $Object.hasOwnProperty.call(m, "password")) {
                    d.password = m.password;
                }
                if (m.visible != null && $Object.hasOwnProperty.call(m, "visible")) {
                    d.visible = m.visible;
                }
                if (m.depth != null && $Object.hasOwnProperty.call(m, "depth")) {
                    d.depth = m.depth;
                }
                return d;
            };

            /**
             * Converts this UiNode to JSON.
             * @function toJSON
             * @memberof droidhub.v1.UiNode
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            UiNode.prototype.toJSON = function() {
                return UiNode.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for UiNode
             * @function getTypeUrl
             * @memberof droidhub.v1.UiNode
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            UiNode.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.UiNode";
            };

            return UiNode;
        })();

        v1.KeyboardState = (function() {

            /**
             * Properties of a KeyboardState.
             * @typedef {Object} droidhub.v1.KeyboardState.$Properties
             * @property {boolean|null} [shown] KeyboardState shown
             * @property {string|null} [imePackage] KeyboardState imePackage
             * @property {droidhub.v1.Bounds.$Properties|null} [bounds] KeyboardState bounds
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a KeyboardState.
             * @memberof droidhub.v1
             * @interface IKeyboardState
             * @augments droidhub.v1.KeyboardState.$Properties
             * @deprecated Use droidhub.v1.KeyboardState.$Properties instead.
             */

            /**
             * Shape of a KeyboardState.
             * @typedef {droidhub.v1.KeyboardState.$Properties} droidhub.v1.KeyboardState.$Shape
             */

            /**
             * Constructs a new KeyboardState.
             * @memberof droidhub.v1
             * @classdesc Represents a KeyboardState.
             * @constructor
             * @param {droidhub.v1.KeyboardState.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const KeyboardState = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * KeyboardState shown.
             * @member {boolean} shown
             * @memberof droidhub.v1.KeyboardState
             * @instance
             */
            KeyboardState.prototype.shown = false;

            /**
             * KeyboardState imePackage.
             * @member {string} imePackage
             * @memberof droidhub.v1.KeyboardState
             * @instance
             */
            KeyboardState.prototype.imePackage = "";

            /**
             * KeyboardState bounds.
             * @member {droidhub.v1.Bounds.$Properties|null|undefined} bounds
             * @memberof droidhub.v1.KeyboardState
             * @instance
             */
            KeyboardState.prototype.bounds = null;

            /**
             * Creates a new KeyboardState instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.KeyboardState
             * @static
             * @param {droidhub.v1.KeyboardState.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.KeyboardState} KeyboardState instance
             * @type {{
             *   (properties: droidhub.v1.KeyboardState.$Shape): droidhub.v1.KeyboardState & droidhub.v1.KeyboardState.$Shape;
             *   (properties?: droidhub.v1.KeyboardState.$Properties): droidhub.v1.KeyboardState;
             * }}
             */
            KeyboardState.create = function(properties) {
                return new KeyboardState(properties);
            };

            /**
             * Encodes the specified KeyboardState message. Does not implicitly {@link droidhub.v1.KeyboardState.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.KeyboardState
             * @static
             * @param {droidhub.v1.KeyboardState.$Properties} m KeyboardState message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            KeyboardState.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.shown != null && $Object.hasOwnProperty.call(m, "shown") && m.shown !== false)
                    w.uint32(/* id 1, wireType 0 =*/8).bool(m.shown);
                if (m.imePackage != null && $Object.hasOwnProperty.call(m, "imePackage") && m.imePackage !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.imePackage);
                if (m.bounds != null && $Object.hasOwnProperty.call(m, "bounds"))
                    $root.droidhub.v1.Bounds.encode(m.bounds, w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a KeyboardState message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.KeyboardState
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.KeyboardState & droidhub.v1.KeyboardState.$Shape} KeyboardState
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            KeyboardState.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.KeyboardState();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.shown = v;
                            else
                                delete m.shown;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.imePackage = v;
                            else
                                delete m.imePackage;
                            continue;
                        }
                    case 3: {
                            if (u !== 2)
                                break;
                            m.bounds = $root.droidhub.v1.Bounds.decode(r, r.size(), $undefined, q + 1, m.bounds);
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a KeyboardState message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.KeyboardState
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.KeyboardState} KeyboardState
             */
            KeyboardState.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.KeyboardState)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.KeyboardState: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.KeyboardState();
                if (d.shown != null) {
                    if (d.shown) {
                        m.shown = $Boolean(d.shown);
                    }
                }
                if (d.imePackage != null) {
                    if (typeof d.imePackage !== "string" || d.imePackage.length) {
                        m.imePackage = $String(d.imePackage);
                    }
                }
                if (d.bounds != null) {
                    if (!$util.isObject(d.bounds))
                        throw $TypeError(".droidhub.v1.KeyboardState.bounds: object expected");
                    m.bounds = $root.droidhub.v1.Bounds.fromObject(d.bounds, q + 1);
                }
                return m;
            };

            /**
             * Creates a plain object from a KeyboardState message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.KeyboardState
             * @static
             * @param {droidhub.v1.KeyboardState} m KeyboardState
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            KeyboardState.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.shown = false;
                    d.imePackage = "";
                    d.bounds = null;
                }
                if (m.shown != null && $Object.hasOwnProperty.call(m, "shown")) {
                    d.shown = m.shown;
                }
                if (m.imePackage != null && $Object.hasOwnProperty.call(m, "imePackage")) {
                    d.imePackage = m.imePackage;
                }
                if (m.bounds != null && $Object.hasOwnProperty.call(m, "bounds")) {
                    d.bounds = $root.droidhub.v1.Bounds.toObject(m.bounds, o, q + 1);
                }
                return d;
            };

            /**
             * Converts this KeyboardState to JSON.
             * @function toJSON
             * @memberof droidhub.v1.KeyboardState
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            KeyboardState.prototype.toJSON = function() {
                return KeyboardState.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for KeyboardState
             * @function getTypeUrl
             * @memberof droidhub.v1.KeyboardState
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            KeyboardState.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.KeyboardState";
            };

            return KeyboardState;
        })();

        v1.UiTree = (function() {

            /**
             * Properties of an UiTree.
             * @typedef {Object} droidhub.v1.UiTree.$Properties
             * @property {Array.<droidhub.v1.Window.$Properties>|null} [windows] UiTree windows
             * @property {Array.<droidhub.v1.UiNode.$Properties>|null} [nodes] UiTree nodes
             * @property {string|null} [foregroundPackage] UiTree foregroundPackage
             * @property {string|null} [foregroundActivity] UiTree foregroundActivity
             * @property {droidhub.v1.KeyboardState.$Properties|null} [keyboard] UiTree keyboard
             * @property {droidhub.v1.Screen.$Properties|null} [screen] UiTree screen
             * @property {number|null} [capturedAtMs] UiTree capturedAtMs
             * @property {number|null} [captureMs] UiTree captureMs
             * @property {boolean|null} [truncated] UiTree truncated
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an UiTree.
             * @memberof droidhub.v1
             * @interface IUiTree
             * @augments droidhub.v1.UiTree.$Properties
             * @deprecated Use droidhub.v1.UiTree.$Properties instead.
             */

            /**
             * Shape of an UiTree.
             * @typedef {droidhub.v1.UiTree.$Properties} droidhub.v1.UiTree.$Shape
             */

            /**
             * Constructs a new UiTree.
             * @memberof droidhub.v1
             * @classdesc Represents an UiTree.
             * @constructor
             * @param {droidhub.v1.UiTree.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const UiTree = function (p) {
                this.windows = [];
                this.nodes = [];
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * UiTree windows.
             * @member {Array.<droidhub.v1.Window.$Properties>} windows
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.windows = $util.emptyArray;

            /**
             * UiTree nodes.
             * @member {Array.<droidhub.v1.UiNode.$Properties>} nodes
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.nodes = $util.emptyArray;

            /**
             * UiTree foregroundPackage.
             * @member {string} foregroundPackage
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.foregroundPackage = "";

            /**
             * UiTree foregroundActivity.
             * @member {string} foregroundActivity
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.foregroundActivity = "";

            /**
             * UiTree keyboard.
             * @member {droidhub.v1.KeyboardState.$Properties|null|undefined} keyboard
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.keyboard = null;

            /**
             * UiTree screen.
             * @member {droidhub.v1.Screen.$Properties|null|undefined} screen
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.screen = null;

            /**
             * UiTree capturedAtMs.
             * @member {number} capturedAtMs
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.capturedAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * UiTree captureMs.
             * @member {number} captureMs
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.captureMs = 0;

            /**
             * UiTree truncated.
             * @member {boolean} truncated
             * @memberof droidhub.v1.UiTree
             * @instance
             */
            UiTree.prototype.truncated = false;

            /**
             * Creates a new UiTree instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.UiTree
             * @static
             * @param {droidhub.v1.UiTree.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.UiTree} UiTree instance
             * @type {{
             *   (properties: droidhub.v1.UiTree.$Shape): droidhub.v1.UiTree & droidhub.v1.UiTree.$Shape;
             *   (properties?: droidhub.v1.UiTree.$Properties): droidhub.v1.UiTree;
             * }}
             */
            UiTree.create = function(properties) {
                return new UiTree(properties);
            };

            /**
             * Encodes the specified UiTree message. Does not implicitly {@link droidhub.v1.UiTree.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.UiTree
             * @static
             * @param {droidhub.v1.UiTree.$Properties} m UiTree message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            UiTree.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.windows != null && m.windows.length) {
                    for (var i = 0; i < m.windows.length; ++i)
                        $root.droidhub.v1.Window.encode(m.windows[i], w.uint32(/* id 1, wireType 2 =*/10).fork(), q + 1).ldelim();
                }
                if (m.nodes != null && m.nodes.length) {
                    for (var i = 0; i < m.nodes.length; ++i)
                        $root.droidhub.v1.UiNode.encode(m.nodes[i], w.uint32(/* id 2, wireType 2 =*/18).fork(), q + 1).ldelim();
                }
                if (m.foregroundPackage != null && $Object.hasOwnProperty.call(m, "foregroundPackage") && m.foregroundPackage !== "")
                    w.uint32(/* id 3, wireType 2 =*/26).string(m.foregroundPackage);
                if (m.foregroundActivity != null && $Object.hasOwnProperty.call(m, "foregroundActivity") && m.foregroundActivity !== "")
                    w.uint32(/* id 4, wireType 2 =*/34).string(m.foregroundActivity);
                if (m.keyboard != null && $Object.hasOwnProperty.call(m, "keyboard"))
                    $root.droidhub.v1.KeyboardState.encode(m.keyboard, w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                if (m.screen != null && $Object.hasOwnProperty.call(m, "screen"))
                    $root.droidhub.v1.Screen.encode(m.screen, w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                if (m.capturedAtMs != null && $Object.hasOwnProperty.call(m, "capturedAtMs") && (typeof m.capturedAtMs === "object" ? m.capturedAtMs.low || m.capturedAtMs.high : m.capturedAtMs !== 0))
                    w.uint32(/* id 7, wireType 0 =*/56).uint64(m.capturedAtMs);
                if (m.captureMs != null && $Object.hasOwnProperty.call(m, "captureMs") && m.captureMs !== 0)
                    w.uint32(/* id 8, wireType 0 =*/64).uint32(m.captureMs);
                if (m.truncated != null && $Object.hasOwnProperty.call(m, "truncated") && m.truncated !== false)
                    w.uint32(/* id 9, wireType 0 =*/72).bool(m.truncated);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an UiTree message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.UiTree
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.UiTree & droidhub.v1.UiTree.$Shape} UiTree
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            UiTree.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.UiTree();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if (!(m.windows && m.windows.length))
                                m.windows = [];
                            m.windows.push($root.droidhub.v1.Window.decode(r, r.size(), $undefined, q + 1));
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if (!(m.nodes && m.nodes.length))
                                m.nodes = [];
                            m.nodes.push($root.droidhub.v1.UiNode.decode(r, r.size(), $undefined, q + 1));
                            continue;
                        }
                    case 3: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.foregroundPackage = v;
                            else
                                delete m.foregroundPackage;
                            continue;
                        }
                    case 4: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.foregroundActivity = v;
                            else
                                delete m.foregroundActivity;
                            continue;
                        }
                    case 5: {
                            if (u !== 2)
                                break;
                            m.keyboard = $root.droidhub.v1.KeyboardState.decode(r, r.size(), $undefined, q + 1, m.keyboard);
                            continue;
                        }
                    case 6: {
                            if (u !== 2)
                                break;
                            m.screen = $root.droidhub.v1.Screen.decode(r, r.size(), $undefined, q + 1, m.screen);
                            continue;
                        }
                    case 7: {
                            if (u !== 0)
                                break;
                            if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                m.capturedAtMs = v;
                            else
                                delete m.capturedAtMs;
                            continue;
                        }
                    case 8: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.captureMs = v;
                            else
                                delete m.captureMs;
                            continue;
                        }
                    case 9: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.truncated = v;
                            else
                                delete m.truncated;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an UiTree message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.UiTree
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.UiTree} UiTree
             */
            UiTree.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.UiTree)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.UiTree: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.UiTree();
                if (d.windows) {
                    if (!$Array.isArray(d.windows))
                        throw $TypeError(".droidhub.v1.UiTree.windows: array expected");
                    m.windows = $Array(d.windows.length);
                    for (var i = 0; i < d.windows.length; ++i) {
                        if (!$util.isObject(d.windows[i]))
                            throw $TypeError(".droidhub.v1.UiTree.windows: object expected");
                        m.windows[i] = $root.droidhub.v1.Window.fromObject(d.windows[i], q + 1);
                    }
                }
                if (d.nodes) {
                    if (!$Array.isArray(d.nodes))
                        throw $TypeError(".droidhub.v1.UiTree.nodes: array expected");
                    m.nodes = $Array(d.nodes.length);
                    for (var i = 0; i < d.nodes.length; ++i) {
                        if (!$util.isObject(d.nodes[i]))
                            throw $TypeError(".droidhub.v1.UiTree.nodes: object expected");
                        m.nodes[i] = $root.droidhub.v1.UiNode.fromObject(d.nodes[i], q + 1);
                    }
                }
                if (d.foregroundPackage != null) {
                    if (typeof d.foregroundPackage !== "string" || d.foregroundPackage.length) {
                        m.foregroundPackage = $String(d.foregroundPackage);
                    }
                }
                if (d.foregroundActivity != null) {
                    if (typeof d.foregroundActivity !== "string" || d.foregroundActivity.length) {
                        m.foregroundActivity = $String(d.foregroundActivity);
                    }
                }
                if (d.keyboard != null) {
                    if (!$util.isObject(d.keyboard))
                        throw $TypeError(".droidhub.v1.UiTree.keyboard: object expected");
                    m.keyboard = $root.droidhub.v1.KeyboardState.fromObject(d.keyboard, q + 1);
                }
                if (d.screen != null) {
                    if (!$util.isObject(d.screen))
                        throw $TypeError(".droidhub.v1.UiTree.screen: object expected");
                    m.screen = $root.droidhub.v1.Screen.fromObject(d.screen, q + 1);
                }
                if (d.capturedAtMs != null) {
                    if (typeof d.capturedAtMs === "object" ? d.capturedAtMs.low || d.capturedAtMs.high : $Number(d.capturedAtMs) !== 0) {
                        if ($util.Long)
                            m.capturedAtMs = $util.Long.fromValue(d.capturedAtMs, true);
                        else if (typeof d.capturedAtMs === "string")
                            m.capturedAtMs = $parseInt(d.capturedAtMs, 10);
                        else if (typeof d.capturedAtMs === "number")
                            m.capturedAtMs = d.capturedAtMs;
                        else if (typeof d.capturedAtMs === "object")
                            m.capturedAtMs = new $util.LongBits(d.capturedAtMs.low >>> 0, d.capturedAtMs.high >>> 0).toNumber(true);
                    }
                }
                if (d.captureMs != null) {
                    if ($Number(d.captureMs) !== 0) {
                        m.captureMs = d.captureMs >>> 0;
                    }
                }
                if (d.truncated != null) {
                    if (d.truncated) {
                        m.truncated = $Boolean(d.truncated);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an UiTree message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.UiTree
             * @static
             * @param {droidhub.v1.UiTree} m UiTree
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            UiTree.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.arrays || o.defaults) {
                    d.windows = [];
                    d.nodes = [];
                }
                if (o.defaults) {
                    d.foregroundPackage = "";
                    d.foregroundActivity = "";
                    d.keyboard = null;
                    d.screen = null;
                    if ($util.Long) {
                        var n = new $util.Long(0, 0, true);
                        d.capturedAtMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                    } else
                        d.capturedAtMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                    d.captureMs = 0;
                    d.truncated = false;
                }
                if (m.windows && m.windows.length) {
                    d.windows = $Array(m.windows.length);
                    for (var j = 0; j < m.windows.length; ++j) {
                        d.windows[j] = $root.droidhub.v1.Window.toObject(m.windows[j], o, q + 1);
                    }
                }
                if (m.nodes && m.nodes.length) {
                    d.nodes = $Array(m.nodes.length);
                    for (var j = 0; j < m.nodes.length; ++j) {
                        d.nodes[j] = $root.droidhub.v1.UiNode.toObject(m.nodes[j], o, q + 1);
                    }
                }
                if (m.foregroundPackage != null && $Object.hasOwnProperty.call(m, "foregroundPackage")) {
                    d.foregroundPackage = m.foregroundPackage;
                }
                if (m.foregroundActivity != null && $Object.hasOwnProperty.call(m, "foregroundActivity")) {
                    d.foregroundActivity = m.foregroundActivity;
                }
                if (m.keyboard != null && $Object.hasOwnProperty.call(m, "keyboard")) {
                    d.keyboard = $root.droidhub.v1.KeyboardState.toObject(m.keyboard, o, q + 1);
                }
                if (m.screen != null && $Object.hasOwnProperty.call(m, "screen")) {
                    d.screen = $root.droidhub.v1.Screen.toObject(m.screen, o, q + 1);
                }
                if (m.capturedAtMs != null && $Object.hasOwnProperty.call(m, "capturedAtMs")) {
                    if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                        d.capturedAtMs = typeof m.capturedAtMs === "number" ? $BigInt(m.capturedAtMs) : $util.Long.fromBits(m.capturedAtMs.low >>> 0, m.capturedAtMs.high >>> 0, true).toBigInt();
                    else if (typeof m.capturedAtMs === "number")
                        d.capturedAtMs = o.longs === $String ? $String(m.capturedAtMs) : m.capturedAtMs;
                    else
                        d.capturedAtMs = o.longs === $String ? $util.Long.prototype.toString.call(m.capturedAtMs) : o.longs === $Number ? new $util.LongBits(m.capturedAtMs.low >>> 0, m.capturedAtMs.high >>> 0).toNumber(true) : m.capturedAtMs;
                }
                if (m.captureMs != null && $Object.hasOwnProperty.call(m, "captureMs")) {
                    d.captureMs = m.captureMs;
                }
                if (m.truncated != null && $Object.hasOwnProperty.call(m, "truncated")) {
                    d.truncated = m.truncated;
                }
                return d;
            };

            /**
             * Converts this UiTree to JSON.
             * @function toJSON
             * @memberof droidhub.v1.UiTree
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            UiTree.prototype.toJSON = function() {
                return UiTree.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for UiTree
             * @function getTypeUrl
             * @memberof droidhub.v1.UiTree
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            UiTree.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.UiTree";
            };

            return UiTree;
        })();

        v1.GetUiRequest = (function() {

            /**
             * Properties of a GetUiRequest.
             * @typedef {Object} droidhub.v1.GetUiRequest.$Properties
             * @property {boolean|null} [allWindows] GetUiRequest allWindows
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a GetUiRequest.
             * @memberof droidhub.v1
             * @interface IGetUiRequest
             * @augments droidhub.v1.GetUiRequest.$Properties
             * @deprecated Use droidhub.v1.GetUiRequest.$Properties instead.
             */

            /**
             * Shape of a GetUiRequest.
             * @typedef {droidhub.v1.GetUiRequest.$Properties} droidhub.v1.GetUiRequest.$Shape
             */

            /**
             * Constructs a new GetUiRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a GetUiRequest.
             * @constructor
             * @param {droidhub.v1.GetUiRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const GetUiRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * GetUiRequest allWindows.
             * @member {boolean} allWindows
             * @memberof droidhub.v1.GetUiRequest
             * @instance
             */
            GetUiRequest.prototype.allWindows = false;

            /**
             * Creates a new GetUiRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.GetUiRequest
             * @static
             * @param {droidhub.v1.GetUiRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.GetUiRequest} GetUiRequest instance
             * @type {{
             *   (properties: droidhub.v1.GetUiRequest.$Shape): droidhub.v1.GetUiRequest & droidhub.v1.GetUiRequest.$Shape;
             *   (properties?: droidhub.v1.GetUiRequest.$Properties): droidhub.v1.GetUiRequest;
             * }}
             */
            GetUiRequest.create = function(properties) {
                return new GetUiRequest(properties);
            };

            /**
             * Encodes the specified GetUiRequest message. Does not implicitly {@link droidhub.v1.GetUiRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.GetUiRequest
             * @static
             * @param {droidhub.v1.GetUiRequest.$Properties} m GetUiRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            GetUiRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.allWindows != null && $Object.hasOwnProperty.call(m, "allWindows") && m.allWindows !== false)
                    w.uint32(/* id 1, wireType 0 =*/8).bool(m.allWindows);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a GetUiRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.GetUiRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.GetUiRequest & droidhub.v1.GetUiRequest.$Shape} GetUiRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            GetUiRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.GetUiRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.allWindows = v;
                            else
                                delete m.allWindows;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a GetUiRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.GetUiRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.GetUiRequest} GetUiRequest
             */
            GetUiRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.GetUiRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.GetUiRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.GetUiRequest();
                if (d.allWindows != null) {
                    if (d.allWindows) {
                        m.allWindows = $Boolean(d.allWindows);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a GetUiRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.GetUiRequest
             * @static
             * @param {droidhub.v1.GetUiRequest} m GetUiRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            GetUiRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.allWindows = false;
                }
                if (m.allWindows != null && $Object.hasOwnProperty.call(m, "allWindows")) {
                    d.allWindows = m.allWindows;
                }
                return d;
            };

            /**
             * Converts this GetUiRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.GetUiRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            GetUiRequest.prototype.toJSON = function() {
                return GetUiRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for GetUiRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.GetUiRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            GetUiRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.GetUiRequest";
            };

            return GetUiRequest;
        })();

        /**
         * ImageFormat enum.
         * @name droidhub.v1.ImageFormat
         * @enum {number}
         * @property {number} IMAGE_FORMAT_UNSPECIFIED=0 IMAGE_FORMAT_UNSPECIFIED value
         * @property {number} IMAGE_FORMAT_JPEG=1 IMAGE_FORMAT_JPEG value
         * @property {number} IMAGE_FORMAT_WEBP=2 IMAGE_FORMAT_WEBP value
         * @property {number} IMAGE_FORMAT_PNG=3 IMAGE_FORMAT_PNG value
         */
        v1.ImageFormat = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "IMAGE_FORMAT_UNSPECIFIED"] = 0;
            values[valuesById[1] = "IMAGE_FORMAT_JPEG"] = 1;
            values[valuesById[2] = "IMAGE_FORMAT_WEBP"] = 2;
            values[valuesById[3] = "IMAGE_FORMAT_PNG"] = 3;
            return values;
        })();

        v1.ScreenshotRequest = (function() {

            /**
             * Properties of a ScreenshotRequest.
             * @typedef {Object} droidhub.v1.ScreenshotRequest.$Properties
             * @property {droidhub.v1.ImageFormat|null} [format] ScreenshotRequest format
             * @property {number|null} [quality] ScreenshotRequest quality
             * @property {number|null} [maxSide] ScreenshotRequest maxSide
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ScreenshotRequest.
             * @memberof droidhub.v1
             * @interface IScreenshotRequest
             * @augments droidhub.v1.ScreenshotRequest.$Properties
             * @deprecated Use droidhub.v1.ScreenshotRequest.$Properties instead.
             */

            /**
             * Shape of a ScreenshotRequest.
             * @typedef {droidhub.v1.ScreenshotRequest.$Properties} droidhub.v1.ScreenshotRequest.$Shape
             */

            /**
             * Constructs a new ScreenshotRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a ScreenshotRequest.
             * @constructor
             * @param {droidhub.v1.ScreenshotRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ScreenshotRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * ScreenshotRequest format.
             * @member {droidhub.v1.ImageFormat} format
             * @memberof droidhub.v1.ScreenshotRequest
             * @instance
             */
            ScreenshotRequest.prototype.format = 0;

            /**
             * ScreenshotRequest quality.
             * @member {number} quality
             * @memberof droidhub.v1.ScreenshotRequest
             * @instance
             */
            ScreenshotRequest.prototype.quality = 0;

            /**
             * ScreenshotRequest maxSide.
             * @member {number} maxSide
             * @memberof droidhub.v1.ScreenshotRequest
             * @instance
             */
            ScreenshotRequest.prototype.maxSide = 0;

            /**
             * Creates a new ScreenshotRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.ScreenshotRequest
             * @static
             * @param {droidhub.v1.ScreenshotRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.ScreenshotRequest} ScreenshotRequest instance
             * @type {{
             *   (properties: droidhub.v1.ScreenshotRequest.$Shape): droidhub.v1.ScreenshotRequest & droidhub.v1.ScreenshotRequest.$Shape;
             *   (properties?: droidhub.v1.ScreenshotRequest.$Properties): droidhub.v1.ScreenshotRequest;
             * }}
             */
            ScreenshotRequest.create = function(properties) {
                return new ScreenshotRequest(properties);
            };

            /**
             * Encodes the specified ScreenshotRequest message. Does not implicitly {@link droidhub.v1.ScreenshotRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.ScreenshotRequest
             * @static
             * @param {droidhub.v1.ScreenshotRequest.$Properties} m ScreenshotRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ScreenshotRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.format != null && $Object.hasOwnProperty.call(m, "format") && m.format !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.format);
                if (m.quality != null && $Object.hasOwnProperty.call(m, "quality") && m.quality !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).uint32(m.quality);
                if (m.maxSide != null && $Object.hasOwnProperty.call(m, "maxSide") && m.maxSide !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.maxSide);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a ScreenshotRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.ScreenshotRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.ScreenshotRequest & droidhub.v1.ScreenshotRequest.$Shape} ScreenshotRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ScreenshotRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.ScreenshotRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.format = v;
                            else
                                delete m.format;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.quality = v;
                            else
                                delete m.quality;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.maxSide = v;
                            else
                                delete m.maxSide;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a ScreenshotRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.ScreenshotRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.ScreenshotRequest} ScreenshotRequest
             */
            ScreenshotRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.ScreenshotRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.ScreenshotRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.ScreenshotRequest();
                if (d.format !== 0 && (typeof d.format !== "string" || $root.droidhub.v1.ImageFormat[d.format] !== 0)) {
                    switch (d.format) {
                    case "IMAGE_FORMAT_UNSPECIFIED":
                    case 0:
                        m.format = 0;
                        break;
                    case "IMAGE_FORMAT_JPEG":
                    case 1:
                        m.format = 1;
                        break;
                    case "IMAGE_FORMAT_WEBP":
                    case 2:
                        m.format = 2;
                        break;
                    case "IMAGE_FORMAT_PNG":
                    case 3:
                        m.format = 3;
                        break;
                    default:
                        if (typeof d.format === "number" && (d.format | 0) === d.format)
                            m.format = d.format;
                    }
                }
                if (d.quality != null) {
                    if ($Number(d.quality) !== 0) {
                        m.quality = d.quality >>> 0;
                    }
                }
                if (d.maxSide != null) {
                    if ($Number(d.maxSide) !== 0) {
                        m.maxSide = d.maxSide >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a ScreenshotRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.ScreenshotRequest
             * @static
             * @param {droidhub.v1.ScreenshotRequest} m ScreenshotRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ScreenshotRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.format = o.enums === $String ? "IMAGE_FORMAT_UNSPECIFIED" : 0;
                    d.quality = 0;
                    d.maxSide = 0;
                }
                if (m.format != null && $Object.hasOwnProperty.call(m, "format")) {
                    d.format = o.enums === $String ? $root.droidhub.v1.ImageFormat[m.format] === $undefined ? m.format : $root.droidhub.v1.ImageFormat[m.format] : m.format;
                }
                if (m.quality != null && $Object.hasOwnProperty.call(m, "quality")) {
                    d.quality = m.quality;
                }
                if (m.maxSide != null && $Object.hasOwnProperty.call(m, "maxSide")) {
                    d.maxSide = m.maxSide;
                }
                return d;
            };

            /**
             * Converts this ScreenshotRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.ScreenshotRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ScreenshotRequest.prototype.toJSON = function() {
                return ScreenshotRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for ScreenshotRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.ScreenshotRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            ScreenshotRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.ScreenshotRequest";
            };

            return ScreenshotRequest;
        })();

        v1.TapRequest = (function() {

            /**
             * Properties of a TapRequest.
             * @typedef {Object} droidhub.v1.TapRequest.$Properties
             * @property {number|null} [x] TapRequest x
             * @property {number|null} [y] TapRequest y
             * @property {number|null} [count] TapRequest count
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a TapRequest.
             * @memberof droidhub.v1
             * @interface ITapRequest
             * @augments droidhub.v1.TapRequest.$Properties
             * @deprecated Use droidhub.v1.TapRequest.$Properties instead.
             */

            /**
             * Shape of a TapRequest.
             * @typedef {droidhub.v1.TapRequest.$Properties} droidhub.v1.TapRequest.$Shape
             */

            /**
             * Constructs a new TapRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a TapRequest.
             * @constructor
             * @param {droidhub.v1.TapRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const TapRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * TapRequest x.
             * @member {number} x
             * @memberof droidhub.v1.TapRequest
             * @instance
             */
            TapRequest.prototype.x = 0;

            /**
             * TapRequest y.
             * @member {number} y
             * @memberof droidhub.v1.TapRequest
             * @instance
             */
            TapRequest.prototype.y = 0;

            /**
             * TapRequest count.
             * @member {number} count
             * @memberof droidhub.v1.TapRequest
             * @instance
             */
            TapRequest.prototype.count = 0;

            /**
             * Creates a new TapRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.TapRequest
             * @static
             * @param {droidhub.v1.TapRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.TapRequest} TapRequest instance
             * @type {{
             *   (properties: droidhub.v1.TapRequest.$Shape): droidhub.v1.TapRequest & droidhub.v1.TapRequest.$Shape;
             *   (properties?: droidhub.v1.TapRequest.$Properties): droidhub.v1.TapRequest;
             * }}
             */
            TapRequest.create = function(properties) {
                return new TapRequest(properties);
            };

            /**
             * Encodes the specified TapRequest message. Does not implicitly {@link droidhub.v1.TapRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.TapRequest
             * @static
             * @param {droidhub.v1.TapRequest.$Properties} m TapRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            TapRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.x != null && $Object.hasOwnProperty.call(m, "x") && m.x !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.x);
                if (m.y != null && $Object.hasOwnProperty.call(m, "y") && m.y !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).int32(m.y);
                if (m.count != null && $Object.hasOwnProperty.call(m, "count") && m.count !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.count);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a TapRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.TapRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.TapRequest & droidhub.v1.TapRequest.$Shape} TapRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            TapRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.TapRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.x = v;
                            else
                                delete m.x;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.y = v;
                            else
                                delete m.y;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.count = v;
                            else
                                delete m.count;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a TapRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.TapRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.TapRequest} TapRequest
             */
            TapRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.TapRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.TapRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.TapRequest();
                if (d.x != null) {
                    if ($Number(d.x) !== 0) {
                        m.x = d.x | 0;
                    }
                }
                if (d.y != null) {
                    if ($Number(d.y) !== 0) {
                        m.y = d.y | 0;
                    }
                }
                if (d.count != null) {
                    if ($Number(d.count) !== 0) {
                        m.count = d.count >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a TapRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.TapRequest
             * @static
             * @param {droidhub.v1.TapRequest} m TapRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            TapRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.x = 0;
                    d.y = 0;
                    d.count = 0;
                }
                if (m.x != null && $Object.hasOwnProperty.call(m, "x")) {
                    d.x = m.x;
                }
                if (m.y != null && $Object.hasOwnProperty.call(m, "y")) {
                    d.y = m.y;
                }
                if (m.count != null && $Object.hasOwnProperty.call(m, "count")) {
                    d.count = m.count;
                }
                return d;
            };

            /**
             * Converts this TapRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.TapRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            TapRequest.prototype.toJSON = function() {
                return TapRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for TapRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.TapRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            TapRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.TapRequest";
            };

            return TapRequest;
        })();

        v1.LongPressRequest = (function() {

            /**
             * Properties of a LongPressRequest.
             * @typedef {Object} droidhub.v1.LongPressRequest.$Properties
             * @property {number|null} [x] LongPressRequest x
             * @property {number|null} [y] LongPressRequest y
             * @property {number|null} [durationMs] LongPressRequest durationMs
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a LongPressRequest.
             * @memberof droidhub.v1
             * @interface ILongPressRequest
             * @augments droidhub.v1.LongPressRequest.$Properties
             * @deprecated Use droidhub.v1.LongPressRequest.$Properties instead.
             */

            /**
             * Shape of a LongPressRequest.
             * @typedef {droidhub.v1.LongPressRequest.$Properties} droidhub.v1.LongPressRequest.$Shape
             */

            /**
             * Constructs a new LongPressRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a LongPressRequest.
             * @constructor
             * @param {droidhub.v1.LongPressRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const LongPressRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * LongPressRequest x.
             * @member {number} x
             * @memberof droidhub.v1.LongPressRequest
             * @instance
             */
            LongPressRequest.prototype.x = 0;

            /**
             * LongPressRequest y.
             * @member {number} y
             * @memberof droidhub.v1.LongPressRequest
             * @instance
             */
            LongPressRequest.prototype.y = 0;

            /**
             * LongPressRequest durationMs.
             * @member {number} durationMs
             * @memberof droidhub.v1.LongPressRequest
             * @instance
             */
            LongPressRequest.prototype.durationMs = 0;

            /**
             * Creates a new LongPressRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.LongPressRequest
             * @static
             * @param {droidhub.v1.LongPressRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.LongPressRequest} LongPressRequest instance
             * @type {{
             *   (properties: droidhub.v1.LongPressRequest.$Shape): droidhub.v1.LongPressRequest & droidhub.v1.LongPressRequest.$Shape;
             *   (properties?: droidhub.v1.LongPressRequest.$Properties): droidhub.v1.LongPressRequest;
             * }}
             */
            LongPressRequest.create = function(properties) {
                return new LongPressRequest(properties);
            };

            /**
             * Encodes the specified LongPressRequest message. Does not implicitly {@link droidhub.v1.LongPressRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.LongPressRequest
             * @static
             * @param {droidhub.v1.LongPressRequest.$Properties} m LongPressRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            LongPressRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.x != null && $Object.hasOwnProperty.call(m, "x") && m.x !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.x);
                if (m.y != null && $Object.hasOwnProperty.call(m, "y") && m.y !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).int32(m.y);
                if (m.durationMs != null && $Object.hasOwnProperty.call(m, "durationMs") && m.durationMs !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.durationMs);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a LongPressRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.LongPressRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.LongPressRequest & droidhub.v1.LongPressRequest.$Shape} LongPressRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            LongPressRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.LongPressRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.x = v;
                            else
                                delete m.x;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.y = v;
                            else
                                delete m.y;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.durationMs = v;
                            else
                                delete m.durationMs;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a LongPressRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.LongPressRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.LongPressRequest} LongPressRequest
             */
            LongPressRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.LongPressRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.LongPressRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.LongPressRequest();
                if (d.x != null) {
                    if ($Number(d.x) !== 0) {
                        m.x = d.x | 0;
                    }
                }
                if (d.y != null) {
                    if ($Number(d.y) !== 0) {
                        m.y = d.y | 0;
                    }
                }
                if (d.durationMs != null) {
                    if ($Number(d.durationMs) !== 0) {
                        m.durationMs = d.durationMs >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a LongPressRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.LongPressRequest
             * @static
             * @param {droidhub.v1.LongPressRequest} m LongPressRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            LongPressRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.x = 0;
                    d.y = 0;
                    d.durationMs = 0;
                }
                if (m.x != null && $Object.hasOwnProperty.call(m, "x")) {
                    d.x = m.x;
                }
                if (m.y != null && $Object.hasOwnProperty.call(m, "y")) {
                    d.y = m.y;
                }
                if (m.durationMs != null && $Object.hasOwnProperty.call(m, "durationMs")) {
                    d.durationMs = m.durationMs;
                }
                return d;
            };

            /**
             * Converts this LongPressRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.LongPressRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            LongPressRequest.prototype.toJSON = function() {
                return LongPressRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for LongPressRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.LongPressRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            LongPressRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.LongPressRequest";
            };

            return LongPressRequest;
        })();

        v1.SwipeRequest = (function() {

            /**
             * Properties of a SwipeRequest.
             * @typedef {Object} droidhub.v1.SwipeRequest.$Properties
             * @property {number|null} [fromX] SwipeRequest fromX
             * @property {number|null} [fromY] SwipeRequest fromY
             * @property {number|null} [toX] SwipeRequest toX
             * @property {number|null} [toY] SwipeRequest toY
             * @property {number|null} [durationMs] SwipeRequest durationMs
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a SwipeRequest.
             * @memberof droidhub.v1
             * @interface ISwipeRequest
             * @augments droidhub.v1.SwipeRequest.$Properties
             * @deprecated Use droidhub.v1.SwipeRequest.$Properties instead.
             */

            /**
             * Shape of a SwipeRequest.
             * @typedef {droidhub.v1.SwipeRequest.$Properties} droidhub.v1.SwipeRequest.$Shape
             */

            /**
             * Constructs a new SwipeRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a SwipeRequest.
             * @constructor
             * @param {droidhub.v1.SwipeRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const SwipeRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * SwipeRequest fromX.
             * @member {number} fromX
             * @memberof droidhub.v1.SwipeRequest
             * @instance
             */
            SwipeRequest.prototype.fromX = 0;

            /**
             * SwipeRequest fromY.
             * @member {number} fromY
             * @memberof droidhub.v1.SwipeRequest
             * @instance
             */
            SwipeRequest.prototype.fromY = 0;

            /**
             * SwipeRequest toX.
             * @member {number} toX
             * @memberof droidhub.v1.SwipeRequest
             * @instance
             */
            SwipeRequest.prototype.toX = 0;

            /**
             * SwipeRequest toY.
             * @member {number} toY
             * @memberof droidhub.v1.SwipeRequest
             * @instance
             */
            SwipeRequest.prototype.toY = 0;

            /**
             * SwipeRequest durationMs.
             * @member {number} durationMs
             * @memberof droidhub.v1.SwipeRequest
             * @instance
             */
            SwipeRequest.prototype.durationMs = 0;

            /**
             * Creates a new SwipeRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.SwipeRequest
             * @static
             * @param {droidhub.v1.SwipeRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.SwipeRequest} SwipeRequest instance
             * @type {{
             *   (properties: droidhub.v1.SwipeRequest.$Shape): droidhub.v1.SwipeRequest & droidhub.v1.SwipeRequest.$Shape;
             *   (properties?: droidhub.v1.SwipeRequest.$Properties): droidhub.v1.SwipeRequest;
             * }}
             */
            SwipeRequest.create = function(properties) {
                return new SwipeRequest(properties);
            };

            /**
             * Encodes the specified SwipeRequest message. Does not implicitly {@link droidhub.v1.SwipeRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.SwipeRequest
             * @static
             * @param {droidhub.v1.SwipeRequest.$Properties} m SwipeRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            SwipeRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.fromX != null && $Object.hasOwnProperty.call(m, "fromX") && m.fromX !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.fromX);
                if (m.fromY != null && $Object.hasOwnProperty.call(m, "fromY") && m.fromY !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).int32(m.fromY);
                if (m.toX != null && $Object.hasOwnProperty.call(m, "toX") && m.toX !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).int32(m.toX);
                if (m.toY != null && $Object.hasOwnProperty.call(m, "toY") && m.toY !== 0)
                    w.uint32(/* id 4, wireType 0 =*/32).int32(m.toY);
                if (m.durationMs != null && $Object.hasOwnProperty.call(m, "durationMs") && m.durationMs !== 0)
                    w.uint32(/* id 5, wireType 0 =*/40).uint32(m.durationMs);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a SwipeRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.SwipeRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.SwipeRequest & droidhub.v1.SwipeRequest.$Shape} SwipeRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            SwipeRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.SwipeRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.fromX = v;
                            else
                                delete m.fromX;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.fromY = v;
                            else
                                delete m.fromY;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.toX = v;
                            else
                                delete m.toX;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.toY = v;
                            else
                                delete m.toY;
                            continue;
                        }
                    case 5: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.durationMs = v;
                            else
                                delete m.durationMs;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a SwipeRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.SwipeRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.SwipeRequest} SwipeRequest
             */
            SwipeRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.SwipeRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.SwipeRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.SwipeRequest();
                if (d.fromX != null) {
                    if ($Number(d.fromX) !== 0) {
                        m.fromX = d.fromX | 0;
                    }
                }
                if (d.fromY != null) {
                    if ($Number(d.fromY) !== 0) {
                        m.fromY = d.fromY | 0;
                    }
                }
                if (d.toX != null) {
                    if ($Number(d.toX) !== 0) {
                        m.toX = d.toX | 0;
                    }
                }
                if (d.toY != null) {
                    if ($Number(d.toY) !== 0) {
                        m.toY = d.toY | 0;
                    }
                }
                if (d.durationMs != null) {
                    if ($Number(d.durationMs) !== 0) {
                        m.durationMs = d.durationMs >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a SwipeRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.SwipeRequest
             * @static
             * @param {droidhub.v1.SwipeRequest} m SwipeRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            SwipeRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.fromX = 0;
                    d.fromY = 0;
                    d.toX = 0;
                    d.toY = 0;
                    d.durationMs = 0;
                }
                if (m.fromX != null && $Object.hasOwnProperty.call(m, "fromX")) {
                    d.fromX = m.fromX;
                }
                if (m.fromY != null && $Object.hasOwnProperty.call(m, "fromY")) {
                    d.fromY = m.fromY;
                }
                if (m.toX != null && $Object.hasOwnProperty.call(m, "toX")) {
                    d.toX = m.toX;
                }
                if (m.toY != null && $Object.hasOwnProperty.call(m, "toY")) {
                    d.toY = m.toY;
                }
                if (m.durationMs != null && $Object.hasOwnProperty.call(m, "durationMs")) {
                    d.durationMs = m.durationMs;
                }
                return d;
            };

            /**
             * Converts this SwipeRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.SwipeRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            SwipeRequest.prototype.toJSON = function() {
                return SwipeRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for SwipeRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.SwipeRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            SwipeRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.SwipeRequest";
            };

            return SwipeRequest;
        })();

        /**
         * Direction enum.
         * @name droidhub.v1.Direction
         * @enum {number}
         * @property {number} DIRECTION_UNSPECIFIED=0 DIRECTION_UNSPECIFIED value
         * @property {number} DIRECTION_UP=1 DIRECTION_UP value
         * @property {number} DIRECTION_DOWN=2 DIRECTION_DOWN value
         * @property {number} DIRECTION_LEFT=3 DIRECTION_LEFT value
         * @property {number} DIRECTION_RIGHT=4 DIRECTION_RIGHT value
         */
        v1.Direction = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "DIRECTION_UNSPECIFIED"] = 0;
            values[valuesById[1] = "DIRECTION_UP"] = 1;
            values[valuesById[2] = "DIRECTION_DOWN"] = 2;
            values[valuesById[3] = "DIRECTION_LEFT"] = 3;
            values[valuesById[4] = "DIRECTION_RIGHT"] = 4;
            return values;
        })();

        v1.ScrollRequest = (function() {

            /**
             * Properties of a ScrollRequest.
             * @typedef {Object} droidhub.v1.ScrollRequest.$Properties
             * @property {droidhub.v1.Direction|null} [direction] ScrollRequest direction
             * @property {number|null} [amountPx] ScrollRequest amountPx
             * @property {number|null} [nodeIndex] ScrollRequest nodeIndex
             * @property {boolean|null} [hasNode] ScrollRequest hasNode
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ScrollRequest.
             * @memberof droidhub.v1
             * @interface IScrollRequest
             * @augments droidhub.v1.ScrollRequest.$Properties
             * @deprecated Use droidhub.v1.ScrollRequest.$Properties instead.
             */

            /**
             * Shape of a ScrollRequest.
             * @typedef {droidhub.v1.ScrollRequest.$Properties} droidhub.v1.ScrollRequest.$Shape
             */

            /**
             * Constructs a new ScrollRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a ScrollRequest.
             * @constructor
             * @param {droidhub.v1.ScrollRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ScrollRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * ScrollRequest direction.
             * @member {droidhub.v1.Direction} direction
             * @memberof droidhub.v1.ScrollRequest
             * @instance
             */
            ScrollRequest.prototype.direction = 0;

            /**
             * ScrollRequest amountPx.
             * @member {number} amountPx
             * @memberof droidhub.v1.ScrollRequest
             * @instance
             */
            ScrollRequest.prototype.amountPx = 0;

            /**
             * ScrollRequest nodeIndex.
             * @member {number} nodeIndex
             * @memberof droidhub.v1.ScrollRequest
             * @instance
             */
            ScrollRequest.prototype.nodeIndex = 0;

            /**
             * ScrollRequest hasNode.
             * @member {boolean} hasNode
             * @memberof droidhub.v1.ScrollRequest
             * @instance
             */
            ScrollRequest.prototype.hasNode = false;

            /**
             * Creates a new ScrollRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.ScrollRequest
             * @static
             * @param {droidhub.v1.ScrollRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.ScrollRequest} ScrollRequest instance
             * @type {{
             *   (properties: droidhub.v1.ScrollRequest.$Shape): droidhub.v1.ScrollRequest & droidhub.v1.ScrollRequest.$Shape;
             *   (properties?: droidhub.v1.ScrollRequest.$Properties): droidhub.v1.ScrollRequest;
             * }}
             */
            ScrollRequest.create = function(properties) {
                return new ScrollRequest(properties);
            };

            /**
             * Encodes the specified ScrollRequest message. Does not implicitly {@link droidhub.v1.ScrollRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.ScrollRequest
             * @static
             * @param {droidhub.v1.ScrollRequest.$Properties} m ScrollRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ScrollRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.direction != null && $Object.hasOwnProperty.call(m, "direction") && m.direction !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.direction);
                if (m.amountPx != null && $Object.hasOwnProperty.call(m, "amountPx") && m.amountPx !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).uint32(m.amountPx);
                if (m.nodeIndex != null && $Object.hasOwnProperty.call(m, "nodeIndex") && m.nodeIndex !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).int32(m.nodeIndex);
                if (m.hasNode != null && $Object.hasOwnProperty.call(m, "hasNode") && m.hasNode !== false)
                    w.uint32(/* id 4, wireType 0 =*/32).bool(m.hasNode);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a ScrollRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.ScrollRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.ScrollRequest & droidhub.v1.ScrollRequest.$Shape} ScrollRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ScrollRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.ScrollRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.direction = v;
                            else
                                delete m.direction;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.amountPx = v;
                            else
                                delete m.amountPx;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.nodeIndex = v;
                            else
                                delete m.nodeIndex;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.hasNode = v;
                            else
                                delete m.hasNode;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a ScrollRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.ScrollRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.ScrollRequest} ScrollRequest
             */
            ScrollRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.ScrollRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.ScrollRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.ScrollRequest();
                if (d.direction !== 0 && (typeof d.direction !== "string" || $root.droidhub.v1.Direction[d.direction] !== 0)) {
                    switch (d.direction) {
                    case "DIRECTION_UNSPECIFIED":
                    case 0:
                        m.direction = 0;
                        break;
                    case "DIRECTION_UP":
                    case 1:
                        m.direction = 1;
                        break;
                    case "DIRECTION_DOWN":
                    case 2:
                        m.direction = 2;
                        break;
                    case "DIRECTION_LEFT":
                    case 3:
                        m.direction = 3;
                        break;
                    case "DIRECTION_RIGHT":
                    case 4:
                        m.direction = 4;
                        break;
                    default:
                        if (typeof d.direction === "number" && (d.direction | 0) === d.direction)
                            m.direction = d.direction;
                    }
                }
                if (d.amountPx != null) {
                    if ($Number(d.amountPx) !== 0) {
                        m.amountPx = d.amountPx >>> 0;
                    }
                }
                if (d.nodeIndex != null) {
                    if ($Number(d.nodeIndex) !== 0) {
                        m.nodeIndex = d.nodeIndex | 0;
                    }
                }
                if (d.hasNode != null) {
                    if (d.hasNode) {
                        m.hasNode = $Boolean(d.hasNode);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a ScrollRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.ScrollRequest
             * @static
             * @param {droidhub.v1.ScrollRequest} m ScrollRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ScrollRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.direction = o.enums === $String ? "DIRECTION_UNSPECIFIED" : 0;
                    d.amountPx = 0;
                    d.nodeIndex = 0;
                    d.hasNode = false;
                }
                if (m.direction != null && $Object.hasOwnProperty.call(m, "direction")) {
                    d.direction = o.enums === $String ? $root.droidhub.v1.Direction[m.direction] === $undefined ? m.direction : $root.droidhub.v1.Direction[m.direction] : m.direction;
                }
                if (m.amountPx != null && $Object.hasOwnProperty.call(m, "amountPx")) {
                    d.amountPx = m.amountPx;
                }
                if (m.nodeIndex != null && $Object.hasOwnProperty.call(m, "nodeIndex")) {
                    d.nodeIndex = m.nodeIndex;
                }
                if (m.hasNode != null && $Object.hasOwnProperty.call(m, "hasNode")) {
                    d.hasNode = m.hasNode;
                }
                return d;
            };

            /**
             * Converts this ScrollRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.ScrollRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ScrollRequest.prototype.toJSON = function() {
                return ScrollRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for ScrollRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.ScrollRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            ScrollRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.ScrollRequest";
            };

            return ScrollRequest;
        })();

        v1.InputTextRequest = (function() {

            /**
             * Properties of an InputTextRequest.
             * @typedef {Object} droidhub.v1.InputTextRequest.$Properties
             * @property {string|null} [text] InputTextRequest text
             * @property {number|null} [nodeIndex] InputTextRequest nodeIndex
             * @property {boolean|null} [hasNode] InputTextRequest hasNode
             * @property {boolean|null} [clearFirst] InputTextRequest clearFirst
             * @property {boolean|null} [submit] InputTextRequest submit
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an InputTextRequest.
             * @memberof droidhub.v1
             * @interface IInputTextRequest
             * @augments droidhub.v1.InputTextRequest.$Properties
             * @deprecated Use droidhub.v1.InputTextRequest.$Properties instead.
             */

            /**
             * Shape of an InputTextRequest.
             * @typedef {droidhub.v1.InputTextRequest.$Properties} droidhub.v1.InputTextRequest.$Shape
             */

            /**
             * Constructs a new InputTextRequest.
             * @memberof droidhub.v1
             * @classdesc Represents an InputTextRequest.
             * @constructor
             * @param {droidhub.v1.InputTextRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const InputTextRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * InputTextRequest text.
             * @member {string} text
             * @memberof droidhub.v1.InputTextRequest
             * @instance
             */
            InputTextRequest.prototype.text = "";

            /**
             * InputTextRequest nodeIndex.
             * @member {number} nodeIndex
             * @memberof droidhub.v1.InputTextRequest
             * @instance
             */
            InputTextRequest.prototype.nodeIndex = 0;

            /**
             * InputTextRequest hasNode.
             * @member {boolean} hasNode
             * @memberof droidhub.v1.InputTextRequest
             * @instance
             */
            InputTextRequest.prototype.hasNode = false;

            /**
             * InputTextRequest clearFirst.
             * @member {boolean} clearFirst
             * @memberof droidhub.v1.InputTextRequest
             * @instance
             */
            InputTextRequest.prototype.clearFirst = false;

            /**
             * InputTextRequest submit.
             * @member {boolean} submit
             * @memberof droidhub.v1.InputTextRequest
             * @instance
             */
            InputTextRequest.prototype.submit = false;

            /**
             * Creates a new InputTextRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.InputTextRequest
             * @static
             * @param {droidhub.v1.InputTextRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.InputTextRequest} InputTextRequest instance
             * @type {{
             *   (properties: droidhub.v1.InputTextRequest.$Shape): droidhub.v1.InputTextRequest & droidhub.v1.InputTextRequest.$Shape;
             *   (properties?: droidhub.v1.InputTextRequest.$Properties): droidhub.v1.InputTextRequest;
             * }}
             */
            InputTextRequest.create = function(properties) {
                return new InputTextRequest(properties);
            };

            /**
             * Encodes the specified InputTextRequest message. Does not implicitly {@link droidhub.v1.InputTextRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.InputTextRequest
             * @static
             * @param {droidhub.v1.InputTextRequest.$Properties} m InputTextRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            InputTextRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.text != null && $Object.hasOwnProperty.call(m, "text") && m.text !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.text);
                if (m.nodeIndex != null && $Object.hasOwnProperty.call(m, "nodeIndex") && m.nodeIndex !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).int32(m.nodeIndex);
                if (m.hasNode != null && $Object.hasOwnProperty.call(m, "hasNode") && m.hasNode !== false)
                    w.uint32(/* id 3, wireType 0 =*/24).bool(m.hasNode);
                if (m.clearFirst != null && $Object.hasOwnProperty.call(m, "clearFirst") && m.clearFirst !== false)
                    w.uint32(/* id 4, wireType 0 =*/32).bool(m.clearFirst);
                if (m.submit != null && $Object.hasOwnProperty.call(m, "submit") && m.submit !== false)
                    w.uint32(/* id 5, wireType 0 =*/40).bool(m.submit);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an InputTextRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.InputTextRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.InputTextRequest & droidhub.v1.InputTextRequest.$Shape} InputTextRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            InputTextRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.InputTextRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.text = v;
                            else
                                delete m.text;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.nodeIndex = v;
                            else
                                delete m.nodeIndex;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.hasNode = v;
                            else
                                delete m.hasNode;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.clearFirst = v;
                            else
                                delete m.clearFirst;
                            continue;
                        }
                    case 5: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.submit = v;
                            else
                                delete m.submit;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an InputTextRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.InputTextRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.InputTextRequest} InputTextRequest
             */
            InputTextRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.InputTextRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.InputTextRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.InputTextRequest();
                if (d.text != null) {
                    if (typeof d.text !== "string" || d.text.length) {
                        m.text = $String(d.text);
                    }
                }
                if (d.nodeIndex != null) {
                    if ($Number(d.nodeIndex) !== 0) {
                        m.nodeIndex = d.nodeIndex | 0;
                    }
                }
                if (d.hasNode != null) {
                    if (d.hasNode) {
                        m.hasNode = $Boolean(d.hasNode);
                    }
                }
                if (d.clearFirst != null) {
                    if (d.clearFirst) {
                        m.clearFirst = $Boolean(d.clearFirst);
                    }
                }
                if (d.submit != null) {
                    if (d.submit) {
                        m.submit = $Boolean(d.submit);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an InputTextRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.InputTextRequest
             * @static
             * @param {droidhub.v1.InputTextRequest} m InputTextRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            InputTextRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.text = "";
                    d.nodeIndex = 0;
                    d.hasNode = false;
                    d.clearFirst = false;
                    d.submit = false;
                }
                if (m.text != null && $Object.hasOwnProperty.call(m, "text")) {
                    d.text = m.text;
                }
                if (m.nodeIndex != null && $Object.hasOwnProperty.call(m, "nodeIndex")) {
                    d.nodeIndex = m.nodeIndex;
                }
                if (m.hasNode != null && $Object.hasOwnProperty.call(m, "hasNode")) {
                    d.hasNode = m.hasNode;
                }
                if (m.clearFirst != null && $Object.hasOwnProperty.call(m, "clearFirst")) {
                    d.clearFirst = m.clearFirst;
                }
                if (m.submit != null && $Object.hasOwnProperty.call(m, "submit")) {
                    d.submit = m.submit;
                }
                return d;
            };

            /**
             * Converts this InputTextRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.InputTextRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            InputTextRequest.prototype.toJSON = function() {
                return InputTextRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for InputTextRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.InputTextRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            InputTextRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.InputTextRequest";
            };

            return InputTextRequest;
        })();

        /**
         * Key enum.
         * @name droidhub.v1.Key
         * @enum {number}
         * @property {number} KEY_UNSPECIFIED=0 KEY_UNSPECIFIED value
         * @property {number} KEY_BACK=1 KEY_BACK value
         * @property {number} KEY_HOME=2 KEY_HOME value
         * @property {number} KEY_RECENTS=3 KEY_RECENTS value
         * @property {number} KEY_ENTER=4 KEY_ENTER value
         * @property {number} KEY_DELETE=5 KEY_DELETE value
         * @property {number} KEY_NOTIFICATIONS=6 KEY_NOTIFICATIONS value
         * @property {number} KEY_QUICK_SETTINGS=7 KEY_QUICK_SETTINGS value
         * @property {number} KEY_POWER_DIALOG=8 KEY_POWER_DIALOG value
         * @property {number} KEY_LOCK_SCREEN=9 KEY_LOCK_SCREEN value
         * @property {number} KEY_TAB=10 KEY_TAB value
         * @property {number} KEY_SEARCH=11 KEY_SEARCH value
         */
        v1.Key = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "KEY_UNSPECIFIED"] = 0;
            values[valuesById[1] = "KEY_BACK"] = 1;
            values[valuesById[2] = "KEY_HOME"] = 2;
            values[valuesById[3] = "KEY_RECENTS"] = 3;
            values[valuesById[4] = "KEY_ENTER"] = 4;
            values[valuesById[5] = "KEY_DELETE"] = 5;
            values[valuesById[6] = "KEY_NOTIFICATIONS"] = 6;
            values[valuesById[7] = "KEY_QUICK_SETTINGS"] = 7;
            values[valuesById[8] = "KEY_POWER_DIALOG"] = 8;
            values[valuesById[9] = "KEY_LOCK_SCREEN"] = 9;
            values[valuesById[10] = "KEY_TAB"] = 10;
            values[valuesById[11] = "KEY_SEARCH"] = 11;
            return values;
        })();

        v1.PressKeyRequest = (function() {

            /**
             * Properties of a PressKeyRequest.
             * @typedef {Object} droidhub.v1.PressKeyRequest.$Properties
             * @property {droidhub.v1.Key|null} [key] PressKeyRequest key
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a PressKeyRequest.
             * @memberof droidhub.v1
             * @interface IPressKeyRequest
             * @augments droidhub.v1.PressKeyRequest.$Properties
             * @deprecated Use droidhub.v1.PressKeyRequest.$Properties instead.
             */

            /**
             * Shape of a PressKeyRequest.
             * @typedef {droidhub.v1.PressKeyRequest.$Properties} droidhub.v1.PressKeyRequest.$Shape
             */

            /**
             * Constructs a new PressKeyRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a PressKeyRequest.
             * @constructor
             * @param {droidhub.v1.PressKeyRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const PressKeyRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * PressKeyRequest key.
             * @member {droidhub.v1.Key} key
             * @memberof droidhub.v1.PressKeyRequest
             * @instance
             */
            PressKeyRequest.prototype.key = 0;

            /**
             * Creates a new PressKeyRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.PressKeyRequest
             * @static
             * @param {droidhub.v1.PressKeyRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.PressKeyRequest} PressKeyRequest instance
             * @type {{
             *   (properties: droidhub.v1.PressKeyRequest.$Shape): droidhub.v1.PressKeyRequest & droidhub.v1.PressKeyRequest.$Shape;
             *   (properties?: droidhub.v1.PressKeyRequest.$Properties): droidhub.v1.PressKeyRequest;
             * }}
             */
            PressKeyRequest.create = function(properties) {
                return new PressKeyRequest(properties);
            };

            /**
             * Encodes the specified PressKeyRequest message. Does not implicitly {@link droidhub.v1.PressKeyRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.PressKeyRequest
             * @static
             * @param {droidhub.v1.PressKeyRequest.$Properties} m PressKeyRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            PressKeyRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.key != null && $Object.hasOwnProperty.call(m, "key") && m.key !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.key);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a PressKeyRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.PressKeyRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.PressKeyRequest & droidhub.v1.PressKeyRequest.$Shape} PressKeyRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            PressKeyRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.PressKeyRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.key = v;
                            else
                                delete m.key;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a PressKeyRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.PressKeyRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.PressKeyRequest} PressKeyRequest
             */
            PressKeyRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.PressKeyRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.PressKeyRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.PressKeyRequest();
                if (d.key !== 0 && (typeof d.key !== "string" || $root.droidhub.v1.Key[d.key] !== 0)) {
                    switch (d.key) {
                    case "KEY_UNSPECIFIED":
                    case 0:
                        m.key = 0;
                        break;
                    case "KEY_BACK":
                    case 1:
                        m.key = 1;
                        break;
                    case "KEY_HOME":
                    case 2:
                        m.key = 2;
                        break;
                    case "KEY_RECENTS":
                    case 3:
                        m.key = 3;
                        break;
                    case "KEY_ENTER":
                    case 4:
                        m.key = 4;
                        break;
                    case "KEY_DELETE":
                    case 5:
                        m.key = 5;
                        break;
                    case "KEY_NOTIFICATIONS":
                    case 6:
                        m.key = 6;
                        break;
                    case "KEY_QUICK_SETTINGS":
                    case 7:
                        m.key = 7;
                        break;
                    case "KEY_POWER_DIALOG":
                    case 8:
                        m.key = 8;
                        break;
                    case "KEY_LOCK_SCREEN":
                    case 9:
                        m.key = 9;
                        break;
                    case "KEY_TAB":
                    case 10:
                        m.key = 10;
                        break;
                    case "KEY_SEARCH":
                    case 11:
                        m.key = 11;
                        break;
                    default:
                        if (typeof d.key === "number" && (d.key | 0) === d.key)
                            m.key = d.key;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a PressKeyRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.PressKeyRequest
             * @static
             * @param {droidhub.v1.PressKeyRequest} m PressKeyRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            PressKeyRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.key = o.enums === $String ? "KEY_UNSPECIFIED" : 0;
                }
                if (m.key != null && $Object.hasOwnProperty.call(m, "key")) {
                    d.key = o.enums === $String ? $root.droidhub.v1.Key[m.key] === $undefined ? m.key : $root.droidhub.v1.Key[m.key] : m.key;
                }
                return d;
            };

            /**
             * Converts this PressKeyRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.PressKeyRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            PressKeyRequest.prototype.toJSON = function() {
                return PressKeyRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for PressKeyRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.PressKeyRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            PressKeyRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.PressKeyRequest";
            };

            return PressKeyRequest;
        })();

        v1.LaunchAppRequest = (function() {

            /**
             * Properties of a LaunchAppRequest.
             * @typedef {Object} droidhub.v1.LaunchAppRequest.$Properties
             * @property {string|null} [packageName] LaunchAppRequest packageName
             * @property {string|null} [activity] LaunchAppRequest activity
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a LaunchAppRequest.
             * @memberof droidhub.v1
             * @interface ILaunchAppRequest
             * @augments droidhub.v1.LaunchAppRequest.$Properties
             * @deprecated Use droidhub.v1.LaunchAppRequest.$Properties instead.
             */

            /**
             * Shape of a LaunchAppRequest.
             * @typedef {droidhub.v1.LaunchAppRequest.$Properties} droidhub.v1.LaunchAppRequest.$Shape
             */

            /**
             * Constructs a new LaunchAppRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a LaunchAppRequest.
             * @constructor
             * @param {droidhub.v1.LaunchAppRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const LaunchAppRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * LaunchAppRequest packageName.
             * @member {string} packageName
             * @memberof droidhub.v1.LaunchAppRequest
             * @instance
             */
            LaunchAppRequest.prototype.packageName = "";

            /**
             * LaunchAppRequest activity.
             * @member {string} activity
             * @memberof droidhub.v1.LaunchAppRequest
             * @instance
             */
            LaunchAppRequest.prototype.activity = "";

            /**
             * Creates a new LaunchAppRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.LaunchAppRequest
             * @static
             * @param {droidhub.v1.LaunchAppRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.LaunchAppRequest} LaunchAppRequest instance
             * @type {{
             *   (properties: droidhub.v1.LaunchAppRequest.$Shape): droidhub.v1.LaunchAppRequest & droidhub.v1.LaunchAppRequest.$Shape;
             *   (properties?: droidhub.v1.LaunchAppRequest.$Properties): droidhub.v1.LaunchAppRequest;
             * }}
             */
            LaunchAppRequest.create = function(properties) {
                return new LaunchAppRequest(properties);
            };

            /**
             * Encodes the specified LaunchAppRequest message. Does not implicitly {@link droidhub.v1.LaunchAppRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.LaunchAppRequest
             * @static
             * @param {droidhub.v1.LaunchAppRequest.$Properties} m LaunchAppRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            LaunchAppRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName") && m.packageName !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.packageName);
                if (m.activity != null && $Object.hasOwnProperty.call(m, "activity") && m.activity !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.activity);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a LaunchAppRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.LaunchAppRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.LaunchAppRequest & droidhub.v1.LaunchAppRequest.$Shape} LaunchAppRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            LaunchAppRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.LaunchAppRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.packageName = v;
                            else
                                delete m.packageName;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.activity = v;
                            else
                                delete m.activity;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a LaunchAppRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.LaunchAppRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.LaunchAppRequest} LaunchAppRequest
             */
            LaunchAppRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.LaunchAppRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.LaunchAppRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.LaunchAppRequest();
                if (d.packageName != null) {
                    if (typeof d.packageName !== "string" || d.packageName.length) {
                        m.packageName = $String(d.packageName);
                    }
                }
                if (d.activity != null) {
                    if (typeof d.activity !== "string" || d.activity.length) {
                        m.activity = $String(d.activity);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a LaunchAppRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.LaunchAppRequest
             * @static
             * @param {droidhub.v1.LaunchAppRequest} m LaunchAppRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            LaunchAppRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.packageName = "";
                    d.activity = "";
                }
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName")) {
                    d.packageName = m.packageName;
                }
                if (m.activity != null && $Object.hasOwnProperty.call(m, "activity")) {
                    d.activity = m.activity;
                }
                return d;
            };

            /**
             * Converts this LaunchAppRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.LaunchAppRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            LaunchAppRequest.prototype.toJSON = function() {
                return LaunchAppRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for LaunchAppRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.LaunchAppRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            LaunchAppRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.LaunchAppRequest";
            };

            return LaunchAppRequest;
        })();

        v1.OpenUrlRequest = (function() {

            /**
             * Properties of an OpenUrlRequest.
             * @typedef {Object} droidhub.v1.OpenUrlRequest.$Properties
             * @property {string|null} [url] OpenUrlRequest url
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an OpenUrlRequest.
             * @memberof droidhub.v1
             * @interface IOpenUrlRequest
             * @augments droidhub.v1.OpenUrlRequest.$Properties
             * @deprecated Use droidhub.v1.OpenUrlRequest.$Properties instead.
             */

            /**
             * Shape of an OpenUrlRequest.
             * @typedef {droidhub.v1.OpenUrlRequest.$Properties} droidhub.v1.OpenUrlRequest.$Shape
             */

            /**
             * Constructs a new OpenUrlRequest.
             * @memberof droidhub.v1
             * @classdesc Represents an OpenUrlRequest.
             * @constructor
             * @param {droidhub.v1.OpenUrlRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const OpenUrlRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * OpenUrlRequest url.
             * @member {string} url
             * @memberof droidhub.v1.OpenUrlRequest
             * @instance
             */
            OpenUrlRequest.prototype.url = "";

            /**
             * Creates a new OpenUrlRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.OpenUrlRequest
             * @static
             * @param {droidhub.v1.OpenUrlRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.OpenUrlRequest} OpenUrlRequest instance
             * @type {{
             *   (properties: droidhub.v1.OpenUrlRequest.$Shape): droidhub.v1.OpenUrlRequest & droidhub.v1.OpenUrlRequest.$Shape;
             *   (properties?: droidhub.v1.OpenUrlRequest.$Properties): droidhub.v1.OpenUrlRequest;
             * }}
             */
            OpenUrlRequest.create = function(properties) {
                return new OpenUrlRequest(properties);
            };

            /**
             * Encodes the specified OpenUrlRequest message. Does not implicitly {@link droidhub.v1.OpenUrlRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.OpenUrlRequest
             * @static
             * @param {droidhub.v1.OpenUrlRequest.$Properties} m OpenUrlRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            OpenUrlRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.url != null && $Object.hasOwnProperty.call(m, "url") && m.url !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.url);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an OpenUrlRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.OpenUrlRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.OpenUrlRequest & droidhub.v1.OpenUrlRequest.$Shape} OpenUrlRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            OpenUrlRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.OpenUrlRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.url = v;
                            else
                                delete m.url;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an OpenUrlRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.OpenUrlRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.OpenUrlRequest} OpenUrlRequest
             */
            OpenUrlRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.OpenUrlRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.OpenUrlRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.OpenUrlRequest();
                if (d.url != null) {
                    if (typeof d.url !== "string" || d.url.length) {
                        m.url = $String(d.url);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an OpenUrlRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.OpenUrlRequest
             * @static
             * @param {droidhub.v1.OpenUrlRequest} m OpenUrlRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            OpenUrlRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.url = "";
                }
                if (m.url != null && $Object.hasOwnProperty.call(m, "url")) {
                    d.url = m.url;
                }
                return d;
            };

            /**
             * Converts this OpenUrlRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.OpenUrlRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            OpenUrlRequest.prototype.toJSON = function() {
                return OpenUrlRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for OpenUrlRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.OpenUrlRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            OpenUrlRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.OpenUrlRequest";
            };

            return OpenUrlRequest;
        })();

        v1.ListAppsRequest = (function() {

            /**
             * Properties of a ListAppsRequest.
             * @typedef {Object} droidhub.v1.ListAppsRequest.$Properties
             * @property {boolean|null} [includeSystem] ListAppsRequest includeSystem
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ListAppsRequest.
             * @memberof droidhub.v1
             * @interface IListAppsRequest
             * @augments droidhub.v1.ListAppsRequest.$Properties
             * @deprecated Use droidhub.v1.ListAppsRequest.$Properties instead.
             */

            /**
             * Shape of a ListAppsRequest.
             * @typedef {droidhub.v1.ListAppsRequest.$Properties} droidhub.v1.ListAppsRequest.$Shape
             */

            /**
             * Constructs a new ListAppsRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a ListAppsRequest.
             * @constructor
             * @param {droidhub.v1.ListAppsRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ListAppsRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * ListAppsRequest includeSystem.
             * @member {boolean} includeSystem
             * @memberof droidhub.v1.ListAppsRequest
             * @instance
             */
            ListAppsRequest.prototype.includeSystem = false;

            /**
             * Creates a new ListAppsRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.ListAppsRequest
             * @static
             * @param {droidhub.v1.ListAppsRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.ListAppsRequest} ListAppsRequest instance
             * @type {{
             *   (properties: droidhub.v1.ListAppsRequest.$Shape): droidhub.v1.ListAppsRequest & droidhub.v1.ListAppsRequest.$Shape;
             *   (properties?: droidhub.v1.ListAppsRequest.$Properties): droidhub.v1.ListAppsRequest;
             * }}
             */
            ListAppsRequest.create = function(properties) {
                return new ListAppsRequest(properties);
            };

            /**
             * Encodes the specified ListAppsRequest message. Does not implicitly {@link droidhub.v1.ListAppsRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.ListAppsRequest
             * @static
             * @param {droidhub.v1.ListAppsRequest.$Properties} m ListAppsRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ListAppsRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.includeSystem != null && $Object.hasOwnProperty.call(m, "includeSystem") && m.includeSystem !== false)
                    w.uint32(/* id 1, wireType 0 =*/8).bool(m.includeSystem);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a ListAppsRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.ListAppsRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.ListAppsRequest & droidhub.v1.ListAppsRequest.$Shape} ListAppsRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ListAppsRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.ListAppsRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.includeSystem = v;
                            else
                                delete m.includeSystem;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a ListAppsRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.ListAppsRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.ListAppsRequest} ListAppsRequest
             */
            ListAppsRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.ListAppsRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.ListAppsRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.ListAppsRequest();
                if (d.includeSystem != null) {
                    if (d.includeSystem) {
                        m.includeSystem = $Boolean(d.includeSystem);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a ListAppsRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.ListAppsRequest
             * @static
             * @param {droidhub.v1.ListAppsRequest} m ListAppsRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ListAppsRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.includeSystem = false;
                }
                if (m.includeSystem != null && $Object.hasOwnProperty.call(m, "includeSystem")) {
                    d.includeSystem = m.includeSystem;
                }
                return d;
            };

            /**
             * Converts this ListAppsRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.ListAppsRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ListAppsRequest.prototype.toJSON = function() {
                return ListAppsRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for ListAppsRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.ListAppsRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            ListAppsRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.ListAppsRequest";
            };

            return ListAppsRequest;
        })();

        v1.GetStateRequest = (function() {

            /**
             * Properties of a GetStateRequest.
             * @typedef {Object} droidhub.v1.GetStateRequest.$Properties
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a GetStateRequest.
             * @memberof droidhub.v1
             * @interface IGetStateRequest
             * @augments droidhub.v1.GetStateRequest.$Properties
             * @deprecated Use droidhub.v1.GetStateRequest.$Properties instead.
             */

            /**
             * Shape of a GetStateRequest.
             * @typedef {droidhub.v1.GetStateRequest.$Properties} droidhub.v1.GetStateRequest.$Shape
             */

            /**
             * Constructs a new GetStateRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a GetStateRequest.
             * @constructor
             * @param {droidhub.v1.GetStateRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const GetStateRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Creates a new GetStateRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.GetStateRequest
             * @static
             * @param {droidhub.v1.GetStateRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.GetStateRequest} GetStateRequest instance
             * @type {{
             *   (properties: droidhub.v1.GetStateRequest.$Shape): droidhub.v1.GetStateRequest & droidhub.v1.GetStateRequest.$Shape;
             *   (properties?: droidhub.v1.GetStateRequest.$Properties): droidhub.v1.GetStateRequest;
             * }}
             */
            GetStateRequest.create = function(properties) {
                return new GetStateRequest(properties);
            };

            /**
             * Encodes the specified GetStateRequest message. Does not implicitly {@link droidhub.v1.GetStateRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.GetStateRequest
             * @static
             * @param {droidhub.v1.GetStateRequest.$Properties} m GetStateRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            GetStateRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a GetStateRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.GetStateRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.GetStateRequest & droidhub.v1.GetStateRequest.$Shape} GetStateRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            GetStateRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.GetStateRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    r.skipType(t & 7, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a GetStateRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.GetStateRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.GetStateRequest} GetStateRequest
             */
            GetStateRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.GetStateRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.GetStateRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                return new $root.droidhub.v1.GetStateRequest();
            };

            /**
             * Creates a plain object from a GetStateRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.GetStateRequest
             * @static
             * @param {droidhub.v1.GetStateRequest} m GetStateRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            GetStateRequest.toObject = function () {
                return {};
            };

            /**
             * Converts this GetStateRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.GetStateRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            GetStateRequest.prototype.toJSON = function() {
                return GetStateRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for GetStateRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.GetStateRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            GetStateRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.GetStateRequest";
            };

            return GetStateRequest;
        })();

        v1.StopAppRequest = (function() {

            /**
             * Properties of a StopAppRequest.
             * @typedef {Object} droidhub.v1.StopAppRequest.$Properties
             * @property {string|null} [packageName] StopAppRequest packageName
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a StopAppRequest.
             * @memberof droidhub.v1
             * @interface IStopAppRequest
             * @augments droidhub.v1.StopAppRequest.$Properties
             * @deprecated Use droidhub.v1.StopAppRequest.$Properties instead.
             */

            /**
             * Shape of a StopAppRequest.
             * @typedef {droidhub.v1.StopAppRequest.$Properties} droidhub.v1.StopAppRequest.$Shape
             */

            /**
             * Constructs a new StopAppRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a StopAppRequest.
             * @constructor
             * @param {droidhub.v1.StopAppRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const StopAppRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * StopAppRequest packageName.
             * @member {string} packageName
             * @memberof droidhub.v1.StopAppRequest
             * @instance
             */
            StopAppRequest.prototype.packageName = "";

            /**
             * Creates a new StopAppRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.StopAppRequest
             * @static
             * @param {droidhub.v1.StopAppRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.StopAppRequest} StopAppRequest instance
             * @type {{
             *   (properties: droidhub.v1.StopAppRequest.$Shape): droidhub.v1.StopAppRequest & droidhub.v1.StopAppRequest.$Shape;
             *   (properties?: droidhub.v1.StopAppRequest.$Properties): droidhub.v1.StopAppRequest;
             * }}
             */
            StopAppRequest.create = function(properties) {
                return new StopAppRequest(properties);
            };

            /**
             * Encodes the specified StopAppRequest message. Does not implicitly {@link droidhub.v1.StopAppRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.StopAppRequest
             * @static
             * @param {droidhub.v1.StopAppRequest.$Properties} m StopAppRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            StopAppRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName") && m.packageName !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.packageName);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a StopAppRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.StopAppRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.StopAppRequest & droidhub.v1.StopAppRequest.$Shape} StopAppRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            StopAppRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.StopAppRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.packageName = v;
                            else
                                delete m.packageName;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a StopAppRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.StopAppRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.StopAppRequest} StopAppRequest
             */
            StopAppRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.StopAppRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.StopAppRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.StopAppRequest();
                if (d.packageName != null) {
                    if (typeof d.packageName !== "string" || d.packageName.length) {
                        m.packageName = $String(d.packageName);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a StopAppRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.StopAppRequest
             * @static
             * @param {droidhub.v1.StopAppRequest} m StopAppRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            StopAppRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.packageName = "";
                }
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName")) {
                    d.packageName = m.packageName;
                }
                return d;
            };

            /**
             * Converts this StopAppRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.StopAppRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            StopAppRequest.prototype.toJSON = function() {
                return StopAppRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for StopAppRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.StopAppRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            StopAppRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.StopAppRequest";
            };

            return StopAppRequest;
        })();

        v1.StreamStartRequest = (function() {

            /**
             * Properties of a StreamStartRequest.
             * @typedef {Object} droidhub.v1.StreamStartRequest.$Properties
             * @property {number|null} [streamId] StreamStartRequest streamId
             * @property {number|null} [maxFps] StreamStartRequest maxFps
             * @property {number|null} [maxWidth] StreamStartRequest maxWidth
             * @property {number|null} [quality] StreamStartRequest quality
             * @property {number|null} [credits] StreamStartRequest credits
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a StreamStartRequest.
             * @memberof droidhub.v1
             * @interface IStreamStartRequest
             * @augments droidhub.v1.StreamStartRequest.$Properties
             * @deprecated Use droidhub.v1.StreamStartRequest.$Properties instead.
             */

            /**
             * Shape of a StreamStartRequest.
             * @typedef {droidhub.v1.StreamStartRequest.$Properties} droidhub.v1.StreamStartRequest.$Shape
             */

            /**
             * Constructs a new StreamStartRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a StreamStartRequest.
             * @constructor
             * @param {droidhub.v1.StreamStartRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const StreamStartRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * StreamStartRequest streamId.
             * @member {number} streamId
             * @memberof droidhub.v1.StreamStartRequest
             * @instance
             */
            StreamStartRequest.prototype.streamId = 0;

            /**
             * StreamStartRequest maxFps.
             * @member {number} maxFps
             * @memberof droidhub.v1.StreamStartRequest
             * @instance
             */
            StreamStartRequest.prototype.maxFps = 0;

            /**
             * StreamStartRequest maxWidth.
             * @member {number} maxWidth
             * @memberof droidhub.v1.StreamStartRequest
             * @instance
             */
            StreamStartRequest.prototype.maxWidth = 0;

            /**
             * StreamStartRequest quality.
             * @member {number} quality
             * @memberof droidhub.v1.StreamStartRequest
             * @instance
             */
            StreamStartRequest.prototype.quality = 0;

            /**
             * StreamStartRequest credits.
             * @member {number} credits
             * @memberof droidhub.v1.StreamStartRequest
             * @instance
             */
            StreamStartRequest.prototype.credits = 0;

            /**
             * Creates a new StreamStartRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.StreamStartRequest
             * @static
             * @param {droidhub.v1.StreamStartRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.StreamStartRequest} StreamStartRequest instance
             * @type {{
             *   (properties: droidhub.v1.StreamStartRequest.$Shape): droidhub.v1.StreamStartRequest & droidhub.v1.StreamStartRequest.$Shape;
             *   (properties?: droidhub.v1.StreamStartRequest.$Properties): droidhub.v1.StreamStartRequest;
             * }}
             */
            StreamStartRequest.create = function(properties) {
                return new StreamStartRequest(properties);
            };

            /**
             * Encodes the specified StreamStartRequest message. Does not implicitly {@link droidhub.v1.StreamStartRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.StreamStartRequest
             * @static
             * @param {droidhub.v1.StreamStartRequest.$Properties} m StreamStartRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            StreamStartRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                if (m.maxFps != null && $Object.hasOwnProperty.call(m, "maxFps") && m.maxFps !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).uint32(m.maxFps);
                if (m.maxWidth != null && $Object.hasOwnProperty.call(m, "maxWidth") && m.maxWidth !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.maxWidth);
                if (m.quality != null && $Object.hasOwnProperty.call(m, "quality") && m.quality !== 0)
                    w.uint32(/* id 4, wireType 0 =*/32).uint32(m.quality);
                if (m.credits != null && $Object.hasOwnProperty.call(m, "credits") && m.credits !== 0)
                    w.uint32(/* id 5, wireType 0 =*/40).uint32(m.credits);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a StreamStartRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.StreamStartRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.StreamStartRequest & droidhub.v1.StreamStartRequest.$Shape} StreamStartRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            StreamStartRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.StreamStartRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.streamId = v;
                            else
                                delete m.streamId;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.maxFps = v;
                            else
                                delete m.maxFps;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.maxWidth = v;
                            else
                                delete m.maxWidth;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.quality = v;
                            else
                                delete m.quality;
                            continue;
                        }
                    case 5: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.credits = v;
                            else
                                delete m.credits;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a StreamStartRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.StreamStartRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.StreamStartRequest} StreamStartRequest
             */
            StreamStartRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.StreamStartRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.StreamStartRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.StreamStartRequest();
                if (d.streamId != null) {
                    if ($Number(d.streamId) !== 0) {
                        m.streamId = d.streamId >>> 0;
                    }
                }
                if (d.maxFps != null) {
                    if ($Number(d.maxFps) !== 0) {
                        m.maxFps = d.maxFps >>> 0;
                    }
                }
                if (d.maxWidth != null) {
                    if ($Number(d.maxWidth) !== 0) {
                        m.maxWidth = d.maxWidth >>> 0;
                    }
                }
                if (d.quality != null) {
                    if ($Number(d.quality) !== 0) {
                        m.quality = d.quality >>> 0;
                    }
                }
                if (d.credits != null) {
                    if ($Number(d.credits) !== 0) {
                        m.credits = d.credits >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a StreamStartRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.StreamStartRequest
             * @static
             * @param {droidhub.v1.StreamStartRequest} m StreamStartRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            StreamStartRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.streamId = 0;
                    d.maxFps = 0;
                    d.maxWidth = 0;
                    d.quality = 0;
                    d.credits = 0;
                }
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId")) {
                    d.streamId = m.streamId;
                }
                if (m.maxFps != null && $Object.hasOwnProperty.call(m, "maxFps")) {
                    d.maxFps = m.maxFps;
                }
                if (m.maxWidth != null && $Object.hasOwnProperty.call(m, "maxWidth")) {
                    d.maxWidth = m.maxWidth;
                }
                if (m.quality != null && $Object.hasOwnProperty.call(m, "quality")) {
                    d.quality = m.quality;
                }
                if (m.credits != null && $Object.hasOwnProperty.call(m, "credits")) {
                    d.credits = m.credits;
                }
                return d;
            };

            /**
             * Converts this StreamStartRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.StreamStartRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            StreamStartRequest.prototype.toJSON = function() {
                return StreamStartRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for StreamStartRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.StreamStartRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            StreamStartRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.StreamStartRequest";
            };

            return StreamStartRequest;
        })();

        v1.StreamStopRequest = (function() {

            /**
             * Properties of a StreamStopRequest.
             * @typedef {Object} droidhub.v1.StreamStopRequest.$Properties
             * @property {number|null} [streamId] StreamStopRequest streamId
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a StreamStopRequest.
             * @memberof droidhub.v1
             * @interface IStreamStopRequest
             * @augments droidhub.v1.StreamStopRequest.$Properties
             * @deprecated Use droidhub.v1.StreamStopRequest.$Properties instead.
             */

            /**
             * Shape of a StreamStopRequest.
             * @typedef {droidhub.v1.StreamStopRequest.$Properties} droidhub.v1.StreamStopRequest.$Shape
             */

            /**
             * Constructs a new StreamStopRequest.
             * @memberof droidhub.v1
             * @classdesc Represents a StreamStopRequest.
             * @constructor
             * @param {droidhub.v1.StreamStopRequest.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const StreamStopRequest = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * StreamStopRequest streamId.
             * @member {number} streamId
             * @memberof droidhub.v1.StreamStopRequest
             * @instance
             */
            StreamStopRequest.prototype.streamId = 0;

            /**
             * Creates a new StreamStopRequest instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.StreamStopRequest
             * @static
             * @param {droidhub.v1.StreamStopRequest.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.StreamStopRequest} StreamStopRequest instance
             * @type {{
             *   (properties: droidhub.v1.StreamStopRequest.$Shape): droidhub.v1.StreamStopRequest & droidhub.v1.StreamStopRequest.$Shape;
             *   (properties?: droidhub.v1.StreamStopRequest.$Properties): droidhub.v1.StreamStopRequest;
             * }}
             */
            StreamStopRequest.create = function(properties) {
                return new StreamStopRequest(properties);
            };

            /**
             * Encodes the specified StreamStopRequest message. Does not implicitly {@link droidhub.v1.StreamStopRequest.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.StreamStopRequest
             * @static
             * @param {droidhub.v1.StreamStopRequest.$Properties} m StreamStopRequest message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            StreamStopRequest.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a StreamStopRequest message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.StreamStopRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.StreamStopRequest & droidhub.v1.StreamStopRequest.$Shape} StreamStopRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            StreamStopRequest.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.StreamStopRequest();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.streamId = v;
                            else
                                delete m.streamId;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a StreamStopRequest message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.StreamStopRequest
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.StreamStopRequest} StreamStopRequest
             */
            StreamStopRequest.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.StreamStopRequest)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.StreamStopRequest: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.StreamStopRequest();
                if (d.streamId != null) {
                    if ($Number(d.streamId) !== 0) {
                        m.streamId = d.streamId >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a StreamStopRequest message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.StreamStopRequest
             * @static
             * @param {droidhub.v1.StreamStopRequest} m StreamStopRequest
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            StreamStopRequest.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.streamId = 0;
                }
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId")) {
                    d.streamId = m.streamId;
                }
                return d;
            };

            /**
             * Converts this StreamStopRequest to JSON.
             * @function toJSON
             * @memberof droidhub.v1.StreamStopRequest
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            StreamStopRequest.prototype.toJSON = function() {
                return StreamStopRequest.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for StreamStopRequest
             * @function getTypeUrl
             * @memberof droidhub.v1.StreamStopRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            StreamStopRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.StreamStopRequest";
            };

            return StreamStopRequest;
        })();

        /**
         * ErrorCode enum.
         * @name droidhub.v1.ErrorCode
         * @enum {number}
         * @property {number} ERROR_CODE_UNSPECIFIED=0 ERROR_CODE_UNSPECIFIED value
         * @property {number} ERROR_CODE_INVALID_ARGUMENT=1 ERROR_CODE_INVALID_ARGUMENT value
         * @property {number} ERROR_CODE_NODE_NOT_FOUND=2 ERROR_CODE_NODE_NOT_FOUND value
         * @property {number} ERROR_CODE_GESTURE_CANCELLED=3 ERROR_CODE_GESTURE_CANCELLED value
         * @property {number} ERROR_CODE_NOT_SUPPORTED=4 ERROR_CODE_NOT_SUPPORTED value
         * @property {number} ERROR_CODE_PERMISSION_DENIED=5 ERROR_CODE_PERMISSION_DENIED value
         * @property {number} ERROR_CODE_APP_NOT_FOUND=6 ERROR_CODE_APP_NOT_FOUND value
         * @property {number} ERROR_CODE_SECURE_SCREEN=7 ERROR_CODE_SECURE_SCREEN value
         * @property {number} ERROR_CODE_RATE_LIMITED=8 ERROR_CODE_RATE_LIMITED value
         * @property {number} ERROR_CODE_SERVICE_UNAVAILABLE=9 ERROR_CODE_SERVICE_UNAVAILABLE value
         * @property {number} ERROR_CODE_INTERNAL=10 ERROR_CODE_INTERNAL value
         * @property {number} ERROR_CODE_TIMEOUT=11 ERROR_CODE_TIMEOUT value
         */
        v1.ErrorCode = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "ERROR_CODE_UNSPECIFIED"] = 0;
            values[valuesById[1] = "ERROR_CODE_INVALID_ARGUMENT"] = 1;
            values[valuesById[2] = "ERROR_CODE_NODE_NOT_FOUND"] = 2;
            values[valuesById[3] = "ERROR_CODE_GESTURE_CANCELLED"] = 3;
            values[valuesById[4] = "ERROR_CODE_NOT_SUPPORTED"] = 4;
            values[valuesById[5] = "ERROR_CODE_PERMISSION_DENIED"] = 5;
            values[valuesById[6] = "ERROR_CODE_APP_NOT_FOUND"] = 6;
            values[valuesById[7] = "ERROR_CODE_SECURE_SCREEN"] = 7;
            values[valuesById[8] = "ERROR_CODE_RATE_LIMITED"] = 8;
            values[valuesById[9] = "ERROR_CODE_SERVICE_UNAVAILABLE"] = 9;
            values[valuesById[10] = "ERROR_CODE_INTERNAL"] = 10;
            values[valuesById[11] = "ERROR_CODE_TIMEOUT"] = 11;
            return values;
        })();

        v1.Error = (function() {

            /**
             * Properties of an Error.
             * @typedef {Object} droidhub.v1.Error.$Properties
             * @property {droidhub.v1.ErrorCode|null} [code] Error code
             * @property {string|null} [message] Error message
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Error.
             * @memberof droidhub.v1
             * @interface IError
             * @augments droidhub.v1.Error.$Properties
             * @deprecated Use droidhub.v1.Error.$Properties instead.
             */

            /**
             * Shape of an Error.
             * @typedef {droidhub.v1.Error.$Properties} droidhub.v1.Error.$Shape
             */

            /**
             * Constructs a new Error.
             * @memberof droidhub.v1
             * @classdesc Represents an Error.
             * @constructor
             * @param {droidhub.v1.Error.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Error = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Error code.
             * @member {droidhub.v1.ErrorCode} code
             * @memberof droidhub.v1.Error
             * @instance
             */
            Error.prototype.code = 0;

            /**
             * Error message.
             * @member {string} message
             * @memberof droidhub.v1.Error
             * @instance
             */
            Error.prototype.message = "";

            /**
             * Creates a new Error instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Error
             * @static
             * @param {droidhub.v1.Error.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Error} Error instance
             * @type {{
             *   (properties: droidhub.v1.Error.$Shape): droidhub.v1.Error & droidhub.v1.Error.$Shape;
             *   (properties?: droidhub.v1.Error.$Properties): droidhub.v1.Error;
             * }}
             */
            Error.create = function(properties) {
                return new Error(properties);
            };

            /**
             * Encodes the specified Error message. Does not implicitly {@link droidhub.v1.Error.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Error
             * @static
             * @param {droidhub.v1.Error.$Properties} m Error message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Error.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.code != null && $Object.hasOwnProperty.call(m, "code") && m.code !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.code);
                if (m.message != null && $Object.hasOwnProperty.call(m, "message") && m.message !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.message);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an Error message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Error
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Error & droidhub.v1.Error.$Shape} Error
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Error.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Error();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.code = v;
                            else
                                delete m.code;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.message = v;
                            else
                                delete m.message;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an Error message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Error
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Error} Error
             */
            Error.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Error)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Error: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Error();
                if (d.code !== 0 && (typeof d.code !== "string" || $root.droidhub.v1.ErrorCode[d.code] !== 0)) {
                    switch (d.code) {
                    case "ERROR_CODE_UNSPECIFIED":
                    case 0:
                        m.code = 0;
                        break;
                    case "ERROR_CODE_INVALID_ARGUMENT":
                    case 1:
                        m.code = 1;
                        break;
                    case "ERROR_CODE_NODE_NOT_FOUND":
                    case 2:
                        m.code = 2;
                        break;
                    case "ERROR_CODE_GESTURE_CANCELLED":
                    case 3:
                        m.code = 3;
                        break;
                    case "ERROR_CODE_NOT_SUPPORTED":
                    case 4:
                        m.code = 4;
                        break;
                    case "ERROR_CODE_PERMISSION_DENIED":
                    case 5:
                        m.code = 5;
                        break;
                    case "ERROR_CODE_APP_NOT_FOUND":
                    case 6:
                        m.code = 6;
                        break;
                    case "ERROR_CODE_SECURE_SCREEN":
                    case 7:
                        m.code = 7;
                        break;
                    case "ERROR_CODE_RATE_LIMITED":
                    case 8:
                        m.code = 8;
                        break;
                    case "ERROR_CODE_SERVICE_UNAVAILABLE":
                    case 9:
                        m.code = 9;
                        break;
                    case "ERROR_CODE_INTERNAL":
                    case 10:
                        m.code = 10;
                        break;
                    case "ERROR_CODE_TIMEOUT":
                    case 11:
                        m.code = 11;
                        break;
                    default:
                        if (typeof d.code === "number" && (d.code | 0) === d.code)
                            m.code = d.code;
                    }
                }
                if (d.message != null) {
                    if (typeof d.message !== "string" || d.message.length) {
                        m.message = $String(d.message);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an Error message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Error
             * @static
             * @param {droidhub.v1.Error} m Error
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Error.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.code = o.enums === $String ? "ERROR_CODE_UNSPECIFIED" : 0;
                    d.message = "";
                }
                if (m.code != null && $Object.hasOwnProperty.call(m, "code")) {
                    d.code = o.enums === $String ? $root.droidhub.v1.ErrorCode[m.code] === $undefined ? m.code : $root.droidhub.v1.ErrorCode[m.code] : m.code;
                }
                if (m.message != null && $Object.hasOwnProperty.call(m, "message")) {
                    d.message = m.message;
                }
                return d;
            };

            /**
             * Converts this Error to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Error
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Error.prototype.toJSON = function() {
                return Error.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Error
             * @function getTypeUrl
             * @memberof droidhub.v1.Error
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Error.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Error";
            };

            return Error;
        })();

        v1.Image = (function() {

            /**
             * Properties of an Image.
             * @typedef {Object} droidhub.v1.Image.$Properties
             * @property {droidhub.v1.ImageFormat|null} [format] Image format
             * @property {Uint8Array|null} [data] Image data
             * @property {number|null} [width] Image width
             * @property {number|null} [height] Image height
             * @property {number|null} [sourceWidth] Image sourceWidth
             * @property {number|null} [sourceHeight] Image sourceHeight
             * @property {boolean|null} [secure] Image secure
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Image.
             * @memberof droidhub.v1
             * @interface IImage
             * @augments droidhub.v1.Image.$Properties
             * @deprecated Use droidhub.v1.Image.$Properties instead.
             */

            /**
             * Shape of an Image.
             * @typedef {droidhub.v1.Image.$Properties} droidhub.v1.Image.$Shape
             */

            /**
             * Constructs a new Image.
             * @memberof droidhub.v1
             * @classdesc Represents an Image.
             * @constructor
             * @param {droidhub.v1.Image.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Image = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Image format.
             * @member {droidhub.v1.ImageFormat} format
             * @memberof droidhub.v1.Image
             * @instance
             */
            Image.prototype.format = 0;

            /**
             * Image data.
             * @member {Uint8Array} data
             * @memberof droidhub.v1.Image
             * @instance
             */
            Image.prototype.data = $util.newBuffer([]);

            /**
             * Image width.
             * @member {number} width
             * @memberof droidhub.v1.Image
             * @instance
             */
            Image.prototype.width = 0;

            /**
             * Image height.
             * @member {number} height
             * @memberof droidhub.v1.Image
             * @instance
             */
            Image.prototype.height = 0;

            /**
             * Image sourceWidth.
             * @member {number} sourceWidth
             * @memberof droidhub.v1.Image
             * @instance
             */
            Image.prototype.sourceWidth = 0;

            /**
             * Image sourceHeight.
             * @member {number} sourceHeight
             * @memberof droidhub.v1.Image
             * @instance
             */
            Image.prototype.sourceHeight = 0;

            /**
             * Image secure.
             * @member {boolean} secure
             * @memberof droidhub.v1.Image
             * @instance
             */
            Image.prototype.secure = false;

            /**
             * Creates a new Image instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Image
             * @static
             * @param {droidhub.v1.Image.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Image} Image instance
             * @type {{
             *   (properties: droidhub.v1.Image.$Shape): droidhub.v1.Image & droidhub.v1.Image.$Shape;
             *   (properties?: droidhub.v1.Image.$Properties): droidhub.v1.Image;
             * }}
             */
            Image.create = function(properties) {
                return new Image(properties);
            };

            /**
             * Encodes the specified Image message. Does not implicitly {@link droidhub.v1.Image.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Image
             * @static
             * @param {droidhub.v1.Image.$Properties} m Image message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Image.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.format != null && $Object.hasOwnProperty.call(m, "format") && m.format !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.format);
                if (m.data != null && $Object.hasOwnProperty.call(m, "data") && m.data.length)
                    w.uint32(/* id 2, wireType 2 =*/18).bytes(m.data);
                if (m.width != null && $Object.hasOwnProperty.call(m, "width") && m.width !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.width);
                if (m.height != null && $Object.hasOwnProperty.call(m, "height") && m.height !== 0)
                    w.uint32(/* id 4, wireType 0 =*/32).uint32(m.height);
                if (m.sourceWidth != null && $Object.hasOwnProperty.call(m, "sourceWidth") && m.sourceWidth !== 0)
                    w.uint32(/* id 5, wireType 0 =*/40).uint32(m.sourceWidth);
                if (m.sourceHeight != null && $Object.hasOwnProperty.call(m, "sourceHeight") && m.sourceHeight !== 0)
                    w.uint32(/* id 6, wireType 0 =*/48).uint32(m.sourceHeight);
                if (m.secure != null && $Object.hasOwnProperty.call(m, "secure") && m.secure !== false)
                    w.uint32(/* id 7, wireType 0 =*/56).bool(m.secure);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an Image message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Image
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Image & droidhub.v1.Image.$Shape} Image
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Image.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Image();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.format = v;
                            else
                                delete m.format;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.bytes()).length)
                                m.data = v;
                            else
                                delete m.data;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.width = v;
                            else
                                delete m.width;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.height = v;
                            else
                                delete m.height;
                            continue;
                        }
                    case 5: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.sourceWidth = v;
                            else
                                delete m.sourceWidth;
                            continue;
                        }
                    case 6: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.sourceHeight = v;
                            else
                                delete m.sourceHeight;
                            continue;
                        }
                    case 7: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.secure = v;
                            else
                                delete m.secure;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an Image message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Image
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Image} Image
             */
            Image.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Image)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Image: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Image();
                if (d.format !== 0 && (typeof d.format !== "string" || $root.droidhub.v1.ImageFormat[d.format] !== 0)) {
                    switch (d.format) {
                    case "IMAGE_FORMAT_UNSPECIFIED":
                    case 0:
                        m.format = 0;
                        break;
                    case "IMAGE_FORMAT_JPEG":
                    case 1:
                        m.format = 1;
                        break;
                    case "IMAGE_FORMAT_WEBP":
                    case 2:
                        m.format = 2;
                        break;
                    case "IMAGE_FORMAT_PNG":
                    case 3:
                        m.format = 3;
                        break;
                    default:
                        if (typeof d.format === "number" && (d.format | 0) === d.format)
                            m.format = d.format;
                    }
                }
                if (d.data != null) {
                    if (d.data.length) {
                        if (typeof d.data === "string")
                            $util.base64.decode(d.data, m.data = $util.newBuffer($util.base64.length(d.data)), 0);
                        else if (d.data.length >= 0)
                            m.data = d.data;
                    }
                }
                if (d.width != null) {
                    if ($Number(d.width) !== 0) {
                        m.width = d.width >>> 0;
                    }
                }
                if (d.height != null) {
                    if ($Number(d.height) !== 0) {
                        m.height = d.height >>> 0;
                    }
                }
                if (d.sourceWidth != null) {
                    if ($Number(d.sourceWidth) !== 0) {
                        m.sourceWidth = d.sourceWidth >>> 0;
                    }
                }
                if (d.sourceHeight != null) {
                    if ($Number(d.sourceHeight) !== 0) {
                        m.sourceHeight = d.sourceHeight >>> 0;
                    }
                }
                if (d.secure != null) {
                    if (d.secure) {
                        m.secure = $Boolean(d.secure);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an Image message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Image
             * @static
             * @param {droidhub.v1.Image} m Image
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Image.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.format = o.enums === $String ? "IMAGE_FORMAT_UNSPECIFIED" : 0;
                    if (o.bytes === $String)
                        d.data = "";
                    else {
                        d.data = [];
                        if (o.bytes !== $Array)
                            d.data = $util.newBuffer(d.data);
                    }
                    d.width = 0;
                    d.height = 0;
                    d.sourceWidth = 0;
                    d.sourceHeight = 0;
                    d.secure = false;
                }
                if (m.format != null && $Object.hasOwnProperty.call(m, "format")) {
                    d.format = o.enums === $String ? $root.droidhub.v1.ImageFormat[m.format] === $undefined ? m.format : $root.droidhub.v1.ImageFormat[m.format] : m.format;
                }
                if (m.data != null && $Object.hasOwnProperty.call(m, "data")) {
                    d.data = o.bytes === $String ? $util.base64.encode(m.data, 0, m.data.length) : o.bytes === $Array ? $Array.prototype.slice.call(m.data) : m.data;
                }
                if (m.width != null && $Object.hasOwnProperty.call(m, "width")) {
                    d.width = m.width;
                }
                if (m.height != null && $Object.hasOwnProperty.call(m, "height")) {
                    d.height = m.height;
                }
                if (m.sourceWidth != null && $Object.hasOwnProperty.call(m, "sourceWidth")) {
                    d.sourceWidth = m.sourceWidth;
                }
                if (m.sourceHeight != null && $Object.hasOwnProperty.call(m, "sourceHeight")) {
                    d.sourceHeight = m.sourceHeight;
                }
                if (m.secure != null && $Object.hasOwnProperty.call(m, "secure")) {
                    d.secure = m.secure;
                }
                return d;
            };

            /**
             * Converts this Image to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Image
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Image.prototype.toJSON = function() {
                return Image.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Image
             * @function getTypeUrl
             * @memberof droidhub.v1.Image
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Image.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Image";
            };

            return Image;
        })();

        v1.App = (function() {

            /**
             * Properties of an App.
             * @typedef {Object} droidhub.v1.App.$Properties
             * @property {string|null} [packageName] App packageName
             * @property {string|null} [label] App label
             * @property {string|null} [versionName] App versionName
             * @property {boolean|null} [system] App system
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an App.
             * @memberof droidhub.v1
             * @interface IApp
             * @augments droidhub.v1.App.$Properties
             * @deprecated Use droidhub.v1.App.$Properties instead.
             */

            /**
             * Shape of an App.
             * @typedef {droidhub.v1.App.$Properties} droidhub.v1.App.$Shape
             */

            /**
             * Constructs a new App.
             * @memberof droidhub.v1
             * @classdesc Represents an App.
             * @constructor
             * @param {droidhub.v1.App.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const App = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * App packageName.
             * @member {string} packageName
             * @memberof droidhub.v1.App
             * @instance
             */
            App.prototype.packageName = "";

            /**
             * App label.
             * @member {string} label
             * @memberof droidhub.v1.App
             * @instance
             */
            App.prototype.label = "";

            /**
             * App versionName.
             * @member {string} versionName
             * @memberof droidhub.v1.App
             * @instance
             */
            App.prototype.versionName = "";

            /**
             * App system.
             * @member {boolean} system
             * @memberof droidhub.v1.App
             * @instance
             */
            App.prototype.system = false;

            /**
             * Creates a new App instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.App
             * @static
             * @param {droidhub.v1.App.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.App} App instance
             * @type {{
             *   (properties: droidhub.v1.App.$Shape): droidhub.v1.App & droidhub.v1.App.$Shape;
             *   (properties?: droidhub.v1.App.$Properties): droidhub.v1.App;
             * }}
             */
            App.create = function(properties) {
                return new App(properties);
            };

            /**
             * Encodes the specified App message. Does not implicitly {@link droidhub.v1.App.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.App
             * @static
             * @param {droidhub.v1.App.$Properties} m App message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            App.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName") && m.packageName !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.packageName);
                if (m.label != null && $Object.hasOwnProperty.call(m, "label") && m.label !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.label);
                if (m.versionName != null && $Object.hasOwnProperty.call(m, "versionName") && m.versionName !== "")
                    w.uint32(/* id 3, wireType 2 =*/26).string(m.versionName);
                if (m.system != null && $Object.hasOwnProperty.call(m, "system") && m.system !== false)
                    w.uint32(/* id 4, wireType 0 =*/32).bool(m.system);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an App message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.App
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.App & droidhub.v1.App.$Shape} App
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            App.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.App();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.packageName = v;
                            else
                                delete m.packageName;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.label = v;
                            else
                                delete m.label;
                            continue;
                        }
                    case 3: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.versionName = v;
                            else
                                delete m.versionName;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.system = v;
                            else
                                delete m.system;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an App message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.App
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.App} App
             */
            App.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.App)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.App: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.App();
                if (d.packageName != null) {
                    if (typeof d.packageName !== "string" || d.packageName.length) {
                        m.packageName = $String(d.packageName);
                    }
                }
                if (d.label != null) {
                    if (typeof d.label !== "string" || d.label.length) {
                        m.label = $String(d.label);
                    }
                }
                if (d.versionName != null) {
                    if (typeof d.versionName !== "string" || d.versionName.length) {
                        m.versionName = $String(d.versionName);
                    }
                }
                if (d.system != null) {
                    if (d.system) {
                        m.system = $Boolean(d.system);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an App message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.App
             * @static
             * @param {droidhub.v1.App} m App
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            App.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.packageName = "";
                    d.label = "";
                    d.versionName = "";
                    d.system = false;
                }
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName")) {
                    d.packageName = m.packageName;
                }
                if (m.label != null && $Object.hasOwnProperty.call(m, "label")) {
                    d.label = m.label;
                }
                if (m.versionName != null && $Object.hasOwnProperty.call(m, "versionName")) {
                    d.versionName = m.versionName;
                }
                if (m.system != null && $Object.hasOwnProperty.call(m, "system")) {
                    d.system = m.system;
                }
                return d;
            };

            /**
             * Converts this App to JSON.
             * @function toJSON
             * @memberof droidhub.v1.App
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            App.prototype.toJSON = function() {
                return App.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for App
             * @function getTypeUrl
             * @memberof droidhub.v1.App
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            App.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.App";
            };

            return App;
        })();

        v1.AppList = (function() {

            /**
             * Properties of an AppList.
             * @typedef {Object} droidhub.v1.AppList.$Properties
             * @property {Array.<droidhub.v1.App.$Properties>|null} [apps] AppList apps
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an AppList.
             * @memberof droidhub.v1
             * @interface IAppList
             * @augments droidhub.v1.AppList.$Properties
             * @deprecated Use droidhub.v1.AppList.$Properties instead.
             */

            /**
             * Shape of an AppList.
             * @typedef {droidhub.v1.AppList.$Properties} droidhub.v1.AppList.$Shape
             */

            /**
             * Constructs a new AppList.
             * @memberof droidhub.v1
             * @classdesc Represents an AppList.
             * @constructor
             * @param {droidhub.v1.AppList.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const AppList = function (p) {
                this.apps = [];
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * AppList apps.
             * @member {Array.<droidhub.v1.App.$Properties>} apps
             * @memberof droidhub.v1.AppList
             * @instance
             */
            AppList.prototype.apps = $util.emptyArray;

            /**
             * Creates a new AppList instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.AppList
             * @static
             * @param {droidhub.v1.AppList.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.AppList} AppList instance
             * @type {{
             *   (properties: droidhub.v1.AppList.$Shape): droidhub.v1.AppList & droidhub.v1.AppList.$Shape;
             *   (properties?: droidhub.v1.AppList.$Properties): droidhub.v1.AppList;
             * }}
             */
            AppList.create = function(properties) {
                return new AppList(properties);
            };

            /**
             * Encodes the specified AppList message. Does not implicitly {@link droidhub.v1.AppList.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.AppList
             * @static
             * @param {droidhub.v1.AppList.$Properties} m AppList message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            AppList.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.apps != null && m.apps.length) {
                    for (var i = 0; i < m.apps.length; ++i)
                        $root.droidhub.v1.App.encode(m.apps[i], w.uint32(/* id 1, wireType 2 =*/10).fork(), q + 1).ldelim();
                }
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an AppList message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.AppList
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.AppList & droidhub.v1.AppList.$Shape} AppList
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            AppList.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.AppList();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if (!(m.apps && m.apps.length))
                                m.apps = [];
                            m.apps.push($root.droidhub.v1.App.decode(r, r.size(), $undefined, q + 1));
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an AppList message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.AppList
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.AppList} AppList
             */
            AppList.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.AppList)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.AppList: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.AppList();
                if (d.apps) {
                    if (!$Array.isArray(d.apps))
                        throw $TypeError(".droidhub.v1.AppList.apps: array expected");
                    m.apps = $Array(d.apps.length);
                    for (var i = 0; i < d.apps.length; ++i) {
                        if (!$util.isObject(d.apps[i]))
                            throw $TypeError(".droidhub.v1.AppList.apps: object expected");
                        m.apps[i] = $root.droidhub.v1.App.fromObject(d.apps[i], q + 1);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an AppList message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.AppList
             * @static
             * @param {droidhub.v1.AppList} m AppList
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            AppList.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.arrays || o.defaults) {
                    d.apps = [];
                }
                if (m.apps && m.apps.length) {
                    d.apps = $Array(m.apps.length);
                    for (var j = 0; j < m.apps.length; ++j) {
                        d.apps[j] = $root.droidhub.v1.App.toObject(m.apps[j], o, q + 1);
                    }
                }
                return d;
            };

            /**
             * Converts this AppList to JSON.
             * @function toJSON
             * @memberof droidhub.v1.AppList
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            AppList.prototype.toJSON = function() {
                return AppList.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for AppList
             * @function getTypeUrl
             * @memberof droidhub.v1.AppList
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            AppList.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.AppList";
            };

            return AppList;
        })();

        v1.DeviceState = (function() {

            /**
             * Properties of a DeviceState.
             * @typedef {Object} droidhub.v1.DeviceState.$Properties
             * @property {string|null} [foregroundPackage] DeviceState foregroundPackage
             * @property {string|null} [foregroundActivity] DeviceState foregroundActivity
             * @property {droidhub.v1.KeyboardState.$Properties|null} [keyboard] DeviceState keyboard
             * @property {boolean|null} [screenOn] DeviceState screenOn
             * @property {droidhub.v1.Battery.$Properties|null} [battery] DeviceState battery
             * @property {droidhub.v1.Network.$Properties|null} [network] DeviceState network
             * @property {boolean|null} [accessibilityEnabled] DeviceState accessibilityEnabled
             * @property {droidhub.v1.Screen.$Properties|null} [screen] DeviceState screen
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a DeviceState.
             * @memberof droidhub.v1
             * @interface IDeviceState
             * @augments droidhub.v1.DeviceState.$Properties
             * @deprecated Use droidhub.v1.DeviceState.$Properties instead.
             */

            /**
             * Shape of a DeviceState.
             * @typedef {droidhub.v1.DeviceState.$Properties} droidhub.v1.DeviceState.$Shape
             */

            /**
             * Constructs a new DeviceState.
             * @memberof droidhub.v1
             * @classdesc Represents a DeviceState.
             * @constructor
             * @param {droidhub.v1.DeviceState.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const DeviceState = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * DeviceState foregroundPackage.
             * @member {string} foregroundPackage
             * @memberof droidhub.v1.DeviceState
             * @instance
             */
            DeviceState.prototype.foregroundPackage = "";

            /**
             * DeviceState foregroundActivity.
             * @member {string} foregroundActivity
             * @memberof droidhub.v1.DeviceState
             * @instance
             */
            DeviceState.prototype.foregroundActivity = "";

            /**
             * DeviceState keyboard.
             * @member {droidhub.v1.KeyboardState.$Properties|null|undefined} keyboard
             * @memberof droidhub.v1.DeviceState
             * @instance
             */
            DeviceState.prototype.keyboard = null;

            /**
             * DeviceState screenOn.
             * @member {boolean} screenOn
             * @memberof droidhub.v1.DeviceState
             * @instance
             */
            DeviceState.prototype.screenOn = false;

            /**
             * DeviceState battery.
             * @member {droidhub.v1.Battery.$Properties|null|undefined} battery
             * @memberof droidhub.v1.DeviceState
             * @instance
             */
            DeviceState.prototype.battery = null;

            /**
             * DeviceState network.
             * @member {droidhub.v1.Network.$Properties|null|undefined} network
             * @memberof droidhub.v1.DeviceState
             * @instance
             */
            DeviceState.prototype.network = null;

            /**
             * DeviceState accessibilityEnabled.
             * @member {boolean} accessibilityEnabled
             * @memberof droidhub.v1.DeviceState
             * @instance
             */
            DeviceState.prototype.accessibilityEnabled = false;

            /**
             * DeviceState screen.
             * @member {droidhub.v1.Screen.$Properties|null|undefined} screen
             * @memberof droidhub.v1.DeviceState
             * @instance
             */
            DeviceState.prototype.screen = null;

            /**
             * Creates a new DeviceState instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.DeviceState
             * @static
             * @param {droidhub.v1.DeviceState.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.DeviceState} DeviceState instance
             * @type {{
             *   (properties: droidhub.v1.DeviceState.$Shape): droidhub.v1.DeviceState & droidhub.v1.DeviceState.$Shape;
             *   (properties?: droidhub.v1.DeviceState.$Properties): droidhub.v1.DeviceState;
             * }}
             */
            DeviceState.create = function(properties) {
                return new DeviceState(properties);
            };

            /**
             * Encodes the specified DeviceState message. Does not implicitly {@link droidhub.v1.DeviceState.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.DeviceState
             * @static
             * @param {droidhub.v1.DeviceState.$Properties} m DeviceState message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            DeviceState.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.foregroundPackage != null && $Object.hasOwnProperty.call(m, "foregroundPackage") && m.foregroundPackage !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.foregroundPackage);
                if (m.foregroundActivity != null && $Object.hasOwnProperty.call(m, "foregroundActivity") && m.foregroundActivity !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.foregroundActivity);
                if (m.keyboard != null && $Object.hasOwnProperty.call(m, "keyboard"))
                    $root.droidhub.v1.KeyboardState.encode(m.keyboard, w.uint32(/* id 3, wireType 2 =*/26).fork(), q + 1).ldelim();
                if (m.screenOn != null && $Object.hasOwnProperty.call(m, "screenOn") && m.screenOn !== false)
                    w.uint32(/* id 4, wireType 0 =*/32).bool(m.screenOn);
                if (m.battery != null && $Object.hasOwnProperty.call(m, "battery"))
                    $root.droidhub.v1.Battery.encode(m.battery, w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                if (m.network != null && $Object.hasOwnProperty.call(m, "network"))
                    $root.droidhub.v1.Network.encode(m.network, w.uint32(/* id 6, wireType 2 =*/50).fork(), q + 1).ldelim();
                if (m.accessibilityEnabled != null && $Object.hasOwnProperty.call(m, "accessibilityEnabled") && m.accessibilityEnabled !== false)
                    w.uint32(/* id 7, wireType 0 =*/56).bool(m.accessibilityEnabled);
                if (m.screen != null && $Object.hasOwnProperty.call(m, "screen"))
                    $root.droidhub.v1.Screen.encode(m.screen, w.uint32(/* id 8, wireType 2 =*/66).fork(), q + 1).ldelim();
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a DeviceState message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.DeviceState
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.DeviceState & droidhub.v1.DeviceState.$Shape} DeviceState
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            DeviceState.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.DeviceState();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.foregroundPackage = v;
                            else
                                delete m.foregroundPackage;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.foregroundActivity = v;
                            else
                                delete m.foregroundActivity;
                            continue;
                        }
                    case 3: {
                            if (u !== 2)
                                break;
                            m.keyboard = $root.droidhub.v1.KeyboardState.decode(r, r.size(), $undefined, q + 1, m.keyboard);
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.screenOn = v;
                            else
                                delete m.screenOn;
                            continue;
                        }
                    case 5: {
                            if (u !== 2)
                                break;
                            m.battery = $root.droidhub.v1.Battery.decode(r, r.size(), $undefined, q + 1, m.battery);
                            continue;
                        }
                    case 6: {
                            if (u !== 2)
                                break;
                            m.network = $root.droidhub.v1.Network.decode(r, r.size(), $undefined, q + 1, m.network);
                            continue;
                        }
                    case 7: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.accessibilityEnabled = v;
                            else
                                delete m.accessibilityEnabled;
                            continue;
                        }
                    case 8: {
                            if (u !== 2)
                                break;
                            m.screen = $root.droidhub.v1.Screen.decode(r, r.size(), $undefined, q + 1, m.screen);
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a DeviceState message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.DeviceState
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.DeviceState} DeviceState
             */
            DeviceState.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.DeviceState)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.DeviceState: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.DeviceState();
                if (d.foregroundPackage != null) {
                    if (typeof d.foregroundPackage !== "string" || d.foregroundPackage.length) {
                        m.foregroundPackage = $String(d.foregroundPackage);
                    }
                }
                if (d.foregroundActivity != null) {
                    if (typeof d.foregroundActivity !== "string" || d.foregroundActivity.length) {
                        m.foregroundActivity = $String(d.foregroundActivity);
                    }
                }
                if (d.keyboard != null) {
                    if (!$util.isObject(d.keyboard))
                        throw $TypeError(".droidhub.v1.DeviceState.keyboard: object expected");
                    m.keyboard = $root.droidhub.v1.KeyboardState.fromObject(d.keyboard, q + 1);
                }
                if (d.screenOn != null) {
                    if (d.screenOn) {
                        m.screenOn = $Boolean(d.screenOn);
                    }
                }
                if (d.battery != null) {
                    if (!$util.isObject(d.battery))
                        throw $TypeError(".droidhub.v1.DeviceState.battery: object expected");
                    m.battery = $root.droidhub.v1.Battery.fromObject(d.battery, q + 1);
                }
                if (d.network != null) {
                    if (!$util.isObject(d.network))
                        throw $TypeError(".droidhub.v1.DeviceState.network: object expected");
                    m.network = $root.droidhub.v1.Network.fromObject(d.network, q + 1);
                }
                if (d.accessibilityEnabled != null) {
                    if (d.accessibilityEnabled) {
                        m.accessibilityEnabled = $Boolean(d.accessibilityEnabled);
                    }
                }
                if (d.screen != null) {
                    if (!$util.isObject(d.screen))
                        throw $TypeError(".droidhub.v1.DeviceState.screen: object expected");
                    m.screen = $root.droidhub.v1.Screen.fromObject(d.screen, q + 1);
                }
                return m;
            };

            /**
             * Creates a plain object from a DeviceState message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.DeviceState
             * @static
             * @param {droidhub.v1.DeviceState} m DeviceState
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            DeviceState.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.foregroundPackage = "";
                    d.foregroundActivity = "";
                    d.keyboard = null;
                    d.screenOn = false;
                    d.battery = null;
                    d.network = null;
                    d.accessibilityEnabled = false;
                    d.screen = null;
                }
                if (m.foregroundPackage != null && $Object.hasOwnProperty.call(m, "foregroundPackage")) {
                    d.foregroundPackage = m.foregroundPackage;
                }
                if (m.foregroundActivity != null && $Object.hasOwnProperty.call(m, "foregroundActivity")) {
                    d.foregroundActivity = m.foregroundActivity;
                }
                if (m.keyboard != null && $Object.hasOwnProperty.call(m, "keyboard")) {
                    d.keyboard = $root.droidhub.v1.KeyboardState.toObject(m.keyboard, o, q + 1);
                }
                if (m.screenOn != null && $Object.hasOwnProperty.call(m, "screenOn")) {
                    d.screenOn = m.screenOn;
                }
                if (m.battery != null && $Object.hasOwnProperty.call(m, "battery")) {
                    d.battery = $root.droidhub.v1.Battery.toObject(m.battery, o, q + 1);
                }
                if (m.network != null && $Object.hasOwnProperty.call(m, "network")) {
                    d.network = $root.droidhub.v1.Network.toObject(m.network, o, q + 1);
                }
                if (m.accessibilityEnabled != null && $Object.hasOwnProperty.call(m, "accessibilityEnabled")) {
                    d.accessibilityEnabled = m.accessibilityEnabled;
                }
                if (m.screen != null && $Object.hasOwnProperty.call(m, "screen")) {
                    d.screen = $root.droidhub.v1.Screen.toObject(m.screen, o, q + 1);
                }
                return d;
            };

            /**
             * Converts this DeviceState to JSON.
             * @function toJSON
             * @memberof droidhub.v1.DeviceState
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            DeviceState.prototype.toJSON = function() {
                return DeviceState.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for DeviceState
             * @function getTypeUrl
             * @memberof droidhub.v1.DeviceState
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            DeviceState.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.DeviceState";
            };

            return DeviceState;
        })();

        /**
         * StreamSource enum.
         * @name droidhub.v1.StreamSource
         * @enum {number}
         * @property {number} STREAM_SOURCE_UNSPECIFIED=0 STREAM_SOURCE_UNSPECIFIED value
         * @property {number} STREAM_SOURCE_PROJECTION=1 STREAM_SOURCE_PROJECTION value
         * @property {number} STREAM_SOURCE_ACCESSIBILITY=2 STREAM_SOURCE_ACCESSIBILITY value
         * @property {number} STREAM_SOURCE_RENDERED=3 STREAM_SOURCE_RENDERED value
         * @property {number} STREAM_SOURCE_POLLED=4 STREAM_SOURCE_POLLED value
         */
        v1.StreamSource = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "STREAM_SOURCE_UNSPECIFIED"] = 0;
            values[valuesById[1] = "STREAM_SOURCE_PROJECTION"] = 1;
            values[valuesById[2] = "STREAM_SOURCE_ACCESSIBILITY"] = 2;
            values[valuesById[3] = "STREAM_SOURCE_RENDERED"] = 3;
            values[valuesById[4] = "STREAM_SOURCE_POLLED"] = 4;
            return values;
        })();

        v1.StreamInfo = (function() {

            /**
             * Properties of a StreamInfo.
             * @typedef {Object} droidhub.v1.StreamInfo.$Properties
             * @property {number|null} [streamId] StreamInfo streamId
             * @property {droidhub.v1.StreamSource|null} [source] StreamInfo source
             * @property {number|null} [maxFps] StreamInfo maxFps
             * @property {number|null} [width] StreamInfo width
             * @property {number|null} [height] StreamInfo height
             * @property {boolean|null} [paints] StreamInfo paints
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a StreamInfo.
             * @memberof droidhub.v1
             * @interface IStreamInfo
             * @augments droidhub.v1.StreamInfo.$Properties
             * @deprecated Use droidhub.v1.StreamInfo.$Properties instead.
             */

            /**
             * Shape of a StreamInfo.
             * @typedef {droidhub.v1.StreamInfo.$Properties} droidhub.v1.StreamInfo.$Shape
             */

            /**
             * Constructs a new StreamInfo.
             * @memberof droidhub.v1
             * @classdesc Represents a StreamInfo.
             * @constructor
             * @param {droidhub.v1.StreamInfo.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const StreamInfo = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * StreamInfo streamId.
             * @member {number} streamId
             * @memberof droidhub.v1.StreamInfo
             * @instance
             */
            StreamInfo.prototype.streamId = 0;

            /**
             * StreamInfo source.
             * @member {droidhub.v1.StreamSource} source
             * @memberof droidhub.v1.StreamInfo
             * @instance
             */
            StreamInfo.prototype.source = 0;

            /**
             * StreamInfo maxFps.
             * @member {number} maxFps
             * @memberof droidhub.v1.StreamInfo
             * @instance
             */
            StreamInfo.prototype.maxFps = 0;

            /**
             * StreamInfo width.
             * @member {number} width
             * @memberof droidhub.v1.StreamInfo
             * @instance
             */
            StreamInfo.prototype.width = 0;

            /**
             * StreamInfo height.
             * @member {number} height
             * @memberof droidhub.v1.StreamInfo
             * @instance
             */
            StreamInfo.prototype.height = 0;

            /**
             * StreamInfo paints.
             * @member {boolean} paints
             * @memberof droidhub.v1.StreamInfo
             * @instance
             */
            StreamInfo.prototype.paints = false;

            /**
             * Creates a new StreamInfo instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.StreamInfo
             * @static
             * @param {droidhub.v1.StreamInfo.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.StreamInfo} StreamInfo instance
             * @type {{
             *   (properties: droidhub.v1.StreamInfo.$Shape): droidhub.v1.StreamInfo & droidhub.v1.StreamInfo.$Shape;
             *   (properties?: droidhub.v1.StreamInfo.$Properties): droidhub.v1.StreamInfo;
             * }}
             */
            StreamInfo.create = function(properties) {
                return new StreamInfo(properties);
            };

            /**
             * Encodes the specified StreamInfo message. Does not implicitly {@link droidhub.v1.StreamInfo.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.StreamInfo
             * @static
             * @param {droidhub.v1.StreamInfo.$Properties} m StreamInfo message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            StreamInfo.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                if (m.source != null && $Object.hasOwnProperty.call(m, "source") && m.source !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).int32(m.source);
                if (m.maxFps != null && $Object.hasOwnProperty.call(m, "maxFps") && m.maxFps !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.maxFps);
                if (m.width != null && $Object.hasOwnProperty.call(m, "width") && m.width !== 0)
                    w.uint32(/* id 4, wireType 0 =*/32).uint32(m.width);
                if (m.height != null && $Object.hasOwnProperty.call(m, "height") && m.height !== 0)
                    w.uint32(/* id 5, wireType 0 =*/40).uint32(m.height);
                if (m.paints != null && $Object.hasOwnProperty.call(m, "paints") && m.paints !== false)
                    w.uint32(/* id 6, wireType 0 =*/48).bool(m.paints);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a StreamInfo message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.StreamInfo
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.StreamInfo & droidhub.v1.StreamInfo.$Shape} StreamInfo
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            StreamInfo.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.StreamInfo();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.streamId = v;
                            else
                                delete m.streamId;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.source = v;
                            else
                                delete m.source;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.maxFps = v;
                            else
                                delete m.maxFps;
                            continue;
                        }
                    case 4: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.width = v;
                            else
                                delete m.width;
                            continue;
                        }
                    case 5: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.height = v;
                            else
                                delete m.height;
                            continue;
                        }
                    case 6: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.paints = v;
                            else
                                delete m.paints;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a StreamInfo message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.StreamInfo
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.StreamInfo} StreamInfo
             */
            StreamInfo.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.StreamInfo)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.StreamInfo: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.StreamInfo();
                if (d.streamId != null) {
                    if ($Number(d.streamId) !== 0) {
                        m.streamId = d.streamId >>> 0;
                    }
                }
                if (d.source !== 0 && (typeof d.source !== "string" || $root.droidhub.v1.StreamSource[d.source] !== 0)) {
                    switch (d.source) {
                    case "STREAM_SOURCE_UNSPECIFIED":
                    case 0:
                        m.source = 0;
                        break;
                    case "STREAM_SOURCE_PROJECTION":
                    case 1:
                        m.source = 1;
                        break;
                    case "STREAM_SOURCE_ACCESSIBILITY":
                    case 2:
                        m.source = 2;
                        break;
                    case "STREAM_SOURCE_RENDERED":
                    case 3:
                        m.source = 3;
                        break;
                    case "STREAM_SOURCE_POLLED":
                    case 4:
                        m.source = 4;
                        break;
                    default:
                        if (typeof d.source === "number" && (d.source | 0) === d.source)
                            m.source = d.source;
                    }
                }
                if (d.maxFps != null) {
                    if ($Number(d.maxFps) !== 0) {
                        m.maxFps = d.maxFps >>> 0;
                    }
                }
                if (d.width != null) {
                    if ($Number(d.width) !== 0) {
                        m.width = d.width >>> 0;
                    }
                }
                if (d.height != null) {
                    if ($Number(d.height) !== 0) {
                        m.height = d.height >>> 0;
                    }
                }
                if (d.paints != null) {
                    if (d.paints) {
                        m.paints = $Boolean(d.paints);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a StreamInfo message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.StreamInfo
             * @static
             * @param {droidhub.v1.StreamInfo} m StreamInfo
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            StreamInfo.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.streamId = 0;
                    d.source = o.enums === $String ? "STREAM_SOURCE_UNSPECIFIED" : 0;
                    d.maxFps = 0;
                    d.width = 0;
                    d.height = 0;
                    d.paints = false;
                }
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId")) {
                    d.streamId = m.streamId;
                }
                if (m.source != null && $Object.hasOwnProperty.call(m, "source")) {
                    d.source = o.enums === $String ? $root.droidhub.v1.StreamSource[m.source] === $undefined ? m.source : $root.droidhub.v1.StreamSource[m.source] : m.source;
                }
                if (m.maxFps != null && $Object.hasOwnProperty.call(m, "maxFps")) {
                    d.maxFps = m.maxFps;
                }
                if (m.width != null && $Object.hasOwnProperty.call(m, "width")) {
                    d.width = m.width;
                }
                if (m.height != null && $Object.hasOwnProperty.call(m, "height")) {
                    d.height = m.height;
                }
                if (m.paints != null && $Object.hasOwnProperty.call(m, "paints")) {
                    d.paints = m.paints;
                }
                return d;
            };

            /**
             * Converts this StreamInfo to JSON.
             * @function toJSON
             * @memberof droidhub.v1.StreamInfo
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            StreamInfo.prototype.toJSON = function() {
                return StreamInfo.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for StreamInfo
             * @function getTypeUrl
             * @memberof droidhub.v1.StreamInfo
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            StreamInfo.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.StreamInfo";
            };

            return StreamInfo;
        })();

        v1.Result = (function() {

            /**
             * Properties of a Result.
             * @typedef {Object} droidhub.v1.Result.$Properties
             * @property {boolean|null} [ok] Result ok
             * @property {droidhub.v1.Error.$Properties|null} [error] Result error
             * @property {number|null} [durationMs] Result durationMs
             * @property {droidhub.v1.UiTree.$Properties|null} [ui] Result ui
             * @property {droidhub.v1.Image.$Properties|null} [image] Result image
             * @property {droidhub.v1.AppList.$Properties|null} [apps] Result apps
             * @property {droidhub.v1.DeviceState.$Properties|null} [state] Result state
             * @property {droidhub.v1.StreamInfo.$Properties|null} [stream] Result stream
             * @property {"ui"|"image"|"apps"|"state"|"stream"} [payload] Result payload
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Result.
             * @memberof droidhub.v1
             * @interface IResult
             * @augments droidhub.v1.Result.$Properties
             * @deprecated Use droidhub.v1.Result.$Properties instead.
             */

            /**
             * Narrowed shape of a Result.
             * @typedef {{
             *   ok?: boolean|null;
             *   error?: droidhub.v1.Error.$Shape|null;
             *   durationMs?: number|null;
             *   ui?: droidhub.v1.UiTree.$Shape|null;
             *   image?: droidhub.v1.Image.$Shape|null;
             *   apps?: droidhub.v1.AppList.$Shape|null;
             *   state?: droidhub.v1.DeviceState.$Shape|null;
             *   stream?: droidhub.v1.StreamInfo.$Shape|null;
             *   $unknowns?: Array.<Uint8Array>;
             * } & (
             *   ({ payload?: undefined; ui?: null; image?: null; apps?: null; state?: null; stream?: null }|{ payload?: "ui"; ui: droidhub.v1.UiTree.$Shape; image?: null; apps?: null; state?: null; stream?: null }|{ payload?: "image"; ui?: null; image: droidhub.v1.Image.$Shape; apps?: null; state?: null; stream?: null }|{ payload?: "apps"; ui?: null; image?: null; apps: droidhub.v1.AppList.$Shape; state?: null; stream?: null }|{ payload?: "state"; ui?: null; image?: null; apps?: null; state: droidhub.v1.DeviceState.$Shape; stream?: null }|{ payload?: "stream"; ui?: null; image?: null; apps?: null; state?: null; stream: droidhub.v1.StreamInfo.$Shape })
             * )} droidhub.v1.Result.$Shape
             */

            /**
             * Constructs a new Result.
             * @memberof droidhub.v1
             * @classdesc Represents a Result.
             * @constructor
             * @param {droidhub.v1.Result.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Result = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Result ok.
             * @member {boolean} ok
             * @memberof droidhub.v1.Result
             * @instance
             */
            Result.prototype.ok = false;

            /**
             * Result error.
             * @member {droidhub.v1.Error.$Properties|null|undefined} error
             * @memberof droidhub.v1.Result
             * @instance
             */
            Result.prototype.error = null;

            /**
             * Result durationMs.
             * @member {number} durationMs
             * @memberof droidhub.v1.Result
             * @instance
             */
            Result.prototype.durationMs = 0;

            /**
             * Result ui.
             * @member {droidhub.v1.UiTree.$Properties|null|undefined} ui
             * @memberof droidhub.v1.Result
             * @instance
             */
            Result.prototype.ui = null;

            /**
             * Result image.
             * @member {droidhub.v1.Image.$Properties|null|undefined} image
             * @memberof droidhub.v1.Result
             * @instance
             */
            Result.prototype.image = null;

            /**
             * Result apps.
             * @member {droidhub.v1.AppList.$Properties|null|undefined} apps
             * @memberof droidhub.v1.Result
             * @instance
             */
            Result.prototype.apps = null;

            /**
             * Result state.
             * @member {droidhub.v1.DeviceState.$Properties|null|undefined} state
             * @memberof droidhub.v1.Result
             * @instance
             */
            Result.prototype.state = null;

            /**
             * Result stream.
             * @member {droidhub.v1.StreamInfo.$Properties|null|undefined} stream
             * @memberof droidhub.v1.Result
             * @instance
             */
            Result.prototype.stream = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            /**
             * Result payload.
             * @member {"ui"|"image"|"apps"|"state"|"stream"|undefined} payload
             * @memberof droidhub.v1.Result
             * @instance
             */
            $Object.defineProperty(Result.prototype, "payload", {
                get: $util.oneOfGetter($oneOfFields = ["ui", "image", "apps", "state", "stream"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new Result instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Result
             * @static
             * @param {droidhub.v1.Result.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Result} Result instance
             * @type {{
             *   (properties: droidhub.v1.Result.$Shape): droidhub.v1.Result & droidhub.v1.Result.$Shape;
             *   (properties?: droidhub.v1.Result.$Properties): droidhub.v1.Result;
             * }}
             */
            Result.create = function(properties) {
                return new Result(properties);
            };

            /**
             * Encodes the specified Result message. Does not implicitly {@link droidhub.v1.Result.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Result
             * @static
             * @param {droidhub.v1.Result.$Properties} m Result message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Result.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.ok != null && $Object.hasOwnProperty.call(m, "ok") && m.ok !== false)
                    w.uint32(/* id 1, wireType 0 =*/8).bool(m.ok);
                if (m.error != null && $Object.hasOwnProperty.call(m, "error"))
                    $root.droidhub.v1.Error.encode(m.error, w.uint32(/* id 2, wireType 2 =*/18).fork(), q + 1).ldelim();
                if (m.durationMs != null && $Object.hasOwnProperty.call(m, "durationMs") && m.durationMs !== 0)
                    w.uint32(/* id 3, wireType 0 =*/24).uint32(m.durationMs);
                if (m.ui != null && $Object.hasOwnProperty.call(m, "ui"))
                    $root.droidhub.v1.UiTree.encode(m.ui, w.uint32(/* id 10, wireType 2 =*/82).fork(), q + 1).ldelim();
                if (m.image != null && $Object.hasOwnProperty.call(m, "image"))
                    $root.droidhub.v1.Image.encode(m.image, w.uint32(/* id 11, wireType 2 =*/90).fork(), q + 1).ldelim();
                if (m.apps != null && $Object.hasOwnProperty.call(m, "apps"))
                    $root.droidhub.v1.AppList.encode(m.apps, w.uint32(/* id 12, wireType 2 =*/98).fork(), q + 1).ldelim();
                if (m.state != null && $Object.hasOwnProperty.call(m, "state"))
                    $root.droidhub.v1.DeviceState.encode(m.state, w.uint32(/* id 13, wireType 2 =*/106).fork(), q + 1).ldelim();
                if (m.stream != null && $Object.hasOwnProperty.call(m, "stream"))
                    $root.droidhub.v1.StreamInfo.encode(m.stream, w.uint32(/* id 14, wireType 2 =*/114).fork(), q + 1).ldelim();
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Result message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Result
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Result & droidhub.v1.Result.$Shape} Result
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Result.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Result();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.ok = v;
                            else
                                delete m.ok;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            m.error = $root.droidhub.v1.Error.decode(r, r.size(), $undefined, q + 1, m.error);
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.durationMs = v;
                            else
                                delete m.durationMs;
                            continue;
                        }
                    case 10: {
                            if (u !== 2)
                                break;
                            m.ui = $root.droidhub.v1.UiTree.decode(r, r.size(), $undefined, q + 1, m.ui);
                            m.payload = "ui";
                            continue;
                        }
                    case 11: {
                            if (u !== 2)
                                break;
                            m.image = $root.droidhub.v1.Image.decode(r, r.size(), $undefined, q + 1, m.image);
                            m.payload = "image";
                            continue;
                        }
                    case 12: {
                            if (u !== 2)
                                break;
                            m.apps = $root.droidhub.v1.AppList.decode(r, r.size(), $undefined, q + 1, m.apps);
                            m.payload = "apps";
                            continue;
                        }
                    case 13: {
                            if (u !== 2)
                                break;
                            m.state = $root.droidhub.v1.DeviceState.decode(r, r.size(), $undefined, q + 1, m.state);
                            m.payload = "state";
                            continue;
                        }
                    case 14: {
                            if (u !== 2)
                                break;
                            m.stream = $root.droidhub.v1.StreamInfo.decode(r, r.size(), $undefined, q + 1, m.stream);
                            m.payload = "stream";
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Result message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Result
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Result} Result
             */
            Result.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Result)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Result: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Result();
                if (d.ok != null) {
                    if (d.ok) {
                        m.ok = $Boolean(d.ok);
                    }
                }
                if (d.error != null) {
                    if (!$util.isObject(d.error))
                        throw $TypeError(".droidhub.v1.Result.error: object expected");
                    m.error = $root.droidhub.v1.Error.fromObject(d.error, q + 1);
                }
                if (d.durationMs != null) {
                    if ($Number(d.durationMs) !== 0) {
                        m.durationMs = d.durationMs >>> 0;
                    }
                }
                if (d.ui != null) {
                    if (!$util.isObject(d.ui))
                        throw $TypeError(".droidhub.v1.Result.ui: object expected");
                    m.ui = $root.droidhub.v1.UiTree.fromObject(d.ui, q + 1);
                }
                if (d.image != null) {
                    if (!$util.isObject(d.image))
                        throw $TypeError(".droidhub.v1.Result.image: object expected");
                    m.image = $root.droidhub.v1.Image.fromObject(d.image, q + 1);
                }
                if (d.apps != null) {
                    if (!$util.isObject(d.apps))
                        throw $TypeError(".droidhub.v1.Result.apps: object expected");
                    m.apps = $root.droidhub.v1.AppList.fromObject(d.apps, q + 1);
                }
                if (d.state != null) {
                    if (!$util.isObject(d.state))
                        throw $TypeError(".droidhub.v1.Result.state: object expected");
                    m.state = $root.droidhub.v1.DeviceState.fromObject(d.state, q + 1);
                }
                if (d.stream != null) {
                    if (!$util.isObject(d.stream))
                        throw $TypeError(".droidhub.v1.Result.stream: object expected");
                    m.stream = $root.droidhub.v1.StreamInfo.fromObject(d.stream, q + 1);
                }
                return m;
            };

            /**
             * Creates a plain object from a Result message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Result
             * @static
             * @param {droidhub.v1.Result} m Result
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Result.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.ok = false;
                    d.error = null;
                    d.durationMs = 0;
                }
                if (m.ok != null && $Object.hasOwnProperty.call(m, "ok")) {
                    d.ok = m.ok;
                }
                if (m.error != null && $Object.hasOwnProperty.call(m, "error")) {
                    d.error = $root.droidhub.v1.Error.toObject(m.error, o, q + 1);
                }
                if (m.durationMs != null && $Object.hasOwnProperty.call(m, "durationMs")) {
                    d.durationMs = m.durationMs;
                }
                if (m.ui != null && $Object.hasOwnProperty.call(m, "ui")) {
                    d.ui = $root.droidhub.v1.UiTree.toObject(m.ui, o, q + 1);
                    if (o.oneofs)
                        d.payload = "ui";
                }
                if (m.image != null && $Object.hasOwnProperty.call(m, "image")) {
                    d.image = $root.droidhub.v1.Image.toObject(m.image, o, q + 1);
                    if (o.oneofs)
                        d.payload = "image";
                }
                if (m.apps != null && $Object.hasOwnProperty.call(m, "apps")) {
                    d.apps = $root.droidhub.v1.AppList.toObject(m.apps, o, q + 1);
                    if (o.oneofs)
                        d.payload = "apps";
                }
                if (m.state != null && $Object.hasOwnProperty.call(m, "state")) {
                    d.state = $root.droidhub.v1.DeviceState.toObject(m.state, o, q + 1);
                    if (o.oneofs)
                        d.payload = "state";
                }
                if (m.stream != null && $Object.hasOwnProperty.call(m, "stream")) {
                    d.stream = $root.droidhub.v1.StreamInfo.toObject(m.stream, o, q + 1);
                    if (o.oneofs)
                        d.payload = "stream";
                }
                return d;
            };

            /**
             * Converts this Result to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Result
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Result.prototype.toJSON = function() {
                return Result.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Result
             * @function getTypeUrl
             * @memberof droidhub.v1.Result
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Result.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Result";
            };

            return Result;
        })();

        v1.ResultAck = (function() {

            /**
             * Properties of a ResultAck.
             * @typedef {Object} droidhub.v1.ResultAck.$Properties
             * @property {Array.<number>|null} [ids] ResultAck ids
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ResultAck.
             * @memberof droidhub.v1
             * @interface IResultAck
             * @augments droidhub.v1.ResultAck.$Properties
             * @deprecated Use droidhub.v1.ResultAck.$Properties instead.
             */

            /**
             * Shape of a ResultAck.
             * @typedef {droidhub.v1.ResultAck.$Properties} droidhub.v1.ResultAck.$Shape
             */

            /**
             * Constructs a new ResultAck.
             * @memberof droidhub.v1
             * @classdesc Represents a ResultAck.
             * @constructor
             * @param {droidhub.v1.ResultAck.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ResultAck = function (p) {
                this.ids = [];
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * ResultAck ids.
             * @member {Array.<number>} ids
             * @memberof droidhub.v1.ResultAck
             * @instance
             */
            ResultAck.prototype.ids = $util.emptyArray;

            /**
             * Creates a new ResultAck instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.ResultAck
             * @static
             * @param {droidhub.v1.ResultAck.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.ResultAck} ResultAck instance
             * @type {{
             *   (properties: droidhub.v1.ResultAck.$Shape): droidhub.v1.ResultAck & droidhub.v1.ResultAck.$Shape;
             *   (properties?: droidhub.v1.ResultAck.$Properties): droidhub.v1.ResultAck;
             * }}
             */
            ResultAck.create = function(properties) {
                return new ResultAck(properties);
            };

            /**
             * Encodes the specified ResultAck message. Does not implicitly {@link droidhub.v1.ResultAck.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.ResultAck
             * @static
             * @param {droidhub.v1.ResultAck.$Properties} m ResultAck message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ResultAck.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.ids != null && m.ids.length) {
                    w.uint32(/* id 1, wireType 2 =*/10).uint64s(m.ids);
                }
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a ResultAck message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.ResultAck
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.ResultAck & droidhub.v1.ResultAck.$Shape} ResultAck
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ResultAck.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.ResultAck();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u === 2) {
                                if (!(m.ids && m.ids.length))
                                    m.ids = [];
                                r.uint64s(m.ids);
                                continue;
                            }
                            if (u !== 0)
                                break;
                            if (!(m.ids && m.ids.length))
                                m.ids = [];
                            m.ids.push(r.uint64());
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a ResultAck message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.ResultAck
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.ResultAck} ResultAck
             */
            ResultAck.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.ResultAck)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.ResultAck: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.ResultAck();
                if (d.ids) {
                    if (!$Array.isArray(d.ids))
                        throw $TypeError(".droidhub.v1.ResultAck.ids: array expected");
                    m.ids = $Array(d.ids.length);
                    for (var i = 0; i < d.ids.length; ++i) {
                        if ($util.Long)
                            m.ids[i] = $util.Long.fromValue(d.ids[i], true);
                        else if (typeof d.ids[i] === "string")
                            m.ids[i] = $parseInt(d.ids[i], 10);
                        else if (typeof d.ids[i] === "number")
                            m.ids[i] = d.ids[i];
                        else if (typeof d.ids[i] === "object")
                            m.ids[i] = new $util.LongBits(d.ids[i].low >>> 0, d.ids[i].high >>> 0).toNumber(true);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a ResultAck message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.ResultAck
             * @static
             * @param {droidhub.v1.ResultAck} m ResultAck
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ResultAck.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.arrays || o.defaults) {
                    d.ids = [];
                }
                if (m.ids && m.ids.length) {
                    d.ids = $Array(m.ids.length);
                    for (var j = 0; j < m.ids.length; ++j) {
                        if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                            d.ids[j] = typeof m.ids[j] === "number" ? $BigInt(m.ids[j]) : $util.Long.fromBits(m.ids[j].low >>> 0, m.ids[j].high >>> 0, true).toBigInt();
                        else if (typeof m.ids[j] === "number")
                            d.ids[j] = o.longs === $String ? $String(m.ids[j]) : m.ids[j];
                        else
                            d.ids[j] = o.longs === $String ? $util.Long.prototype.toString.call(m.ids[j]) : o.longs === $Number ? new $util.LongBits(m.ids[j].low >>> 0, m.ids[j].high >>> 0).toNumber(true) : m.ids[j];
                    }
                }
                return d;
            };

            /**
             * Converts this ResultAck to JSON.
             * @function toJSON
             * @memberof droidhub.v1.ResultAck
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ResultAck.prototype.toJSON = function() {
                return ResultAck.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for ResultAck
             * @function getTypeUrl
             * @memberof droidhub.v1.ResultAck
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            ResultAck.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.ResultAck";
            };

            return ResultAck;
        })();

        v1.StreamCredit = (function() {

            /**
             * Properties of a StreamCredit.
             * @typedef {Object} droidhub.v1.StreamCredit.$Properties
             * @property {number|null} [streamId] StreamCredit streamId
             * @property {number|null} [credits] StreamCredit credits
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a StreamCredit.
             * @memberof droidhub.v1
             * @interface IStreamCredit
             * @augments droidhub.v1.StreamCredit.$Properties
             * @deprecated Use droidhub.v1.StreamCredit.$Properties instead.
             */

            /**
             * Shape of a StreamCredit.
             * @typedef {droidhub.v1.StreamCredit.$Properties} droidhub.v1.StreamCredit.$Shape
             */

            /**
             * Constructs a new StreamCredit.
             * @memberof droidhub.v1
             * @classdesc Represents a StreamCredit.
             * @constructor
             * @param {droidhub.v1.StreamCredit.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const StreamCredit = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * StreamCredit streamId.
             * @member {number} streamId
             * @memberof droidhub.v1.StreamCredit
             * @instance
             */
            StreamCredit.prototype.streamId = 0;

            /**
             * StreamCredit credits.
             * @member {number} credits
             * @memberof droidhub.v1.StreamCredit
             * @instance
             */
            StreamCredit.prototype.credits = 0;

            /**
             * Creates a new StreamCredit instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.StreamCredit
             * @static
             * @param {droidhub.v1.StreamCredit.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.StreamCredit} StreamCredit instance
             * @type {{
             *   (properties: droidhub.v1.StreamCredit.$Shape): droidhub.v1.StreamCredit & droidhub.v1.StreamCredit.$Shape;
             *   (properties?: droidhub.v1.StreamCredit.$Properties): droidhub.v1.StreamCredit;
             * }}
             */
            StreamCredit.create = function(properties) {
                return new StreamCredit(properties);
            };

            /**
             * Encodes the specified StreamCredit message. Does not implicitly {@link droidhub.v1.StreamCredit.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.StreamCredit
             * @static
             * @param {droidhub.v1.StreamCredit.$Properties} m StreamCredit message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            StreamCredit.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                if (m.credits != null && $Object.hasOwnProperty.call(m, "credits") && m.credits !== 0)
                    w.uint32(/* id 2, wireType 0 =*/16).uint32(m.credits);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a StreamCredit message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.StreamCredit
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.StreamCredit & droidhub.v1.StreamCredit.$Shape} StreamCredit
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            StreamCredit.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.StreamCredit();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.streamId = v;
                            else
                                delete m.streamId;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.credits = v;
                            else
                                delete m.credits;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a StreamCredit message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.StreamCredit
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.StreamCredit} StreamCredit
             */
            StreamCredit.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.StreamCredit)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.StreamCredit: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.StreamCredit();
                if (d.streamId != null) {
                    if ($Number(d.streamId) !== 0) {
                        m.streamId = d.streamId >>> 0;
                    }
                }
                if (d.credits != null) {
                    if ($Number(d.credits) !== 0) {
                        m.credits = d.credits >>> 0;
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a StreamCredit message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.StreamCredit
             * @static
             * @param {droidhub.v1.StreamCredit} m StreamCredit
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            StreamCredit.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.streamId = 0;
                    d.credits = 0;
                }
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId")) {
                    d.streamId = m.streamId;
                }
                if (m.credits != null && $Object.hasOwnProperty.call(m, "credits")) {
                    d.credits = m.credits;
                }
                return d;
            };

            /**
             * Converts this StreamCredit to JSON.
             * @function toJSON
             * @memberof droidhub.v1.StreamCredit
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            StreamCredit.prototype.toJSON = function() {
                return StreamCredit.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for StreamCredit
             * @function getTypeUrl
             * @memberof droidhub.v1.StreamCredit
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            StreamCredit.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.StreamCredit";
            };

            return StreamCredit;
        })();

        v1.StreamFrame = (function() {

            /**
             * Properties of a StreamFrame.
             * @typedef {Object} droidhub.v1.StreamFrame.$Properties
             * @property {number|null} [streamId] StreamFrame streamId
             * @property {number|null} [seq] StreamFrame seq
             * @property {number|null} [capturedAtMs] StreamFrame capturedAtMs
             * @property {droidhub.v1.Image.$Properties|null} [image] StreamFrame image
             * @property {Array.<droidhub.v1.Bounds.$Properties>|null} [painted] StreamFrame painted
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a StreamFrame.
             * @memberof droidhub.v1
             * @interface IStreamFrame
             * @augments droidhub.v1.StreamFrame.$Properties
             * @deprecated Use droidhub.v1.StreamFrame.$Properties instead.
             */

            /**
             * Shape of a StreamFrame.
             * @typedef {droidhub.v1.StreamFrame.$Properties} droidhub.v1.StreamFrame.$Shape
             */

            /**
             * Constructs a new StreamFrame.
             * @memberof droidhub.v1
             * @classdesc Represents a StreamFrame.
             * @constructor
             * @param {droidhub.v1.StreamFrame.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const StreamFrame = function (p) {
                this.painted = [];
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * StreamFrame streamId.
             * @member {number} streamId
             * @memberof droidhub.v1.StreamFrame
             * @instance
             */
            StreamFrame.prototype.streamId = 0;

            /**
             * StreamFrame seq.
             * @member {number} seq
             * @memberof droidhub.v1.StreamFrame
             * @instance
             */
            StreamFrame.prototype.seq = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * StreamFrame capturedAtMs.
             * @member {number} capturedAtMs
             * @memberof droidhub.v1.StreamFrame
             * @instance
             */
            StreamFrame.prototype.capturedAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * StreamFrame image.
             * @member {droidhub.v1.Image.$Properties|null|undefined} image
             * @memberof droidhub.v1.StreamFrame
             * @instance
             */
            StreamFrame.prototype.image = null;

            /**
             * StreamFrame painted.
             * @member {Array.<droidhub.v1.Bounds.$Properties>} painted
             * @memberof droidhub.v1.StreamFrame
             * @instance
             */
            StreamFrame.prototype.painted = $util.emptyArray;

            /**
             * Creates a new StreamFrame instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.StreamFrame
             * @static
             * @param {droidhub.v1.StreamFrame.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.StreamFrame} StreamFrame instance
             * @type {{
             *   (properties: droidhub.v1.StreamFrame.$Shape): droidhub.v1.StreamFrame & droidhub.v1.StreamFrame.$Shape;
             *   (properties?: droidhub.v1.StreamFrame.$Properties): droidhub.v1.StreamFrame;
             * }}
             */
            StreamFrame.create = function(properties) {
                return new StreamFrame(properties);
            };

            /**
             * Encodes the specified StreamFrame message. Does not implicitly {@link droidhub.v1.StreamFrame.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.StreamFrame
             * @static
             * @param {droidhub.v1.StreamFrame.$Properties} m StreamFrame message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            StreamFrame.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                if (m.seq != null && $Object.hasOwnProperty.call(m, "seq") && (typeof m.seq === "object" ? m.seq.low || m.seq.high : m.seq !== 0))
                    w.uint32(/* id 2, wireType 0 =*/16).uint64(m.seq);
                if (m.capturedAtMs != null && $Object.hasOwnProperty.call(m, "capturedAtMs") && (typeof m.capturedAtMs === "object" ? m.capturedAtMs.low || m.capturedAtMs.high : m.capturedAtMs !== 0))
                    w.uint32(/* id 3, wireType 0 =*/24).uint64(m.capturedAtMs);
                if (m.image != null && $Object.hasOwnProperty.call(m, "image"))
                    $root.droidhub.v1.Image.encode(m.image, w.uint32(/* id 4, wireType 2 =*/34).fork(), q + 1).ldelim();
                if (m.painted != null && m.painted.length) {
                    for (var i = 0; i < m.painted.length; ++i)
                        $root.droidhub.v1.Bounds.encode(m.painted[i], w.uint32(/* id 5, wireType 2 =*/42).fork(), q + 1).ldelim();
                }
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a StreamFrame message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.StreamFrame
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.StreamFrame & droidhub.v1.StreamFrame.$Shape} StreamFrame
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            StreamFrame.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.StreamFrame();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.streamId = v;
                            else
                                delete m.streamId;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                m.seq = v;
                            else
                                delete m.seq;
                            continue;
                        }
                    case 3: {
                            if (u !== 0)
                                break;
                            if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                m.capturedAtMs = v;
                            else
                                delete m.capturedAtMs;
                            continue;
                        }
                    case 4: {
                            if (u !== 2)
                                break;
                            m.image = $root.droidhub.v1.Image.decode(r, r.size(), $undefined, q + 1, m.image);
                            continue;
                        }
                    case 5: {
                            if (u !== 2)
                                break;
                            if (!(m.painted && m.painted.length))
                                m.painted = [];
                            m.painted.push($root.droidhub.v1.Bounds.decode(r, r.size(), $undefined, q + 1));
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a StreamFrame message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.StreamFrame
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.StreamFrame} StreamFrame
             */
            StreamFrame.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.StreamFrame)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.StreamFrame: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.StreamFrame();
                if (d.streamId != null) {
                    if ($Number(d.streamId) !== 0) {
                        m.streamId = d.streamId >>> 0;
                    }
                }
                if (d.seq != null) {
                    if (typeof d.seq === "object" ? d.seq.low || d.seq.high : $Number(d.seq) !== 0) {
                        if ($util.Long)
                            m.seq = $util.Long.fromValue(d.seq, true);
                        else if (typeof d.seq === "string")
                            m.seq = $parseInt(d.seq, 10);
                        else if (typeof d.seq === "number")
                            m.seq = d.seq;
                        else if (typeof d.seq === "object")
                            m.seq = new $util.LongBits(d.seq.low >>> 0, d.seq.high >>> 0).toNumber(true);
                    }
                }
                if (d.capturedAtMs != null) {
                    if (typeof d.capturedAtMs === "object" ? d.capturedAtMs.low || d.capturedAtMs.high : $Number(d.capturedAtMs) !== 0) {
                        if ($util.Long)
                            m.capturedAtMs = $util.Long.fromValue(d.capturedAtMs, true);
                        else if (typeof d.capturedAtMs === "string")
                            m.capturedAtMs = $parseInt(d.capturedAtMs, 10);
                        else if (typeof d.capturedAtMs === "number")
                            m.capturedAtMs = d.capturedAtMs;
                        else if (typeof d.capturedAtMs === "object")
                            m.capturedAtMs = new $util.LongBits(d.capturedAtMs.low >>> 0, d.capturedAtMs.high >>> 0).toNumber(true);
                    }
                }
                if (d.image != null) {
                    if (!$util.isObject(d.image))
                        throw $TypeError(".droidhub.v1.StreamFrame.image: object expected");
                    m.image = $root.droidhub.v1.Image.fromObject(d.image, q + 1);
                }
                if (d.painted) {
                    if (!$Array.isArray(d.painted))
                        throw $TypeError(".droidhub.v1.StreamFrame.painted: array expected");
                    m.painted = $Array(d.painted.length);
                    for (var i = 0; i < d.painted.length; ++i) {
                        if (!$util.isObject(d.painted[i]))
                            throw $TypeError(".droidhub.v1.StreamFrame.painted: object expected");
                        m.painted[i] = $root.droidhub.v1.Bounds.fromObject(d.painted[i], q + 1);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a StreamFrame message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.StreamFrame
             * @static
             * @param {droidhub.v1.StreamFrame} m StreamFrame
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            StreamFrame.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.arrays || o.defaults) {
                    d.painted = [];
                }
                if (o.defaults) {
                    d.streamId = 0;
                    if ($util.Long) {
                        var n = new $util.Long(0, 0, true);
                        d.seq = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                    } else
                        d.seq = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                    if ($util.Long) {
                        var n = new $util.Long(0, 0, true);
                        d.capturedAtMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                    } else
                        d.capturedAtMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                    d.image = null;
                }
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId")) {
                    d.streamId = m.streamId;
                }
                if (m.seq != null && $Object.hasOwnProperty.call(m, "seq")) {
                    if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                        d.seq = typeof m.seq === "number" ? $BigInt(m.seq) : $util.Long.fromBits(m.seq.low >>> 0, m.seq.high >>> 0, true).toBigInt();
                    else if (typeof m.seq === "number")
                        d.seq = o.longs === $String ? $String(m.seq) : m.seq;
                    else
                        d.seq = o.longs === $String ? $util.Long.prototype.toString.call(m.seq) : o.longs === $Number ? new $util.LongBits(m.seq.low >>> 0, m.seq.high >>> 0).toNumber(true) : m.seq;
                }
                if (m.capturedAtMs != null && $Object.hasOwnProperty.call(m, "capturedAtMs")) {
                    if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                        d.capturedAtMs = typeof m.capturedAtMs === "number" ? $BigInt(m.capturedAtMs) : $util.Long.fromBits(m.capturedAtMs.low >>> 0, m.capturedAtMs.high >>> 0, true).toBigInt();
                    else if (typeof m.capturedAtMs === "number")
                        d.capturedAtMs = o.longs === $String ? $String(m.capturedAtMs) : m.capturedAtMs;
                    else
                        d.capturedAtMs = o.longs === $String ? $util.Long.prototype.toString.call(m.capturedAtMs) : o.longs === $Number ? new $util.LongBits(m.capturedAtMs.low >>> 0, m.capturedAtMs.high >>> 0).toNumber(true) : m.capturedAtMs;
                }
                if (m.image != null && $Object.hasOwnProperty.call(m, "image")) {
                    d.image = $root.droidhub.v1.Image.toObject(m.image, o, q + 1);
                }
                if (m.painted && m.painted.length) {
                    d.painted = $Array(m.painted.length);
                    for (var j = 0; j < m.painted.length; ++j) {
                        d.painted[j] = $root.droidhub.v1.Bounds.toObject(m.painted[j], o, q + 1);
                    }
                }
                return d;
            };

            /**
             * Converts this StreamFrame to JSON.
             * @function toJSON
             * @memberof droidhub.v1.StreamFrame
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            StreamFrame.prototype.toJSON = function() {
                return StreamFrame.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for StreamFrame
             * @function getTypeUrl
             * @memberof droidhub.v1.StreamFrame
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            StreamFrame.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.StreamFrame";
            };

            return StreamFrame;
        })();

        v1.Battery = (function() {

            /**
             * Properties of a Battery.
             * @typedef {Object} droidhub.v1.Battery.$Properties
             * @property {number|null} [level] Battery level
             * @property {boolean|null} [charging] Battery charging
             * @property {number|null} [temperatureC] Battery temperatureC
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Battery.
             * @memberof droidhub.v1
             * @interface IBattery
             * @augments droidhub.v1.Battery.$Properties
             * @deprecated Use droidhub.v1.Battery.$Properties instead.
             */

            /**
             * Shape of a Battery.
             * @typedef {droidhub.v1.Battery.$Properties} droidhub.v1.Battery.$Shape
             */

            /**
             * Constructs a new Battery.
             * @memberof droidhub.v1
             * @classdesc Represents a Battery.
             * @constructor
             * @param {droidhub.v1.Battery.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Battery = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Battery level.
             * @member {number} level
             * @memberof droidhub.v1.Battery
             * @instance
             */
            Battery.prototype.level = 0;

            /**
             * Battery charging.
             * @member {boolean} charging
             * @memberof droidhub.v1.Battery
             * @instance
             */
            Battery.prototype.charging = false;

            /**
             * Battery temperatureC.
             * @member {number} temperatureC
             * @memberof droidhub.v1.Battery
             * @instance
             */
            Battery.prototype.temperatureC = 0;

            /**
             * Creates a new Battery instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Battery
             * @static
             * @param {droidhub.v1.Battery.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Battery} Battery instance
             * @type {{
             *   (properties: droidhub.v1.Battery.$Shape): droidhub.v1.Battery & droidhub.v1.Battery.$Shape;
             *   (properties?: droidhub.v1.Battery.$Properties): droidhub.v1.Battery;
             * }}
             */
            Battery.create = function(properties) {
                return new Battery(properties);
            };

            /**
             * Encodes the specified Battery message. Does not implicitly {@link droidhub.v1.Battery.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Battery
             * @static
             * @param {droidhub.v1.Battery.$Properties} m Battery message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Battery.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.level != null && $Object.hasOwnProperty.call(m, "level") && m.level !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.level);
                if (m.charging != null && $Object.hasOwnProperty.call(m, "charging") && m.charging !== false)
                    w.uint32(/* id 2, wireType 0 =*/16).bool(m.charging);
                if (m.temperatureC != null && $Object.hasOwnProperty.call(m, "temperatureC") && !$Object.is(m.temperatureC, 0))
                    w.uint32(/* id 3, wireType 5 =*/29).float(m.temperatureC);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Battery message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Battery
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Battery & droidhub.v1.Battery.$Shape} Battery
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Battery.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Battery();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.level = v;
                            else
                                delete m.level;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.charging = v;
                            else
                                delete m.charging;
                            continue;
                        }
                    case 3: {
                            if (u !== 5)
                                break;
                            if (!$Object.is(v = r.float(), 0))
                                m.temperatureC = v;
                            else
                                delete m.temperatureC;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Battery message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Battery
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Battery} Battery
             */
            Battery.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Battery)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Battery: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Battery();
                if (d.level != null) {
                    if ($Number(d.level) !== 0) {
                        m.level = d.level >>> 0;
                    }
                }
                if (d.charging != null) {
                    if (d.charging) {
                        m.charging = $Boolean(d.charging);
                    }
                }
                if (d.temperatureC != null) {
                    if (!$Object.is($Number(d.temperatureC), 0)) {
                        m.temperatureC = $Number(d.temperatureC);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a Battery message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Battery
             * @static
             * @param {droidhub.v1.Battery} m Battery
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Battery.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.level = 0;
                    d.charging = false;
                    d.temperatureC = 0;
                }
                if (m.level != null && $Object.hasOwnProperty.call(m, "level")) {
                    d.level = m.level;
                }
                if (m.charging != null && $Object.hasOwnProperty.call(m, "charging")) {
                    d.charging = m.charging;
                }
                if (m.temperatureC != null && $Object.hasOwnProperty.call(m, "temperatureC")) {
                    d.temperatureC = o.json && !$isFinite(m.temperatureC) ? $String(m.temperatureC) : m.temperatureC;
                }
                return d;
            };

            /**
             * Converts this Battery to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Battery
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Battery.prototype.toJSON = function() {
                return Battery.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Battery
             * @function getTypeUrl
             * @memberof droidhub.v1.Battery
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Battery.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Battery";
            };

            return Battery;
        })();

        /**
         * NetworkType enum.
         * @name droidhub.v1.NetworkType
         * @enum {number}
         * @property {number} NETWORK_TYPE_UNSPECIFIED=0 NETWORK_TYPE_UNSPECIFIED value
         * @property {number} NETWORK_TYPE_NONE=1 NETWORK_TYPE_NONE value
         * @property {number} NETWORK_TYPE_WIFI=2 NETWORK_TYPE_WIFI value
         * @property {number} NETWORK_TYPE_CELLULAR=3 NETWORK_TYPE_CELLULAR value
         * @property {number} NETWORK_TYPE_ETHERNET=4 NETWORK_TYPE_ETHERNET value
         * @property {number} NETWORK_TYPE_OTHER=5 NETWORK_TYPE_OTHER value
         */
        v1.NetworkType = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "NETWORK_TYPE_UNSPECIFIED"] = 0;
            values[valuesById[1] = "NETWORK_TYPE_NONE"] = 1;
            values[valuesById[2] = "NETWORK_TYPE_WIFI"] = 2;
            values[valuesById[3] = "NETWORK_TYPE_CELLULAR"] = 3;
            values[valuesById[4] = "NETWORK_TYPE_ETHERNET"] = 4;
            values[valuesById[5] = "NETWORK_TYPE_OTHER"] = 5;
            return values;
        })();

        v1.Network = (function() {

            /**
             * Properties of a Network.
             * @typedef {Object} droidhub.v1.Network.$Properties
             * @property {droidhub.v1.NetworkType|null} [type] Network type
             * @property {boolean|null} [metered] Network metered
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Network.
             * @memberof droidhub.v1
             * @interface INetwork
             * @augments droidhub.v1.Network.$Properties
             * @deprecated Use droidhub.v1.Network.$Properties instead.
             */

            /**
             * Shape of a Network.
             * @typedef {droidhub.v1.Network.$Properties} droidhub.v1.Network.$Shape
             */

            /**
             * Constructs a new Network.
             * @memberof droidhub.v1
             * @classdesc Represents a Network.
             * @constructor
             * @param {droidhub.v1.Network.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Network = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * Network type.
             * @member {droidhub.v1.NetworkType} type
             * @memberof droidhub.v1.Network
             * @instance
             */
            Network.prototype.type = 0;

            /**
             * Network metered.
             * @member {boolean} metered
             * @memberof droidhub.v1.Network
             * @instance
             */
            Network.prototype.metered = false;

            /**
             * Creates a new Network instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.Network
             * @static
             * @param {droidhub.v1.Network.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.Network} Network instance
             * @type {{
             *   (properties: droidhub.v1.Network.$Shape): droidhub.v1.Network & droidhub.v1.Network.$Shape;
             *   (properties?: droidhub.v1.Network.$Properties): droidhub.v1.Network;
             * }}
             */
            Network.create = function(properties) {
                return new Network(properties);
            };

            /**
             * Encodes the specified Network message. Does not implicitly {@link droidhub.v1.Network.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.Network
             * @static
             * @param {droidhub.v1.Network.$Properties} m Network message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Network.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.type != null && $Object.hasOwnProperty.call(m, "type") && m.type !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.type);
                if (m.metered != null && $Object.hasOwnProperty.call(m, "metered") && m.metered !== false)
                    w.uint32(/* id 2, wireType 0 =*/16).bool(m.metered);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a Network message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.Network
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.Network & droidhub.v1.Network.$Shape} Network
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Network.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.Network();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.type = v;
                            else
                                delete m.type;
                            continue;
                        }
                    case 2: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.metered = v;
                            else
                                delete m.metered;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a Network message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.Network
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.Network} Network
             */
            Network.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.Network)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.Network: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.Network();
                if (d.type !== 0 && (typeof d.type !== "string" || $root.droidhub.v1.NetworkType[d.type] !== 0)) {
                    switch (d.type) {
                    case "NETWORK_TYPE_UNSPECIFIED":
                    case 0:
                        m.type = 0;
                        break;
                    case "NETWORK_TYPE_NONE":
                    case 1:
                        m.type = 1;
                        break;
                    case "NETWORK_TYPE_WIFI":
                    case 2:
                        m.type = 2;
                        break;
                    case "NETWORK_TYPE_CELLULAR":
                    case 3:
                        m.type = 3;
                        break;
                    case "NETWORK_TYPE_ETHERNET":
                    case 4:
                        m.type = 4;
                        break;
                    case "NETWORK_TYPE_OTHER":
                    case 5:
                        m.type = 5;
                        break;
                    default:
                        if (typeof d.type === "number" && (d.type | 0) === d.type)
                            m.type = d.type;
                    }
                }
                if (d.metered != null) {
                    if (d.metered) {
                        m.metered = $Boolean(d.metered);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a Network message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.Network
             * @static
             * @param {droidhub.v1.Network} m Network
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            Network.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.type = o.enums === $String ? "NETWORK_TYPE_UNSPECIFIED" : 0;
                    d.metered = false;
                }
                if (m.type != null && $Object.hasOwnProperty.call(m, "type")) {
                    d.type = o.enums === $String ? $root.droidhub.v1.NetworkType[m.type] === $undefined ? m.type : $root.droidhub.v1.NetworkType[m.type] : m.type;
                }
                if (m.metered != null && $Object.hasOwnProperty.call(m, "metered")) {
                    d.metered = m.metered;
                }
                return d;
            };

            /**
             * Converts this Network to JSON.
             * @function toJSON
             * @memberof droidhub.v1.Network
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            Network.prototype.toJSON = function() {
                return Network.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for Network
             * @function getTypeUrl
             * @memberof droidhub.v1.Network
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Network.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.Network";
            };

            return Network;
        })();

        v1.ForegroundChanged = (function() {

            /**
             * Properties of a ForegroundChanged.
             * @typedef {Object} droidhub.v1.ForegroundChanged.$Properties
             * @property {string|null} [packageName] ForegroundChanged packageName
             * @property {string|null} [activity] ForegroundChanged activity
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ForegroundChanged.
             * @memberof droidhub.v1
             * @interface IForegroundChanged
             * @augments droidhub.v1.ForegroundChanged.$Properties
             * @deprecated Use droidhub.v1.ForegroundChanged.$Properties instead.
             */

            /**
             * Shape of a ForegroundChanged.
             * @typedef {droidhub.v1.ForegroundChanged.$Properties} droidhub.v1.ForegroundChanged.$Shape
             */

            /**
             * Constructs a new ForegroundChanged.
             * @memberof droidhub.v1
             * @classdesc Represents a ForegroundChanged.
             * @constructor
             * @param {droidhub.v1.ForegroundChanged.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ForegroundChanged = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * ForegroundChanged packageName.
             * @member {string} packageName
             * @memberof droidhub.v1.ForegroundChanged
             * @instance
             */
            ForegroundChanged.prototype.packageName = "";

            /**
             * ForegroundChanged activity.
             * @member {string} activity
             * @memberof droidhub.v1.ForegroundChanged
             * @instance
             */
            ForegroundChanged.prototype.activity = "";

            /**
             * Creates a new ForegroundChanged instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.ForegroundChanged
             * @static
             * @param {droidhub.v1.ForegroundChanged.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.ForegroundChanged} ForegroundChanged instance
             * @type {{
             *   (properties: droidhub.v1.ForegroundChanged.$Shape): droidhub.v1.ForegroundChanged & droidhub.v1.ForegroundChanged.$Shape;
             *   (properties?: droidhub.v1.ForegroundChanged.$Properties): droidhub.v1.ForegroundChanged;
             * }}
             */
            ForegroundChanged.create = function(properties) {
                return new ForegroundChanged(properties);
            };

            /**
             * Encodes the specified ForegroundChanged message. Does not implicitly {@link droidhub.v1.ForegroundChanged.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.ForegroundChanged
             * @static
             * @param {droidhub.v1.ForegroundChanged.$Properties} m ForegroundChanged message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ForegroundChanged.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName") && m.packageName !== "")
                    w.uint32(/* id 1, wireType 2 =*/10).string(m.packageName);
                if (m.activity != null && $Object.hasOwnProperty.call(m, "activity") && m.activity !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.activity);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a ForegroundChanged message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.ForegroundChanged
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.ForegroundChanged & droidhub.v1.ForegroundChanged.$Shape} ForegroundChanged
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ForegroundChanged.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.ForegroundChanged();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.packageName = v;
                            else
                                delete m.packageName;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.activity = v;
                            else
                                delete m.activity;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a ForegroundChanged message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.ForegroundChanged
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.ForegroundChanged} ForegroundChanged
             */
            ForegroundChanged.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.ForegroundChanged)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.ForegroundChanged: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.ForegroundChanged();
                if (d.packageName != null) {
                    if (typeof d.packageName !== "string" || d.packageName.length) {
                        m.packageName = $String(d.packageName);
                    }
                }
                if (d.activity != null) {
                    if (typeof d.activity !== "string" || d.activity.length) {
                        m.activity = $String(d.activity);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a ForegroundChanged message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.ForegroundChanged
             * @static
             * @param {droidhub.v1.ForegroundChanged} m ForegroundChanged
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ForegroundChanged.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.packageName = "";
                    d.activity = "";
                }
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName")) {
                    d.packageName = m.packageName;
                }
                if (m.activity != null && $Object.hasOwnProperty.call(m, "activity")) {
                    d.activity = m.activity;
                }
                return d;
            };

            /**
             * Converts this ForegroundChanged to JSON.
             * @function toJSON
             * @memberof droidhub.v1.ForegroundChanged
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ForegroundChanged.prototype.toJSON = function() {
                return ForegroundChanged.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for ForegroundChanged
             * @function getTypeUrl
             * @memberof droidhub.v1.ForegroundChanged
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            ForegroundChanged.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.ForegroundChanged";
            };

            return ForegroundChanged;
        })();

        v1.WindowContentChanged = (function() {

            /**
             * Properties of a WindowContentChanged.
             * @typedef {Object} droidhub.v1.WindowContentChanged.$Properties
             * @property {number|null} [windowId] WindowContentChanged windowId
             * @property {string|null} [packageName] WindowContentChanged packageName
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a WindowContentChanged.
             * @memberof droidhub.v1
             * @interface IWindowContentChanged
             * @augments droidhub.v1.WindowContentChanged.$Properties
             * @deprecated Use droidhub.v1.WindowContentChanged.$Properties instead.
             */

            /**
             * Shape of a WindowContentChanged.
             * @typedef {droidhub.v1.WindowContentChanged.$Properties} droidhub.v1.WindowContentChanged.$Shape
             */

            /**
             * Constructs a new WindowContentChanged.
             * @memberof droidhub.v1
             * @classdesc Represents a WindowContentChanged.
             * @constructor
             * @param {droidhub.v1.WindowContentChanged.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const WindowContentChanged = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * WindowContentChanged windowId.
             * @member {number} windowId
             * @memberof droidhub.v1.WindowContentChanged
             * @instance
             */
            WindowContentChanged.prototype.windowId = 0;

            /**
             * WindowContentChanged packageName.
             * @member {string} packageName
             * @memberof droidhub.v1.WindowContentChanged
             * @instance
             */
            WindowContentChanged.prototype.packageName = "";

            /**
             * Creates a new WindowContentChanged instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.WindowContentChanged
             * @static
             * @param {droidhub.v1.WindowContentChanged.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.WindowContentChanged} WindowContentChanged instance
             * @type {{
             *   (properties: droidhub.v1.WindowContentChanged.$Shape): droidhub.v1.WindowContentChanged & droidhub.v1.WindowContentChanged.$Shape;
             *   (properties?: droidhub.v1.WindowContentChanged.$Properties): droidhub.v1.WindowContentChanged;
             * }}
             */
            WindowContentChanged.create = function(properties) {
                return new WindowContentChanged(properties);
            };

            /**
             * Encodes the specified WindowContentChanged message. Does not implicitly {@link droidhub.v1.WindowContentChanged.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.WindowContentChanged
             * @static
             * @param {droidhub.v1.WindowContentChanged.$Properties} m WindowContentChanged message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            WindowContentChanged.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.windowId != null && $Object.hasOwnProperty.call(m, "windowId") && m.windowId !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).int32(m.windowId);
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName") && m.packageName !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.packageName);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a WindowContentChanged message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.WindowContentChanged
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.WindowContentChanged & droidhub.v1.WindowContentChanged.$Shape} WindowContentChanged
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            WindowContentChanged.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.WindowContentChanged();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.int32())
                                m.windowId = v;
                            else
                                delete m.windowId;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.packageName = v;
                            else
                                delete m.packageName;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a WindowContentChanged message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.WindowContentChanged
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.WindowContentChanged} WindowContentChanged
             */
            WindowContentChanged.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.WindowContentChanged)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.WindowContentChanged: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.WindowContentChanged();
                if (d.windowId != null) {
                    if ($Number(d.windowId) !== 0) {
                        m.windowId = d.windowId | 0;
                    }
                }
                if (d.packageName != null) {
                    if (typeof d.packageName !== "string" || d.packageName.length) {
                        m.packageName = $String(d.packageName);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a WindowContentChanged message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.WindowContentChanged
             * @static
             * @param {droidhub.v1.WindowContentChanged} m WindowContentChanged
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            WindowContentChanged.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.windowId = 0;
                    d.packageName = "";
                }
                if (m.windowId != null && $Object.hasOwnProperty.call(m, "windowId")) {
                    d.windowId = m.windowId;
                }
                if (m.packageName != null && $Object.hasOwnProperty.call(m, "packageName")) {
                    d.packageName = m.packageName;
                }
                return d;
            };

            /**
             * Converts this WindowContentChanged to JSON.
             * @function toJSON
             * @memberof droidhub.v1.WindowContentChanged
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            WindowContentChanged.prototype.toJSON = function() {
                return WindowContentChanged.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for WindowContentChanged
             * @function getTypeUrl
             * @memberof droidhub.v1.WindowContentChanged
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            WindowContentChanged.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.WindowContentChanged";
            };

            return WindowContentChanged;
        })();

        v1.KeyboardChanged = (function() {

            /**
             * Properties of a KeyboardChanged.
             * @typedef {Object} droidhub.v1.KeyboardChanged.$Properties
             * @property {boolean|null} [shown] KeyboardChanged shown
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a KeyboardChanged.
             * @memberof droidhub.v1
             * @interface IKeyboardChanged
             * @augments droidhub.v1.KeyboardChanged.$Properties
             * @deprecated Use droidhub.v1.KeyboardChanged.$Properties instead.
             */

            /**
             * Shape of a KeyboardChanged.
             * @typedef {droidhub.v1.KeyboardChanged.$Properties} droidhub.v1.KeyboardChanged.$Shape
             */

            /**
             * Constructs a new KeyboardChanged.
             * @memberof droidhub.v1
             * @classdesc Represents a KeyboardChanged.
             * @constructor
             * @param {droidhub.v1.KeyboardChanged.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const KeyboardChanged = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * KeyboardChanged shown.
             * @member {boolean} shown
             * @memberof droidhub.v1.KeyboardChanged
             * @instance
             */
            KeyboardChanged.prototype.shown = false;

            /**
             * Creates a new KeyboardChanged instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.KeyboardChanged
             * @static
             * @param {droidhub.v1.KeyboardChanged.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.KeyboardChanged} KeyboardChanged instance
             * @type {{
             *   (properties: droidhub.v1.KeyboardChanged.$Shape): droidhub.v1.KeyboardChanged & droidhub.v1.KeyboardChanged.$Shape;
             *   (properties?: droidhub.v1.KeyboardChanged.$Properties): droidhub.v1.KeyboardChanged;
             * }}
             */
            KeyboardChanged.create = function(properties) {
                return new KeyboardChanged(properties);
            };

            /**
             * Encodes the specified KeyboardChanged message. Does not implicitly {@link droidhub.v1.KeyboardChanged.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.KeyboardChanged
             * @static
             * @param {droidhub.v1.KeyboardChanged.$Properties} m KeyboardChanged message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            KeyboardChanged.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.shown != null && $Object.hasOwnProperty.call(m, "shown") && m.shown !== false)
                    w.uint32(/* id 1, wireType 0 =*/8).bool(m.shown);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a KeyboardChanged message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.KeyboardChanged
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.KeyboardChanged & droidhub.v1.KeyboardChanged.$Shape} KeyboardChanged
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            KeyboardChanged.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.KeyboardChanged();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.shown = v;
                            else
                                delete m.shown;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a KeyboardChanged message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.KeyboardChanged
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.KeyboardChanged} KeyboardChanged
             */
            KeyboardChanged.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.KeyboardChanged)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.KeyboardChanged: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.KeyboardChanged();
                if (d.shown != null) {
                    if (d.shown) {
                        m.shown = $Boolean(d.shown);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a KeyboardChanged message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.KeyboardChanged
             * @static
             * @param {droidhub.v1.KeyboardChanged} m KeyboardChanged
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            KeyboardChanged.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.shown = false;
                }
                if (m.shown != null && $Object.hasOwnProperty.call(m, "shown")) {
                    d.shown = m.shown;
                }
                return d;
            };

            /**
             * Converts this KeyboardChanged to JSON.
             * @function toJSON
             * @memberof droidhub.v1.KeyboardChanged
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            KeyboardChanged.prototype.toJSON = function() {
                return KeyboardChanged.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for KeyboardChanged
             * @function getTypeUrl
             * @memberof droidhub.v1.KeyboardChanged
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            KeyboardChanged.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.KeyboardChanged";
            };

            return KeyboardChanged;
        })();

        v1.ScreenChanged = (function() {

            /**
             * Properties of a ScreenChanged.
             * @typedef {Object} droidhub.v1.ScreenChanged.$Properties
             * @property {boolean|null} [on] ScreenChanged on
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ScreenChanged.
             * @memberof droidhub.v1
             * @interface IScreenChanged
             * @augments droidhub.v1.ScreenChanged.$Properties
             * @deprecated Use droidhub.v1.ScreenChanged.$Properties instead.
             */

            /**
             * Shape of a ScreenChanged.
             * @typedef {droidhub.v1.ScreenChanged.$Properties} droidhub.v1.ScreenChanged.$Shape
             */

            /**
             * Constructs a new ScreenChanged.
             * @memberof droidhub.v1
             * @classdesc Represents a ScreenChanged.
             * @constructor
             * @param {droidhub.v1.ScreenChanged.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ScreenChanged = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * ScreenChanged on.
             * @member {boolean} on
             * @memberof droidhub.v1.ScreenChanged
             * @instance
             */
            ScreenChanged.prototype.on = false;

            /**
             * Creates a new ScreenChanged instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.ScreenChanged
             * @static
             * @param {droidhub.v1.ScreenChanged.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.ScreenChanged} ScreenChanged instance
             * @type {{
             *   (properties: droidhub.v1.ScreenChanged.$Shape): droidhub.v1.ScreenChanged & droidhub.v1.ScreenChanged.$Shape;
             *   (properties?: droidhub.v1.ScreenChanged.$Properties): droidhub.v1.ScreenChanged;
             * }}
             */
            ScreenChanged.create = function(properties) {
                return new ScreenChanged(properties);
            };

            /**
             * Encodes the specified ScreenChanged message. Does not implicitly {@link droidhub.v1.ScreenChanged.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.ScreenChanged
             * @static
             * @param {droidhub.v1.ScreenChanged.$Properties} m ScreenChanged message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ScreenChanged.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.on != null && $Object.hasOwnProperty.call(m, "on") && m.on !== false)
                    w.uint32(/* id 1, wireType 0 =*/8).bool(m.on);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a ScreenChanged message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.ScreenChanged
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.ScreenChanged & droidhub.v1.ScreenChanged.$Shape} ScreenChanged
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ScreenChanged.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.ScreenChanged();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.on = v;
                            else
                                delete m.on;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a ScreenChanged message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.ScreenChanged
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.ScreenChanged} ScreenChanged
             */
            ScreenChanged.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.ScreenChanged)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.ScreenChanged: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.ScreenChanged();
                if (d.on != null) {
                    if (d.on) {
                        m.on = $Boolean(d.on);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a ScreenChanged message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.ScreenChanged
             * @static
             * @param {droidhub.v1.ScreenChanged} m ScreenChanged
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            ScreenChanged.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.on = false;
                }
                if (m.on != null && $Object.hasOwnProperty.call(m, "on")) {
                    d.on = m.on;
                }
                return d;
            };

            /**
             * Converts this ScreenChanged to JSON.
             * @function toJSON
             * @memberof droidhub.v1.ScreenChanged
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            ScreenChanged.prototype.toJSON = function() {
                return ScreenChanged.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for ScreenChanged
             * @function getTypeUrl
             * @memberof droidhub.v1.ScreenChanged
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            ScreenChanged.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.ScreenChanged";
            };

            return ScreenChanged;
        })();

        v1.AccessibilityChanged = (function() {

            /**
             * Properties of an AccessibilityChanged.
             * @typedef {Object} droidhub.v1.AccessibilityChanged.$Properties
             * @property {boolean|null} [enabled] AccessibilityChanged enabled
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an AccessibilityChanged.
             * @memberof droidhub.v1
             * @interface IAccessibilityChanged
             * @augments droidhub.v1.AccessibilityChanged.$Properties
             * @deprecated Use droidhub.v1.AccessibilityChanged.$Properties instead.
             */

            /**
             * Shape of an AccessibilityChanged.
             * @typedef {droidhub.v1.AccessibilityChanged.$Properties} droidhub.v1.AccessibilityChanged.$Shape
             */

            /**
             * Constructs a new AccessibilityChanged.
             * @memberof droidhub.v1
             * @classdesc Represents an AccessibilityChanged.
             * @constructor
             * @param {droidhub.v1.AccessibilityChanged.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const AccessibilityChanged = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * AccessibilityChanged enabled.
             * @member {boolean} enabled
             * @memberof droidhub.v1.AccessibilityChanged
             * @instance
             */
            AccessibilityChanged.prototype.enabled = false;

            /**
             * Creates a new AccessibilityChanged instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.AccessibilityChanged
             * @static
             * @param {droidhub.v1.AccessibilityChanged.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.AccessibilityChanged} AccessibilityChanged instance
             * @type {{
             *   (properties: droidhub.v1.AccessibilityChanged.$Shape): droidhub.v1.AccessibilityChanged & droidhub.v1.AccessibilityChanged.$Shape;
             *   (properties?: droidhub.v1.AccessibilityChanged.$Properties): droidhub.v1.AccessibilityChanged;
             * }}
             */
            AccessibilityChanged.create = function(properties) {
                return new AccessibilityChanged(properties);
            };

            /**
             * Encodes the specified AccessibilityChanged message. Does not implicitly {@link droidhub.v1.AccessibilityChanged.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.AccessibilityChanged
             * @static
             * @param {droidhub.v1.AccessibilityChanged.$Properties} m AccessibilityChanged message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            AccessibilityChanged.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.enabled != null && $Object.hasOwnProperty.call(m, "enabled") && m.enabled !== false)
                    w.uint32(/* id 1, wireType 0 =*/8).bool(m.enabled);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes an AccessibilityChanged message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.AccessibilityChanged
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.AccessibilityChanged & droidhub.v1.AccessibilityChanged.$Shape} AccessibilityChanged
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            AccessibilityChanged.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.AccessibilityChanged();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.bool())
                                m.enabled = v;
                            else
                                delete m.enabled;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates an AccessibilityChanged message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.AccessibilityChanged
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.AccessibilityChanged} AccessibilityChanged
             */
            AccessibilityChanged.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.AccessibilityChanged)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.AccessibilityChanged: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.AccessibilityChanged();
                if (d.enabled != null) {
                    if (d.enabled) {
                        m.enabled = $Boolean(d.enabled);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from an AccessibilityChanged message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.AccessibilityChanged
             * @static
             * @param {droidhub.v1.AccessibilityChanged} m AccessibilityChanged
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            AccessibilityChanged.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.enabled = false;
                }
                if (m.enabled != null && $Object.hasOwnProperty.call(m, "enabled")) {
                    d.enabled = m.enabled;
                }
                return d;
            };

            /**
             * Converts this AccessibilityChanged to JSON.
             * @function toJSON
             * @memberof droidhub.v1.AccessibilityChanged
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            AccessibilityChanged.prototype.toJSON = function() {
                return AccessibilityChanged.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for AccessibilityChanged
             * @function getTypeUrl
             * @memberof droidhub.v1.AccessibilityChanged
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            AccessibilityChanged.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.AccessibilityChanged";
            };

            return AccessibilityChanged;
        })();

        v1.StreamStopped = (function() {

            /**
             * Properties of a StreamStopped.
             * @typedef {Object} droidhub.v1.StreamStopped.$Properties
             * @property {number|null} [streamId] StreamStopped streamId
             * @property {string|null} [reason] StreamStopped reason
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a StreamStopped.
             * @memberof droidhub.v1
             * @interface IStreamStopped
             * @augments droidhub.v1.StreamStopped.$Properties
             * @deprecated Use droidhub.v1.StreamStopped.$Properties instead.
             */

            /**
             * Shape of a StreamStopped.
             * @typedef {droidhub.v1.StreamStopped.$Properties} droidhub.v1.StreamStopped.$Shape
             */

            /**
             * Constructs a new StreamStopped.
             * @memberof droidhub.v1
             * @classdesc Represents a StreamStopped.
             * @constructor
             * @param {droidhub.v1.StreamStopped.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const StreamStopped = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * StreamStopped streamId.
             * @member {number} streamId
             * @memberof droidhub.v1.StreamStopped
             * @instance
             */
            StreamStopped.prototype.streamId = 0;

            /**
             * StreamStopped reason.
             * @member {string} reason
             * @memberof droidhub.v1.StreamStopped
             * @instance
             */
            StreamStopped.prototype.reason = "";

            /**
             * Creates a new StreamStopped instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.StreamStopped
             * @static
             * @param {droidhub.v1.StreamStopped.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.StreamStopped} StreamStopped instance
             * @type {{
             *   (properties: droidhub.v1.StreamStopped.$Shape): droidhub.v1.StreamStopped & droidhub.v1.StreamStopped.$Shape;
             *   (properties?: droidhub.v1.StreamStopped.$Properties): droidhub.v1.StreamStopped;
             * }}
             */
            StreamStopped.create = function(properties) {
                return new StreamStopped(properties);
            };

            /**
             * Encodes the specified StreamStopped message. Does not implicitly {@link droidhub.v1.StreamStopped.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.StreamStopped
             * @static
             * @param {droidhub.v1.StreamStopped.$Properties} m StreamStopped message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            StreamStopped.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId") && m.streamId !== 0)
                    w.uint32(/* id 1, wireType 0 =*/8).uint32(m.streamId);
                if (m.reason != null && $Object.hasOwnProperty.call(m, "reason") && m.reason !== "")
                    w.uint32(/* id 2, wireType 2 =*/18).string(m.reason);
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a StreamStopped message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.StreamStopped
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.StreamStopped & droidhub.v1.StreamStopped.$Shape} StreamStopped
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            StreamStopped.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.StreamStopped();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (v = r.uint32())
                                m.streamId = v;
                            else
                                delete m.streamId;
                            continue;
                        }
                    case 2: {
                            if (u !== 2)
                                break;
                            if ((v = r.stringVerify()).length)
                                m.reason = v;
                            else
                                delete m.reason;
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a StreamStopped message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.StreamStopped
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.StreamStopped} StreamStopped
             */
            StreamStopped.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.StreamStopped)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.StreamStopped: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.StreamStopped();
                if (d.streamId != null) {
                    if ($Number(d.streamId) !== 0) {
                        m.streamId = d.streamId >>> 0;
                    }
                }
                if (d.reason != null) {
                    if (typeof d.reason !== "string" || d.reason.length) {
                        m.reason = $String(d.reason);
                    }
                }
                return m;
            };

            /**
             * Creates a plain object from a StreamStopped message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.StreamStopped
             * @static
             * @param {droidhub.v1.StreamStopped} m StreamStopped
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            StreamStopped.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    d.streamId = 0;
                    d.reason = "";
                }
                if (m.streamId != null && $Object.hasOwnProperty.call(m, "streamId")) {
                    d.streamId = m.streamId;
                }
                if (m.reason != null && $Object.hasOwnProperty.call(m, "reason")) {
                    d.reason = m.reason;
                }
                return d;
            };

            /**
             * Converts this StreamStopped to JSON.
             * @function toJSON
             * @memberof droidhub.v1.StreamStopped
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            StreamStopped.prototype.toJSON = function() {
                return StreamStopped.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for StreamStopped
             * @function getTypeUrl
             * @memberof droidhub.v1.StreamStopped
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            StreamStopped.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.StreamStopped";
            };

            return StreamStopped;
        })();

        v1.DeviceEvent = (function() {

            /**
             * Properties of a DeviceEvent.
             * @typedef {Object} droidhub.v1.DeviceEvent.$Properties
             * @property {number|null} [atMs] DeviceEvent atMs
             * @property {droidhub.v1.ForegroundChanged.$Properties|null} [foreground] DeviceEvent foreground
             * @property {droidhub.v1.WindowContentChanged.$Properties|null} [content] DeviceEvent content
             * @property {droidhub.v1.KeyboardChanged.$Properties|null} [keyboard] DeviceEvent keyboard
             * @property {droidhub.v1.ScreenChanged.$Properties|null} [screen] DeviceEvent screen
             * @property {droidhub.v1.Battery.$Properties|null} [battery] DeviceEvent battery
             * @property {droidhub.v1.Network.$Properties|null} [network] DeviceEvent network
             * @property {droidhub.v1.AccessibilityChanged.$Properties|null} [accessibility] DeviceEvent accessibility
             * @property {droidhub.v1.StreamStopped.$Properties|null} [streamStopped] DeviceEvent streamStopped
             * @property {"foreground"|"content"|"keyboard"|"screen"|"battery"|"network"|"accessibility"|"streamStopped"} [kind] DeviceEvent kind
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a DeviceEvent.
             * @memberof droidhub.v1
             * @interface IDeviceEvent
             * @augments droidhub.v1.DeviceEvent.$Properties
             * @deprecated Use droidhub.v1.DeviceEvent.$Properties instead.
             */

            /**
             * Narrowed shape of a DeviceEvent.
             * @typedef {{
             *   atMs?: number|null;
             *   foreground?: droidhub.v1.ForegroundChanged.$Shape|null;
             *   content?: droidhub.v1.WindowContentChanged.$Shape|null;
             *   keyboard?: droidhub.v1.KeyboardChanged.$Shape|null;
             *   screen?: droidhub.v1.ScreenChanged.$Shape|null;
             *   battery?: droidhub.v1.Battery.$Shape|null;
             *   network?: droidhub.v1.Network.$Shape|null;
             *   accessibility?: droidhub.v1.AccessibilityChanged.$Shape|null;
             *   streamStopped?: droidhub.v1.StreamStopped.$Shape|null;
             *   $unknowns?: Array.<Uint8Array>;
             * } & (
             *   ({ kind?: undefined; foreground?: null; content?: null; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "foreground"; foreground: droidhub.v1.ForegroundChanged.$Shape; content?: null; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "content"; foreground?: null; content: droidhub.v1.WindowContentChanged.$Shape; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "keyboard"; foreground?: null; content?: null; keyboard: droidhub.v1.KeyboardChanged.$Shape; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "screen"; foreground?: null; content?: null; keyboard?: null; screen: droidhub.v1.ScreenChanged.$Shape; battery?: null; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "battery"; foreground?: null; content?: null; keyboard?: null; screen?: null; battery: droidhub.v1.Battery.$Shape; network?: null; accessibility?: null; streamStopped?: null }|{ kind?: "network"; foreground?: null; content?: null; keyboard?: null; screen?: null; battery?: null; network: droidhub.v1.Network.$Shape; accessibility?: null; streamStopped?: null }|{ kind?: "accessibility"; foreground?: null; content?: null; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility: droidhub.v1.AccessibilityChanged.$Shape; streamStopped?: null }|{ kind?: "streamStopped"; foreground?: null; content?: null; keyboard?: null; screen?: null; battery?: null; network?: null; accessibility?: null; streamStopped: droidhub.v1.StreamStopped.$Shape })
             * )} droidhub.v1.DeviceEvent.$Shape
             */

            /**
             * Constructs a new DeviceEvent.
             * @memberof droidhub.v1
             * @classdesc Represents a DeviceEvent.
             * @constructor
             * @param {droidhub.v1.DeviceEvent.$Properties=} [p] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const DeviceEvent = function (p) {
                if (p)
                    for (var ks = $Object.keys(p), i = 0; i < ks.length; ++i)
                        if (p[ks[i]] != null && ks[i] !== "__proto__")
                            this[ks[i]] = p[ks[i]];
            };

            /**
             * DeviceEvent atMs.
             * @member {number} atMs
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.atMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * DeviceEvent foreground.
             * @member {droidhub.v1.ForegroundChanged.$Properties|null|undefined} foreground
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.foreground = null;

            /**
             * DeviceEvent content.
             * @member {droidhub.v1.WindowContentChanged.$Properties|null|undefined} content
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.content = null;

            /**
             * DeviceEvent keyboard.
             * @member {droidhub.v1.KeyboardChanged.$Properties|null|undefined} keyboard
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.keyboard = null;

            /**
             * DeviceEvent screen.
             * @member {droidhub.v1.ScreenChanged.$Properties|null|undefined} screen
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.screen = null;

            /**
             * DeviceEvent battery.
             * @member {droidhub.v1.Battery.$Properties|null|undefined} battery
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.battery = null;

            /**
             * DeviceEvent network.
             * @member {droidhub.v1.Network.$Properties|null|undefined} network
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.network = null;

            /**
             * DeviceEvent accessibility.
             * @member {droidhub.v1.AccessibilityChanged.$Properties|null|undefined} accessibility
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.accessibility = null;

            /**
             * DeviceEvent streamStopped.
             * @member {droidhub.v1.StreamStopped.$Properties|null|undefined} streamStopped
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            DeviceEvent.prototype.streamStopped = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            /**
             * DeviceEvent kind.
             * @member {"foreground"|"content"|"keyboard"|"screen"|"battery"|"network"|"accessibility"|"streamStopped"|undefined} kind
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             */
            $Object.defineProperty(DeviceEvent.prototype, "kind", {
                get: $util.oneOfGetter($oneOfFields = ["foreground", "content", "keyboard", "screen", "battery", "network", "accessibility", "streamStopped"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new DeviceEvent instance using the specified properties.
             * @function create
             * @memberof droidhub.v1.DeviceEvent
             * @static
             * @param {droidhub.v1.DeviceEvent.$Properties=} [properties] Properties to set
             * @returns {droidhub.v1.DeviceEvent} DeviceEvent instance
             * @type {{
             *   (properties: droidhub.v1.DeviceEvent.$Shape): droidhub.v1.DeviceEvent & droidhub.v1.DeviceEvent.$Shape;
             *   (properties?: droidhub.v1.DeviceEvent.$Properties): droidhub.v1.DeviceEvent;
             * }}
             */
            DeviceEvent.create = function(properties) {
                return new DeviceEvent(properties);
            };

            /**
             * Encodes the specified DeviceEvent message. Does not implicitly {@link droidhub.v1.DeviceEvent.verify|verify} messages.
             * @function encode
             * @memberof droidhub.v1.DeviceEvent
             * @static
             * @param {droidhub.v1.DeviceEvent.$Properties} m DeviceEvent message or plain object to encode
             * @param {$protobuf.Writer} [w] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            DeviceEvent.encode = function (m, w, q) {
                if (!w)
                    w = $Writer.create();
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (m.atMs != null && $Object.hasOwnProperty.call(m, "atMs") && (typeof m.atMs === "object" ? m.atMs.low || m.atMs.high : m.atMs !== 0))
                    w.uint32(/* id 1, wireType 0 =*/8).uint64(m.atMs);
                if (m.foreground != null && $Object.hasOwnProperty.call(m, "foreground"))
                    $root.droidhub.v1.ForegroundChanged.encode(m.foreground, w.uint32(/* id 10, wireType 2 =*/82).fork(), q + 1).ldelim();
                if (m.content != null && $Object.hasOwnProperty.call(m, "content"))
                    $root.droidhub.v1.WindowContentChanged.encode(m.content, w.uint32(/* id 11, wireType 2 =*/90).fork(), q + 1).ldelim();
                if (m.keyboard != null && $Object.hasOwnProperty.call(m, "keyboard"))
                    $root.droidhub.v1.KeyboardChanged.encode(m.keyboard, w.uint32(/* id 12, wireType 2 =*/98).fork(), q + 1).ldelim();
                if (m.screen != null && $Object.hasOwnProperty.call(m, "screen"))
                    $root.droidhub.v1.ScreenChanged.encode(m.screen, w.uint32(/* id 13, wireType 2 =*/106).fork(), q + 1).ldelim();
                if (m.battery != null && $Object.hasOwnProperty.call(m, "battery"))
                    $root.droidhub.v1.Battery.encode(m.battery, w.uint32(/* id 14, wireType 2 =*/114).fork(), q + 1).ldelim();
                if (m.network != null && $Object.hasOwnProperty.call(m, "network"))
                    $root.droidhub.v1.Network.encode(m.network, w.uint32(/* id 15, wireType 2 =*/122).fork(), q + 1).ldelim();
                if (m.accessibility != null && $Object.hasOwnProperty.call(m, "accessibility"))
                    $root.droidhub.v1.AccessibilityChanged.encode(m.accessibility, w.uint32(/* id 16, wireType 2 =*/130).fork(), q + 1).ldelim();
                if (m.streamStopped != null && $Object.hasOwnProperty.call(m, "streamStopped"))
                    $root.droidhub.v1.StreamStopped.encode(m.streamStopped, w.uint32(/* id 17, wireType 2 =*/138).fork(), q + 1).ldelim();
                if (m.$unknowns != null && $Object.hasOwnProperty.call(m, "$unknowns"))
                    for (var i = 0; i < m.$unknowns.length; ++i)
                        w.raw(m.$unknowns[i]);
                return w;
            };

            /**
             * Decodes a DeviceEvent message from the specified reader or buffer.
             * @function decode
             * @memberof droidhub.v1.DeviceEvent
             * @static
             * @param {$protobuf.Reader|Uint8Array} r Reader or buffer to decode from
             * @param {number} [l] Message length if known beforehand
             * @returns {droidhub.v1.DeviceEvent & droidhub.v1.DeviceEvent.$Shape} DeviceEvent
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            DeviceEvent.decode = function (r, l, z, q, g) {
                if (!(r instanceof $Reader))
                    r = $Reader.create(r);
                if (q === $undefined)
                    q = 0;
                if (q > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                var c, m, v;
                if (l === $undefined)
                    c = r.len;
                else {
                    c = r.pos + l;
                    if (c > r.len)
                        throw $RangeError("index out of range");
                    l = r.len;
                    r.len = c;
                }
                m = g || new $root.droidhub.v1.DeviceEvent();
                while (r.pos < c) {
                    var s = r.pos;
                    var t = r.tag();
                    if (t === z) {
                        z = $undefined;
                        break;
                    }
                    var u = t & 7;
                    switch (t >>>= 3) {
                    case 1: {
                            if (u !== 0)
                                break;
                            if (typeof (v = r.uint64()) === "object" ? v.low || v.high : v !== 0)
                                m.atMs = v;
                            else
                                delete m.atMs;
                            continue;
                        }
                    case 10: {
                            if (u !== 2)
                                break;
                            m.foreground = $root.droidhub.v1.ForegroundChanged.decode(r, r.size(), $undefined, q + 1, m.foreground);
                            m.kind = "foreground";
                            continue;
                        }
                    case 11: {
                            if (u !== 2)
                                break;
                            m.content = $root.droidhub.v1.WindowContentChanged.decode(r, r.size(), $undefined, q + 1, m.content);
                            m.kind = "content";
                            continue;
                        }
                    case 12: {
                            if (u !== 2)
                                break;
                            m.keyboard = $root.droidhub.v1.KeyboardChanged.decode(r, r.size(), $undefined, q + 1, m.keyboard);
                            m.kind = "keyboard";
                            continue;
                        }
                    case 13: {
                            if (u !== 2)
                                break;
                            m.screen = $root.droidhub.v1.ScreenChanged.decode(r, r.size(), $undefined, q + 1, m.screen);
                            m.kind = "screen";
                            continue;
                        }
                    case 14: {
                            if (u !== 2)
                                break;
                            m.battery = $root.droidhub.v1.Battery.decode(r, r.size(), $undefined, q + 1, m.battery);
                            m.kind = "battery";
                            continue;
                        }
                    case 15: {
                            if (u !== 2)
                                break;
                            m.network = $root.droidhub.v1.Network.decode(r, r.size(), $undefined, q + 1, m.network);
                            m.kind = "network";
                            continue;
                        }
                    case 16: {
                            if (u !== 2)
                                break;
                            m.accessibility = $root.droidhub.v1.AccessibilityChanged.decode(r, r.size(), $undefined, q + 1, m.accessibility);
                            m.kind = "accessibility";
                            continue;
                        }
                    case 17: {
                            if (u !== 2)
                                break;
                            m.streamStopped = $root.droidhub.v1.StreamStopped.decode(r, r.size(), $undefined, q + 1, m.streamStopped);
                            m.kind = "streamStopped";
                            continue;
                        }
                    }
                    r.skipType(u, q, t);
                    if (!r.discardUnknown) {
                        $util.makeProp(m, "$unknowns", false);
                        (m.$unknowns || (m.$unknowns = [])).push(r.raw(s, r.pos));
                    }
                }
                if (l !== $undefined) {
                    if (r.pos !== c)
                        throw $RangeError("index out of range");
                    r.len = l;
                }
                if (z !== $undefined)
                    throw $Error("missing end group");
                return m;
            };

            /**
             * Creates a DeviceEvent message from a plain object. Also converts values to their respective internal types.
             * @function fromObject
             * @memberof droidhub.v1.DeviceEvent
             * @static
             * @param {Object.<string,*>} d Plain object
             * @returns {droidhub.v1.DeviceEvent} DeviceEvent
             */
            DeviceEvent.fromObject = function (d, q) {
                if (d instanceof $root.droidhub.v1.DeviceEvent)
                    return d;
                if (!$util.isObject(d))
                    throw $TypeError(".droidhub.v1.DeviceEvent: object expected");
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var m = new $root.droidhub.v1.DeviceEvent();
                if (d.atMs != null) {
                    if (typeof d.atMs === "object" ? d.atMs.low || d.atMs.high : $Number(d.atMs) !== 0) {
                        if ($util.Long)
                            m.atMs = $util.Long.fromValue(d.atMs, true);
                        else if (typeof d.atMs === "string")
                            m.atMs = $parseInt(d.atMs, 10);
                        else if (typeof d.atMs === "number")
                            m.atMs = d.atMs;
                        else if (typeof d.atMs === "object")
                            m.atMs = new $util.LongBits(d.atMs.low >>> 0, d.atMs.high >>> 0).toNumber(true);
                    }
                }
                if (d.foreground != null) {
                    if (!$util.isObject(d.foreground))
                        throw $TypeError(".droidhub.v1.DeviceEvent.foreground: object expected");
                    m.foreground = $root.droidhub.v1.ForegroundChanged.fromObject(d.foreground, q + 1);
                }
                if (d.content != null) {
                    if (!$util.isObject(d.content))
                        throw $TypeError(".droidhub.v1.DeviceEvent.content: object expected");
                    m.content = $root.droidhub.v1.WindowContentChanged.fromObject(d.content, q + 1);
                }
                if (d.keyboard != null) {
                    if (!$util.isObject(d.keyboard))
                        throw $TypeError(".droidhub.v1.DeviceEvent.keyboard: object expected");
                    m.keyboard = $root.droidhub.v1.KeyboardChanged.fromObject(d.keyboard, q + 1);
                }
                if (d.screen != null) {
                    if (!$util.isObject(d.screen))
                        throw $TypeError(".droidhub.v1.DeviceEvent.screen: object expected");
                    m.screen = $root.droidhub.v1.ScreenChanged.fromObject(d.screen, q + 1);
                }
                if (d.battery != null) {
                    if (!$util.isObject(d.battery))
                        throw $TypeError(".droidhub.v1.DeviceEvent.battery: object expected");
                    m.battery = $root.droidhub.v1.Battery.fromObject(d.battery, q + 1);
                }
                if (d.network != null) {
                    if (!$util.isObject(d.network))
                        throw $TypeError(".droidhub.v1.DeviceEvent.network: object expected");
                    m.network = $root.droidhub.v1.Network.fromObject(d.network, q + 1);
                }
                if (d.accessibility != null) {
                    if (!$util.isObject(d.accessibility))
                        throw $TypeError(".droidhub.v1.DeviceEvent.accessibility: object expected");
                    m.accessibility = $root.droidhub.v1.AccessibilityChanged.fromObject(d.accessibility, q + 1);
                }
                if (d.streamStopped != null) {
                    if (!$util.isObject(d.streamStopped))
                        throw $TypeError(".droidhub.v1.DeviceEvent.streamStopped: object expected");
                    m.streamStopped = $root.droidhub.v1.StreamStopped.fromObject(d.streamStopped, q + 1);
                }
                return m;
            };

            /**
             * Creates a plain object from a DeviceEvent message. Also converts values to other types if specified.
             * @function toObject
             * @memberof droidhub.v1.DeviceEvent
             * @static
             * @param {droidhub.v1.DeviceEvent} m DeviceEvent
             * @param {$protobuf.IConversionOptions} [o] Conversion options
             * @returns {Object.<string,*>} Plain object
             */
            DeviceEvent.toObject = function (m, o, q) {
                if (!o)
                    o = {};
                if (q === $undefined)
                    q = 0;
                if (q > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                var d = {};
                if (o.defaults) {
                    if ($util.Long) {
                        var n = new $util.Long(0, 0, true);
                        d.atMs = o.longs === $String ? n.toString() : o.longs === $Number ? n.toNumber() : typeof $BigInt !== "undefined" && o.longs === $BigInt ? n.toBigInt() : n;
                    } else
                        d.atMs = o.longs === $String ? "0" : typeof $BigInt !== "undefined" && o.longs === $BigInt ? $BigInt("0") : 0;
                }
                if (m.atMs != null && $Object.hasOwnProperty.call(m, "atMs")) {
                    if (typeof $BigInt !== "undefined" && o.longs === $BigInt)
                        d.atMs = typeof m.atMs === "number" ? $BigInt(m.atMs) : $util.Long.fromBits(m.atMs.low >>> 0, m.atMs.high >>> 0, true).toBigInt();
                    else if (typeof m.atMs === "number")
                        d.atMs = o.longs === $String ? $String(m.atMs) : m.atMs;
                    else
                        d.atMs = o.longs === $String ? $util.Long.prototype.toString.call(m.atMs) : o.longs === $Number ? new $util.LongBits(m.atMs.low >>> 0, m.atMs.high >>> 0).toNumber(true) : m.atMs;
                }
                if (m.foreground != null && $Object.hasOwnProperty.call(m, "foreground")) {
                    d.foreground = $root.droidhub.v1.ForegroundChanged.toObject(m.foreground, o, q + 1);
                    if (o.oneofs)
                        d.kind = "foreground";
                }
                if (m.content != null && $Object.hasOwnProperty.call(m, "content")) {
                    d.content = $root.droidhub.v1.WindowContentChanged.toObject(m.content, o, q + 1);
                    if (o.oneofs)
                        d.kind = "content";
                }
                if (m.keyboard != null && $Object.hasOwnProperty.call(m, "keyboard")) {
                    d.keyboard = $root.droidhub.v1.KeyboardChanged.toObject(m.keyboard, o, q + 1);
                    if (o.oneofs)
                        d.kind = "keyboard";
                }
                if (m.screen != null && $Object.hasOwnProperty.call(m, "screen")) {
                    d.screen = $root.droidhub.v1.ScreenChanged.toObject(m.screen, o, q + 1);
                    if (o.oneofs)
                        d.kind = "screen";
                }
                if (m.battery != null && $Object.hasOwnProperty.call(m, "battery")) {
                    d.battery = $root.droidhub.v1.Battery.toObject(m.battery, o, q + 1);
                    if (o.oneofs)
                        d.kind = "battery";
                }
                if (m.network != null && $Object.hasOwnProperty.call(m, "network")) {
                    d.network = $root.droidhub.v1.Network.toObject(m.network, o, q + 1);
                    if (o.oneofs)
                        d.kind = "network";
                }
                if (m.accessibility != null && $Object.hasOwnProperty.call(m, "accessibility")) {
                    d.accessibility = $root.droidhub.v1.AccessibilityChanged.toObject(m.accessibility, o, q + 1);
                    if (o.oneofs)
                        d.kind = "accessibility";
                }
                if (m.streamStopped != null && $Object.hasOwnProperty.call(m, "streamStopped")) {
                    d.streamStopped = $root.droidhub.v1.StreamStopped.toObject(m.streamStopped, o, q + 1);
                    if (o.oneofs)
                        d.kind = "streamStopped";
                }
                return d;
            };

            /**
             * Converts this DeviceEvent to JSON.
             * @function toJSON
             * @memberof droidhub.v1.DeviceEvent
             * @instance
             * @returns {Object.<string,*>} JSON object
             */
            DeviceEvent.prototype.toJSON = function() {
                return DeviceEvent.toObject(this, $protobuf.util.toJSONOptions);
            };

            /**
             * Gets the type url for DeviceEvent
             * @function getTypeUrl
             * @memberof droidhub.v1.DeviceEvent
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            DeviceEvent.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/droidhub.v1.DeviceEvent";
            };

            return DeviceEvent;
        })();

        return v1;
    })();

    return droidhub;
})();

export {
  $root as default
};
