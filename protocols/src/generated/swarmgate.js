/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "./protobufMinimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const swarmgate = $root.swarmgate = (() => {

    /**
     * Namespace swarmgate.
     * @exports swarmgate
     * @namespace
     */
    const swarmgate = {};

    swarmgate.v1 = (function() {

        /**
         * Namespace v1.
         * @memberof swarmgate
         * @namespace
         */
        const v1 = {};

        v1.ProtocolVersion = (function() {

            /**
             * Properties of a ProtocolVersion.
             * @typedef {Object} swarmgate.v1.ProtocolVersion.$Properties
             * @property {number|null} [major] ProtocolVersion major
             * @property {number|null} [minor] ProtocolVersion minor
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ProtocolVersion.
             * @memberof swarmgate.v1
             * @interface IProtocolVersion
             * @augments swarmgate.v1.ProtocolVersion.$Properties
             * @deprecated Use swarmgate.v1.ProtocolVersion.$Properties instead.
             */

            /**
             * Shape of a ProtocolVersion.
             * @typedef {swarmgate.v1.ProtocolVersion.$Properties} swarmgate.v1.ProtocolVersion.$Shape
             */

            /**
             * Constructs a new ProtocolVersion.
             * @memberof swarmgate.v1
             * @classdesc Represents a ProtocolVersion.
             * @constructor
             * @param {swarmgate.v1.ProtocolVersion.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ProtocolVersion = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * ProtocolVersion major.
             * @member {number} major
             * @memberof swarmgate.v1.ProtocolVersion
             * @instance
             */
            ProtocolVersion.prototype.major = 0;

            /**
             * ProtocolVersion minor.
             * @member {number} minor
             * @memberof swarmgate.v1.ProtocolVersion
             * @instance
             */
            ProtocolVersion.prototype.minor = 0;

            /**
             * Creates a new ProtocolVersion instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.ProtocolVersion
             * @static
             * @param {swarmgate.v1.ProtocolVersion.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.ProtocolVersion} ProtocolVersion instance
             * @type {{
             *   (properties: swarmgate.v1.ProtocolVersion.$Shape): swarmgate.v1.ProtocolVersion & swarmgate.v1.ProtocolVersion.$Shape;
             *   (properties?: swarmgate.v1.ProtocolVersion.$Properties): swarmgate.v1.ProtocolVersion;
             * }}
             */
            ProtocolVersion.create = function(properties) {
                return new ProtocolVersion(properties);
            };

            /**
             * Encodes the specified ProtocolVersion message. Does not implicitly {@link swarmgate.v1.ProtocolVersion.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.ProtocolVersion
             * @static
             * @param {swarmgate.v1.ProtocolVersion.$Properties} message ProtocolVersion message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ProtocolVersion.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.major != null && $Object.hasOwnProperty.call(message, "major") && message.major !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.major);
                if (message.minor != null && $Object.hasOwnProperty.call(message, "minor") && message.minor !== 0)
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.minor);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a ProtocolVersion message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.ProtocolVersion
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.ProtocolVersion & swarmgate.v1.ProtocolVersion.$Shape} ProtocolVersion
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ProtocolVersion.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.ProtocolVersion();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.major = value;
                            else
                                delete message.major;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.minor = value;
                            else
                                delete message.minor;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return ProtocolVersion;
        })();

        v1.Pose = (function() {

            /**
             * Properties of a Pose.
             * @typedef {Object} swarmgate.v1.Pose.$Properties
             * @property {number|null} [xM] Pose xM
             * @property {number|null} [yM] Pose yM
             * @property {number|null} [headingRad] Pose headingRad
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Pose.
             * @memberof swarmgate.v1
             * @interface IPose
             * @augments swarmgate.v1.Pose.$Properties
             * @deprecated Use swarmgate.v1.Pose.$Properties instead.
             */

            /**
             * Shape of a Pose.
             * @typedef {swarmgate.v1.Pose.$Properties} swarmgate.v1.Pose.$Shape
             */

            /**
             * Constructs a new Pose.
             * @memberof swarmgate.v1
             * @classdesc Represents a Pose.
             * @constructor
             * @param {swarmgate.v1.Pose.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Pose = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Pose xM.
             * @member {number} xM
             * @memberof swarmgate.v1.Pose
             * @instance
             */
            Pose.prototype.xM = 0;

            /**
             * Pose yM.
             * @member {number} yM
             * @memberof swarmgate.v1.Pose
             * @instance
             */
            Pose.prototype.yM = 0;

            /**
             * Pose headingRad.
             * @member {number} headingRad
             * @memberof swarmgate.v1.Pose
             * @instance
             */
            Pose.prototype.headingRad = 0;

            /**
             * Creates a new Pose instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Pose
             * @static
             * @param {swarmgate.v1.Pose.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Pose} Pose instance
             * @type {{
             *   (properties: swarmgate.v1.Pose.$Shape): swarmgate.v1.Pose & swarmgate.v1.Pose.$Shape;
             *   (properties?: swarmgate.v1.Pose.$Properties): swarmgate.v1.Pose;
             * }}
             */
            Pose.create = function(properties) {
                return new Pose(properties);
            };

            /**
             * Encodes the specified Pose message. Does not implicitly {@link swarmgate.v1.Pose.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Pose
             * @static
             * @param {swarmgate.v1.Pose.$Properties} message Pose message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Pose.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.xM != null && $Object.hasOwnProperty.call(message, "xM") && !$Object.is(message.xM, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.xM);
                if (message.yM != null && $Object.hasOwnProperty.call(message, "yM") && !$Object.is(message.yM, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.yM);
                if (message.headingRad != null && $Object.hasOwnProperty.call(message, "headingRad") && !$Object.is(message.headingRad, 0))
                    writer.uint32(/* id 3, wireType 5 =*/29).float(message.headingRad);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Pose message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Pose
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Pose & swarmgate.v1.Pose.$Shape} Pose
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Pose.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Pose();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.xM = value;
                            else
                                delete message.xM;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.yM = value;
                            else
                                delete message.yM;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.headingRad = value;
                            else
                                delete message.headingRad;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Pose;
        })();

        v1.Capabilities = (function() {

            /**
             * Properties of a Capabilities.
             * @typedef {Object} swarmgate.v1.Capabilities.$Properties
             * @property {number|null} [maxWheelSpeedMps] Capabilities maxWheelSpeedMps
             * @property {number|null} [wheelBaseM] Capabilities wheelBaseM
             * @property {number|null} [wheelRadiusM] Capabilities wheelRadiusM
             * @property {number|null} [encoderTicksPerRev] Capabilities encoderTicksPerRev
             * @property {number|null} [bodyDiameterM] Capabilities bodyDiameterM
             * @property {Array.<string>|null} [sensors] Capabilities sensors
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Capabilities.
             * @memberof swarmgate.v1
             * @interface ICapabilities
             * @augments swarmgate.v1.Capabilities.$Properties
             * @deprecated Use swarmgate.v1.Capabilities.$Properties instead.
             */

            /**
             * Shape of a Capabilities.
             * @typedef {swarmgate.v1.Capabilities.$Properties} swarmgate.v1.Capabilities.$Shape
             */

            /**
             * Constructs a new Capabilities.
             * @memberof swarmgate.v1
             * @classdesc Represents a Capabilities.
             * @constructor
             * @param {swarmgate.v1.Capabilities.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Capabilities = function (properties) {
                this.sensors = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Capabilities maxWheelSpeedMps.
             * @member {number} maxWheelSpeedMps
             * @memberof swarmgate.v1.Capabilities
             * @instance
             */
            Capabilities.prototype.maxWheelSpeedMps = 0;

            /**
             * Capabilities wheelBaseM.
             * @member {number} wheelBaseM
             * @memberof swarmgate.v1.Capabilities
             * @instance
             */
            Capabilities.prototype.wheelBaseM = 0;

            /**
             * Capabilities wheelRadiusM.
             * @member {number} wheelRadiusM
             * @memberof swarmgate.v1.Capabilities
             * @instance
             */
            Capabilities.prototype.wheelRadiusM = 0;

            /**
             * Capabilities encoderTicksPerRev.
             * @member {number} encoderTicksPerRev
             * @memberof swarmgate.v1.Capabilities
             * @instance
             */
            Capabilities.prototype.encoderTicksPerRev = 0;

            /**
             * Capabilities bodyDiameterM.
             * @member {number} bodyDiameterM
             * @memberof swarmgate.v1.Capabilities
             * @instance
             */
            Capabilities.prototype.bodyDiameterM = 0;

            /**
             * Capabilities sensors.
             * @member {Array.<string>} sensors
             * @memberof swarmgate.v1.Capabilities
             * @instance
             */
            Capabilities.prototype.sensors = $util.emptyArray;

            /**
             * Creates a new Capabilities instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Capabilities
             * @static
             * @param {swarmgate.v1.Capabilities.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Capabilities} Capabilities instance
             * @type {{
             *   (properties: swarmgate.v1.Capabilities.$Shape): swarmgate.v1.Capabilities & swarmgate.v1.Capabilities.$Shape;
             *   (properties?: swarmgate.v1.Capabilities.$Properties): swarmgate.v1.Capabilities;
             * }}
             */
            Capabilities.create = function(properties) {
                return new Capabilities(properties);
            };

            /**
             * Encodes the specified Capabilities message. Does not implicitly {@link swarmgate.v1.Capabilities.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Capabilities
             * @static
             * @param {swarmgate.v1.Capabilities.$Properties} message Capabilities message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Capabilities.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.maxWheelSpeedMps != null && $Object.hasOwnProperty.call(message, "maxWheelSpeedMps") && !$Object.is(message.maxWheelSpeedMps, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.maxWheelSpeedMps);
                if (message.wheelBaseM != null && $Object.hasOwnProperty.call(message, "wheelBaseM") && !$Object.is(message.wheelBaseM, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.wheelBaseM);
                if (message.wheelRadiusM != null && $Object.hasOwnProperty.call(message, "wheelRadiusM") && !$Object.is(message.wheelRadiusM, 0))
                    writer.uint32(/* id 3, wireType 5 =*/29).float(message.wheelRadiusM);
                if (message.encoderTicksPerRev != null && $Object.hasOwnProperty.call(message, "encoderTicksPerRev") && message.encoderTicksPerRev !== 0)
                    writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.encoderTicksPerRev);
                if (message.bodyDiameterM != null && $Object.hasOwnProperty.call(message, "bodyDiameterM") && !$Object.is(message.bodyDiameterM, 0))
                    writer.uint32(/* id 5, wireType 5 =*/45).float(message.bodyDiameterM);
                if (message.sensors != null && message.sensors.length)
                    for (let i = 0; i < message.sensors.length; ++i)
                        writer.uint32(/* id 6, wireType 2 =*/50).string(message.sensors[i]);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Capabilities message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Capabilities
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Capabilities & swarmgate.v1.Capabilities.$Shape} Capabilities
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Capabilities.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Capabilities();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.maxWheelSpeedMps = value;
                            else
                                delete message.maxWheelSpeedMps;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.wheelBaseM = value;
                            else
                                delete message.wheelBaseM;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.wheelRadiusM = value;
                            else
                                delete message.wheelRadiusM;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.encoderTicksPerRev = value;
                            else
                                delete message.encoderTicksPerRev;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.bodyDiameterM = value;
                            else
                                delete message.bodyDiameterM;
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            if (!(message.sensors && message.sensors.length))
                                message.sensors = [];
                            message.sensors.push(reader.stringVerify());
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Capabilities;
        })();

        v1.Birth = (function() {

            /**
             * Properties of a Birth.
             * @typedef {Object} swarmgate.v1.Birth.$Properties
             * @property {string|null} [model] Birth model
             * @property {string|null} [firmwareVersion] Birth firmwareVersion
             * @property {swarmgate.v1.ProtocolVersion.$Properties|null} [protocolVersion] Birth protocolVersion
             * @property {swarmgate.v1.Capabilities.$Properties|null} [capabilities] Birth capabilities
             * @property {number|null} [session] Birth session
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Birth.
             * @memberof swarmgate.v1
             * @interface IBirth
             * @augments swarmgate.v1.Birth.$Properties
             * @deprecated Use swarmgate.v1.Birth.$Properties instead.
             */

            /**
             * Shape of a Birth.
             * @typedef {swarmgate.v1.Birth.$Properties} swarmgate.v1.Birth.$Shape
             */

            /**
             * Constructs a new Birth.
             * @memberof swarmgate.v1
             * @classdesc Represents a Birth.
             * @constructor
             * @param {swarmgate.v1.Birth.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Birth = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Birth model.
             * @member {string} model
             * @memberof swarmgate.v1.Birth
             * @instance
             */
            Birth.prototype.model = "";

            /**
             * Birth firmwareVersion.
             * @member {string} firmwareVersion
             * @memberof swarmgate.v1.Birth
             * @instance
             */
            Birth.prototype.firmwareVersion = "";

            /**
             * Birth protocolVersion.
             * @member {swarmgate.v1.ProtocolVersion.$Properties|null|undefined} protocolVersion
             * @memberof swarmgate.v1.Birth
             * @instance
             */
            Birth.prototype.protocolVersion = null;

            /**
             * Birth capabilities.
             * @member {swarmgate.v1.Capabilities.$Properties|null|undefined} capabilities
             * @memberof swarmgate.v1.Birth
             * @instance
             */
            Birth.prototype.capabilities = null;

            /**
             * Birth session.
             * @member {number} session
             * @memberof swarmgate.v1.Birth
             * @instance
             */
            Birth.prototype.session = 0;

            /**
             * Creates a new Birth instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Birth
             * @static
             * @param {swarmgate.v1.Birth.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Birth} Birth instance
             * @type {{
             *   (properties: swarmgate.v1.Birth.$Shape): swarmgate.v1.Birth & swarmgate.v1.Birth.$Shape;
             *   (properties?: swarmgate.v1.Birth.$Properties): swarmgate.v1.Birth;
             * }}
             */
            Birth.create = function(properties) {
                return new Birth(properties);
            };

            /**
             * Encodes the specified Birth message. Does not implicitly {@link swarmgate.v1.Birth.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Birth
             * @static
             * @param {swarmgate.v1.Birth.$Properties} message Birth message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Birth.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.model != null && $Object.hasOwnProperty.call(message, "model") && message.model !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.model);
                if (message.firmwareVersion != null && $Object.hasOwnProperty.call(message, "firmwareVersion") && message.firmwareVersion !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.firmwareVersion);
                if (message.protocolVersion != null && $Object.hasOwnProperty.call(message, "protocolVersion"))
                    $root.swarmgate.v1.ProtocolVersion.encode(message.protocolVersion, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                if (message.capabilities != null && $Object.hasOwnProperty.call(message, "capabilities"))
                    $root.swarmgate.v1.Capabilities.encode(message.capabilities, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                if (message.session != null && $Object.hasOwnProperty.call(message, "session") && message.session !== 0)
                    writer.uint32(/* id 5, wireType 0 =*/40).uint32(message.session);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Birth message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Birth
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Birth & swarmgate.v1.Birth.$Shape} Birth
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Birth.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Birth();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.model = value;
                            else
                                delete message.model;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.firmwareVersion = value;
                            else
                                delete message.firmwareVersion;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            message.protocolVersion = $root.swarmgate.v1.ProtocolVersion.decode(reader, reader.size(), $undefined, _depth + 1, message.protocolVersion);
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            message.capabilities = $root.swarmgate.v1.Capabilities.decode(reader, reader.size(), $undefined, _depth + 1, message.capabilities);
                            continue;
                        }
                    case 5: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.session = value;
                            else
                                delete message.session;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Birth;
        })();

        v1.Death = (function() {

            /**
             * Properties of a Death.
             * @typedef {Object} swarmgate.v1.Death.$Properties
             * @property {number|null} [session] Death session
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Death.
             * @memberof swarmgate.v1
             * @interface IDeath
             * @augments swarmgate.v1.Death.$Properties
             * @deprecated Use swarmgate.v1.Death.$Properties instead.
             */

            /**
             * Shape of a Death.
             * @typedef {swarmgate.v1.Death.$Properties} swarmgate.v1.Death.$Shape
             */

            /**
             * Constructs a new Death.
             * @memberof swarmgate.v1
             * @classdesc Represents a Death.
             * @constructor
             * @param {swarmgate.v1.Death.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Death = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Death session.
             * @member {number} session
             * @memberof swarmgate.v1.Death
             * @instance
             */
            Death.prototype.session = 0;

            /**
             * Creates a new Death instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Death
             * @static
             * @param {swarmgate.v1.Death.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Death} Death instance
             * @type {{
             *   (properties: swarmgate.v1.Death.$Shape): swarmgate.v1.Death & swarmgate.v1.Death.$Shape;
             *   (properties?: swarmgate.v1.Death.$Properties): swarmgate.v1.Death;
             * }}
             */
            Death.create = function(properties) {
                return new Death(properties);
            };

            /**
             * Encodes the specified Death message. Does not implicitly {@link swarmgate.v1.Death.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Death
             * @static
             * @param {swarmgate.v1.Death.$Properties} message Death message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Death.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.session != null && $Object.hasOwnProperty.call(message, "session") && message.session !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.session);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Death message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Death
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Death & swarmgate.v1.Death.$Shape} Death
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Death.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Death();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.session = value;
                            else
                                delete message.session;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Death;
        })();

        v1.Battery = (function() {

            /**
             * Properties of a Battery.
             * @typedef {Object} swarmgate.v1.Battery.$Properties
             * @property {number|null} [volts] Battery volts
             * @property {number|null} [fraction] Battery fraction
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Battery.
             * @memberof swarmgate.v1
             * @interface IBattery
             * @augments swarmgate.v1.Battery.$Properties
             * @deprecated Use swarmgate.v1.Battery.$Properties instead.
             */

            /**
             * Shape of a Battery.
             * @typedef {swarmgate.v1.Battery.$Properties} swarmgate.v1.Battery.$Shape
             */

            /**
             * Constructs a new Battery.
             * @memberof swarmgate.v1
             * @classdesc Represents a Battery.
             * @constructor
             * @param {swarmgate.v1.Battery.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Battery = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Battery volts.
             * @member {number} volts
             * @memberof swarmgate.v1.Battery
             * @instance
             */
            Battery.prototype.volts = 0;

            /**
             * Battery fraction.
             * @member {number} fraction
             * @memberof swarmgate.v1.Battery
             * @instance
             */
            Battery.prototype.fraction = 0;

            /**
             * Creates a new Battery instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Battery
             * @static
             * @param {swarmgate.v1.Battery.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Battery} Battery instance
             * @type {{
             *   (properties: swarmgate.v1.Battery.$Shape): swarmgate.v1.Battery & swarmgate.v1.Battery.$Shape;
             *   (properties?: swarmgate.v1.Battery.$Properties): swarmgate.v1.Battery;
             * }}
             */
            Battery.create = function(properties) {
                return new Battery(properties);
            };

            /**
             * Encodes the specified Battery message. Does not implicitly {@link swarmgate.v1.Battery.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Battery
             * @static
             * @param {swarmgate.v1.Battery.$Properties} message Battery message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Battery.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.volts != null && $Object.hasOwnProperty.call(message, "volts") && !$Object.is(message.volts, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.volts);
                if (message.fraction != null && $Object.hasOwnProperty.call(message, "fraction") && !$Object.is(message.fraction, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.fraction);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Battery message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Battery
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Battery & swarmgate.v1.Battery.$Shape} Battery
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Battery.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Battery();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.volts = value;
                            else
                                delete message.volts;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.fraction = value;
                            else
                                delete message.fraction;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Battery;
        })();

        /**
         * TelemetryFlag enum.
         * @name swarmgate.v1.TelemetryFlag
         * @enum {number}
         * @property {number} TELEMETRY_FLAG_NONE=0 TELEMETRY_FLAG_NONE value
         * @property {number} TELEMETRY_FLAG_MOTORS_ENABLED=1 TELEMETRY_FLAG_MOTORS_ENABLED value
         * @property {number} TELEMETRY_FLAG_WATCHDOG_STOP=2 TELEMETRY_FLAG_WATCHDOG_STOP value
         * @property {number} TELEMETRY_FLAG_EMERGENCY_STOP=4 TELEMETRY_FLAG_EMERGENCY_STOP value
         * @property {number} TELEMETRY_FLAG_LOW_BATTERY=8 TELEMETRY_FLAG_LOW_BATTERY value
         * @property {number} TELEMETRY_FLAG_CHARGING=16 TELEMETRY_FLAG_CHARGING value
         */
        v1.TelemetryFlag = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "TELEMETRY_FLAG_NONE"] = 0;
            values[valuesById[1] = "TELEMETRY_FLAG_MOTORS_ENABLED"] = 1;
            values[valuesById[2] = "TELEMETRY_FLAG_WATCHDOG_STOP"] = 2;
            values[valuesById[4] = "TELEMETRY_FLAG_EMERGENCY_STOP"] = 4;
            values[valuesById[8] = "TELEMETRY_FLAG_LOW_BATTERY"] = 8;
            values[valuesById[16] = "TELEMETRY_FLAG_CHARGING"] = 16;
            return values;
        })();

        v1.Telemetry = (function() {

            /**
             * Properties of a Telemetry.
             * @typedef {Object} swarmgate.v1.Telemetry.$Properties
             * @property {number|null} [encoderLeftTicks] Telemetry encoderLeftTicks
             * @property {number|null} [encoderRightTicks] Telemetry encoderRightTicks
             * @property {swarmgate.v1.Pose.$Properties|null} [odometry] Telemetry odometry
             * @property {Array.<number>|null} [irRangesM] Telemetry irRangesM
             * @property {swarmgate.v1.Battery.$Properties|null} [battery] Telemetry battery
             * @property {number|null} [imuYawRateRadps] Telemetry imuYawRateRadps
             * @property {number|null} [flags] Telemetry flags
             * @property {number|null} [ledRgb] Telemetry ledRgb
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Telemetry.
             * @memberof swarmgate.v1
             * @interface ITelemetry
             * @augments swarmgate.v1.Telemetry.$Properties
             * @deprecated Use swarmgate.v1.Telemetry.$Properties instead.
             */

            /**
             * Shape of a Telemetry.
             * @typedef {swarmgate.v1.Telemetry.$Properties} swarmgate.v1.Telemetry.$Shape
             */

            /**
             * Constructs a new Telemetry.
             * @memberof swarmgate.v1
             * @classdesc Represents a Telemetry.
             * @constructor
             * @param {swarmgate.v1.Telemetry.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Telemetry = function (properties) {
                this.irRangesM = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Telemetry encoderLeftTicks.
             * @member {number} encoderLeftTicks
             * @memberof swarmgate.v1.Telemetry
             * @instance
             */
            Telemetry.prototype.encoderLeftTicks = 0;

            /**
             * Telemetry encoderRightTicks.
             * @member {number} encoderRightTicks
             * @memberof swarmgate.v1.Telemetry
             * @instance
             */
            Telemetry.prototype.encoderRightTicks = 0;

            /**
             * Telemetry odometry.
             * @member {swarmgate.v1.Pose.$Properties|null|undefined} odometry
             * @memberof swarmgate.v1.Telemetry
             * @instance
             */
            Telemetry.prototype.odometry = null;

            /**
             * Telemetry irRangesM.
             * @member {Array.<number>} irRangesM
             * @memberof swarmgate.v1.Telemetry
             * @instance
             */
            Telemetry.prototype.irRangesM = $util.emptyArray;

            /**
             * Telemetry battery.
             * @member {swarmgate.v1.Battery.$Properties|null|undefined} battery
             * @memberof swarmgate.v1.Telemetry
             * @instance
             */
            Telemetry.prototype.battery = null;

            /**
             * Telemetry imuYawRateRadps.
             * @member {number} imuYawRateRadps
             * @memberof swarmgate.v1.Telemetry
             * @instance
             */
            Telemetry.prototype.imuYawRateRadps = 0;

            /**
             * Telemetry flags.
             * @member {number} flags
             * @memberof swarmgate.v1.Telemetry
             * @instance
             */
            Telemetry.prototype.flags = 0;

            /**
             * Telemetry ledRgb.
             * @member {number} ledRgb
             * @memberof swarmgate.v1.Telemetry
             * @instance
             */
            Telemetry.prototype.ledRgb = 0;

            /**
             * Creates a new Telemetry instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Telemetry
             * @static
             * @param {swarmgate.v1.Telemetry.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Telemetry} Telemetry instance
             * @type {{
             *   (properties: swarmgate.v1.Telemetry.$Shape): swarmgate.v1.Telemetry & swarmgate.v1.Telemetry.$Shape;
             *   (properties?: swarmgate.v1.Telemetry.$Properties): swarmgate.v1.Telemetry;
             * }}
             */
            Telemetry.create = function(properties) {
                return new Telemetry(properties);
            };

            /**
             * Encodes the specified Telemetry message. Does not implicitly {@link swarmgate.v1.Telemetry.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Telemetry
             * @static
             * @param {swarmgate.v1.Telemetry.$Properties} message Telemetry message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Telemetry.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.encoderLeftTicks != null && $Object.hasOwnProperty.call(message, "encoderLeftTicks") && message.encoderLeftTicks !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).int32(message.encoderLeftTicks);
                if (message.encoderRightTicks != null && $Object.hasOwnProperty.call(message, "encoderRightTicks") && message.encoderRightTicks !== 0)
                    writer.uint32(/* id 2, wireType 0 =*/16).int32(message.encoderRightTicks);
                if (message.odometry != null && $Object.hasOwnProperty.call(message, "odometry"))
                    $root.swarmgate.v1.Pose.encode(message.odometry, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                if (message.irRangesM != null && message.irRangesM.length)
                    writer.uint32(/* id 4, wireType 2 =*/34).floats(message.irRangesM);
                if (message.battery != null && $Object.hasOwnProperty.call(message, "battery"))
                    $root.swarmgate.v1.Battery.encode(message.battery, writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                if (message.imuYawRateRadps != null && $Object.hasOwnProperty.call(message, "imuYawRateRadps") && !$Object.is(message.imuYawRateRadps, 0))
                    writer.uint32(/* id 7, wireType 5 =*/61).float(message.imuYawRateRadps);
                if (message.flags != null && $Object.hasOwnProperty.call(message, "flags") && message.flags !== 0)
                    writer.uint32(/* id 8, wireType 0 =*/64).uint32(message.flags);
                if (message.ledRgb != null && $Object.hasOwnProperty.call(message, "ledRgb") && message.ledRgb !== 0)
                    writer.uint32(/* id 9, wireType 0 =*/72).uint32(message.ledRgb);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Telemetry message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Telemetry
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Telemetry & swarmgate.v1.Telemetry.$Shape} Telemetry
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Telemetry.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Telemetry();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.encoderLeftTicks = value;
                            else
                                delete message.encoderLeftTicks;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.encoderRightTicks = value;
                            else
                                delete message.encoderRightTicks;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            message.odometry = $root.swarmgate.v1.Pose.decode(reader, reader.size(), $undefined, _depth + 1, message.odometry);
                            continue;
                        }
                    case 4: {
                            if (wireType === 2) {
                                if (!(message.irRangesM && message.irRangesM.length))
                                    message.irRangesM = [];
                                reader.floats(message.irRangesM);
                                continue;
                            }
                            if (wireType !== 5)
                                break;
                            if (!(message.irRangesM && message.irRangesM.length))
                                message.irRangesM = [];
                            message.irRangesM.push(reader.float());
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            message.battery = $root.swarmgate.v1.Battery.decode(reader, reader.size(), $undefined, _depth + 1, message.battery);
                            continue;
                        }
                    case 7: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.imuYawRateRadps = value;
                            else
                                delete message.imuYawRateRadps;
                            continue;
                        }
                    case 8: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.flags = value;
                            else
                                delete message.flags;
                            continue;
                        }
                    case 9: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.ledRgb = value;
                            else
                                delete message.ledRgb;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Telemetry;
        })();

        v1.TrackerPose = (function() {

            /**
             * Properties of a TrackerPose.
             * @typedef {Object} swarmgate.v1.TrackerPose.$Properties
             * @property {number|null} [xM] TrackerPose xM
             * @property {number|null} [yM] TrackerPose yM
             * @property {number|null} [headingRad] TrackerPose headingRad
             * @property {number|null} [trackerTimestampMs] TrackerPose trackerTimestampMs
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a TrackerPose.
             * @memberof swarmgate.v1
             * @interface ITrackerPose
             * @augments swarmgate.v1.TrackerPose.$Properties
             * @deprecated Use swarmgate.v1.TrackerPose.$Properties instead.
             */

            /**
             * Shape of a TrackerPose.
             * @typedef {swarmgate.v1.TrackerPose.$Properties} swarmgate.v1.TrackerPose.$Shape
             */

            /**
             * Constructs a new TrackerPose.
             * @memberof swarmgate.v1
             * @classdesc Represents a TrackerPose.
             * @constructor
             * @param {swarmgate.v1.TrackerPose.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const TrackerPose = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * TrackerPose xM.
             * @member {number} xM
             * @memberof swarmgate.v1.TrackerPose
             * @instance
             */
            TrackerPose.prototype.xM = 0;

            /**
             * TrackerPose yM.
             * @member {number} yM
             * @memberof swarmgate.v1.TrackerPose
             * @instance
             */
            TrackerPose.prototype.yM = 0;

            /**
             * TrackerPose headingRad.
             * @member {number} headingRad
             * @memberof swarmgate.v1.TrackerPose
             * @instance
             */
            TrackerPose.prototype.headingRad = 0;

            /**
             * TrackerPose trackerTimestampMs.
             * @member {number} trackerTimestampMs
             * @memberof swarmgate.v1.TrackerPose
             * @instance
             */
            TrackerPose.prototype.trackerTimestampMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Creates a new TrackerPose instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.TrackerPose
             * @static
             * @param {swarmgate.v1.TrackerPose.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.TrackerPose} TrackerPose instance
             * @type {{
             *   (properties: swarmgate.v1.TrackerPose.$Shape): swarmgate.v1.TrackerPose & swarmgate.v1.TrackerPose.$Shape;
             *   (properties?: swarmgate.v1.TrackerPose.$Properties): swarmgate.v1.TrackerPose;
             * }}
             */
            TrackerPose.create = function(properties) {
                return new TrackerPose(properties);
            };

            /**
             * Encodes the specified TrackerPose message. Does not implicitly {@link swarmgate.v1.TrackerPose.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.TrackerPose
             * @static
             * @param {swarmgate.v1.TrackerPose.$Properties} message TrackerPose message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            TrackerPose.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.xM != null && $Object.hasOwnProperty.call(message, "xM") && !$Object.is(message.xM, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.xM);
                if (message.yM != null && $Object.hasOwnProperty.call(message, "yM") && !$Object.is(message.yM, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.yM);
                if (message.headingRad != null && $Object.hasOwnProperty.call(message, "headingRad") && !$Object.is(message.headingRad, 0))
                    writer.uint32(/* id 3, wireType 5 =*/29).float(message.headingRad);
                if (message.trackerTimestampMs != null && $Object.hasOwnProperty.call(message, "trackerTimestampMs") && (typeof message.trackerTimestampMs === "object" ? message.trackerTimestampMs.low || message.trackerTimestampMs.high : message.trackerTimestampMs !== 0))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.trackerTimestampMs);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a TrackerPose message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.TrackerPose
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.TrackerPose & swarmgate.v1.TrackerPose.$Shape} TrackerPose
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            TrackerPose.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.TrackerPose();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.xM = value;
                            else
                                delete message.xM;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.yM = value;
                            else
                                delete message.yM;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.headingRad = value;
                            else
                                delete message.headingRad;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.trackerTimestampMs = value;
                            else
                                delete message.trackerTimestampMs;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return TrackerPose;
        })();

        /**
         * RobotStatus enum.
         * @name swarmgate.v1.RobotStatus
         * @enum {number}
         * @property {number} ROBOT_STATUS_UNSPECIFIED=0 ROBOT_STATUS_UNSPECIFIED value
         * @property {number} ROBOT_STATUS_IDLE=1 ROBOT_STATUS_IDLE value
         * @property {number} ROBOT_STATUS_MOVING=2 ROBOT_STATUS_MOVING value
         * @property {number} ROBOT_STATUS_ROTATING=3 ROBOT_STATUS_ROTATING value
         * @property {number} ROBOT_STATUS_DRIVING=4 ROBOT_STATUS_DRIVING value
         */
        v1.RobotStatus = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "ROBOT_STATUS_UNSPECIFIED"] = 0;
            values[valuesById[1] = "ROBOT_STATUS_IDLE"] = 1;
            values[valuesById[2] = "ROBOT_STATUS_MOVING"] = 2;
            values[valuesById[3] = "ROBOT_STATUS_ROTATING"] = 3;
            values[valuesById[4] = "ROBOT_STATUS_DRIVING"] = 4;
            return values;
        })();

        v1.Collision = (function() {

            /**
             * Properties of a Collision.
             * @typedef {Object} swarmgate.v1.Collision.$Properties
             * @property {boolean|null} [started] Collision started
             * @property {boolean|null} [touching] Collision touching
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Collision.
             * @memberof swarmgate.v1
             * @interface ICollision
             * @augments swarmgate.v1.Collision.$Properties
             * @deprecated Use swarmgate.v1.Collision.$Properties instead.
             */

            /**
             * Shape of a Collision.
             * @typedef {swarmgate.v1.Collision.$Properties} swarmgate.v1.Collision.$Shape
             */

            /**
             * Constructs a new Collision.
             * @memberof swarmgate.v1
             * @classdesc Represents a Collision.
             * @constructor
             * @param {swarmgate.v1.Collision.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Collision = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Collision started.
             * @member {boolean} started
             * @memberof swarmgate.v1.Collision
             * @instance
             */
            Collision.prototype.started = false;

            /**
             * Collision touching.
             * @member {boolean} touching
             * @memberof swarmgate.v1.Collision
             * @instance
             */
            Collision.prototype.touching = false;

            /**
             * Creates a new Collision instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Collision
             * @static
             * @param {swarmgate.v1.Collision.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Collision} Collision instance
             * @type {{
             *   (properties: swarmgate.v1.Collision.$Shape): swarmgate.v1.Collision & swarmgate.v1.Collision.$Shape;
             *   (properties?: swarmgate.v1.Collision.$Properties): swarmgate.v1.Collision;
             * }}
             */
            Collision.create = function(properties) {
                return new Collision(properties);
            };

            /**
             * Encodes the specified Collision message. Does not implicitly {@link swarmgate.v1.Collision.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Collision
             * @static
             * @param {swarmgate.v1.Collision.$Properties} message Collision message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Collision.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.started != null && $Object.hasOwnProperty.call(message, "started") && message.started !== false)
                    writer.uint32(/* id 1, wireType 0 =*/8).bool(message.started);
                if (message.touching != null && $Object.hasOwnProperty.call(message, "touching") && message.touching !== false)
                    writer.uint32(/* id 2, wireType 0 =*/16).bool(message.touching);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Collision message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Collision
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Collision & swarmgate.v1.Collision.$Shape} Collision
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Collision.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Collision();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.bool())
                                message.started = value;
                            else
                                delete message.started;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.bool())
                                message.touching = value;
                            else
                                delete message.touching;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Collision;
        })();

        v1.LidarScan = (function() {

            /**
             * Properties of a LidarScan.
             * @typedef {Object} swarmgate.v1.LidarScan.$Properties
             * @property {number|null} [angleMinRad] LidarScan angleMinRad
             * @property {number|null} [angleIncrementRad] LidarScan angleIncrementRad
             * @property {number|null} [rangeMaxM] LidarScan rangeMaxM
             * @property {Array.<number>|null} [rangesM] LidarScan rangesM
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a LidarScan.
             * @memberof swarmgate.v1
             * @interface ILidarScan
             * @augments swarmgate.v1.LidarScan.$Properties
             * @deprecated Use swarmgate.v1.LidarScan.$Properties instead.
             */

            /**
             * Shape of a LidarScan.
             * @typedef {swarmgate.v1.LidarScan.$Properties} swarmgate.v1.LidarScan.$Shape
             */

            /**
             * Constructs a new LidarScan.
             * @memberof swarmgate.v1
             * @classdesc Represents a LidarScan.
             * @constructor
             * @param {swarmgate.v1.LidarScan.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const LidarScan = function (properties) {
                this.rangesM = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * LidarScan angleMinRad.
             * @member {number} angleMinRad
             * @memberof swarmgate.v1.LidarScan
             * @instance
             */
            LidarScan.prototype.angleMinRad = 0;

            /**
             * LidarScan angleIncrementRad.
             * @member {number} angleIncrementRad
             * @memberof swarmgate.v1.LidarScan
             * @instance
             */
            LidarScan.prototype.angleIncrementRad = 0;

            /**
             * LidarScan rangeMaxM.
             * @member {number} rangeMaxM
             * @memberof swarmgate.v1.LidarScan
             * @instance
             */
            LidarScan.prototype.rangeMaxM = 0;

            /**
             * LidarScan rangesM.
             * @member {Array.<number>} rangesM
             * @memberof swarmgate.v1.LidarScan
             * @instance
             */
            LidarScan.prototype.rangesM = $util.emptyArray;

            /**
             * Creates a new LidarScan instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.LidarScan
             * @static
             * @param {swarmgate.v1.LidarScan.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.LidarScan} LidarScan instance
             * @type {{
             *   (properties: swarmgate.v1.LidarScan.$Shape): swarmgate.v1.LidarScan & swarmgate.v1.LidarScan.$Shape;
             *   (properties?: swarmgate.v1.LidarScan.$Properties): swarmgate.v1.LidarScan;
             * }}
             */
            LidarScan.create = function(properties) {
                return new LidarScan(properties);
            };

            /**
             * Encodes the specified LidarScan message. Does not implicitly {@link swarmgate.v1.LidarScan.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.LidarScan
             * @static
             * @param {swarmgate.v1.LidarScan.$Properties} message LidarScan message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            LidarScan.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.angleMinRad != null && $Object.hasOwnProperty.call(message, "angleMinRad") && !$Object.is(message.angleMinRad, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.angleMinRad);
                if (message.angleIncrementRad != null && $Object.hasOwnProperty.call(message, "angleIncrementRad") && !$Object.is(message.angleIncrementRad, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.angleIncrementRad);
                if (message.rangeMaxM != null && $Object.hasOwnProperty.call(message, "rangeMaxM") && !$Object.is(message.rangeMaxM, 0))
                    writer.uint32(/* id 3, wireType 5 =*/29).float(message.rangeMaxM);
                if (message.rangesM != null && message.rangesM.length)
                    writer.uint32(/* id 4, wireType 2 =*/34).floats(message.rangesM);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a LidarScan message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.LidarScan
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.LidarScan & swarmgate.v1.LidarScan.$Shape} LidarScan
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            LidarScan.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.LidarScan();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.angleMinRad = value;
                            else
                                delete message.angleMinRad;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.angleIncrementRad = value;
                            else
                                delete message.angleIncrementRad;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.rangeMaxM = value;
                            else
                                delete message.rangeMaxM;
                            continue;
                        }
                    case 4: {
                            if (wireType === 2) {
                                if (!(message.rangesM && message.rangesM.length))
                                    message.rangesM = [];
                                reader.floats(message.rangesM);
                                continue;
                            }
                            if (wireType !== 5)
                                break;
                            if (!(message.rangesM && message.rangesM.length))
                                message.rangesM = [];
                            message.rangesM.push(reader.float());
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return LidarScan;
        })();

        v1.NearbyRobot = (function() {

            /**
             * Properties of a NearbyRobot.
             * @typedef {Object} swarmgate.v1.NearbyRobot.$Properties
             * @property {string|null} [id] NearbyRobot id
             * @property {number|null} [distanceM] NearbyRobot distanceM
             * @property {number|null} [bearingRad] NearbyRobot bearingRad
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a NearbyRobot.
             * @memberof swarmgate.v1
             * @interface INearbyRobot
             * @augments swarmgate.v1.NearbyRobot.$Properties
             * @deprecated Use swarmgate.v1.NearbyRobot.$Properties instead.
             */

            /**
             * Shape of a NearbyRobot.
             * @typedef {swarmgate.v1.NearbyRobot.$Properties} swarmgate.v1.NearbyRobot.$Shape
             */

            /**
             * Constructs a new NearbyRobot.
             * @memberof swarmgate.v1
             * @classdesc Represents a NearbyRobot.
             * @constructor
             * @param {swarmgate.v1.NearbyRobot.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const NearbyRobot = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * NearbyRobot id.
             * @member {string} id
             * @memberof swarmgate.v1.NearbyRobot
             * @instance
             */
            NearbyRobot.prototype.id = "";

            /**
             * NearbyRobot distanceM.
             * @member {number} distanceM
             * @memberof swarmgate.v1.NearbyRobot
             * @instance
             */
            NearbyRobot.prototype.distanceM = 0;

            /**
             * NearbyRobot bearingRad.
             * @member {number} bearingRad
             * @memberof swarmgate.v1.NearbyRobot
             * @instance
             */
            NearbyRobot.prototype.bearingRad = 0;

            /**
             * Creates a new NearbyRobot instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.NearbyRobot
             * @static
             * @param {swarmgate.v1.NearbyRobot.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.NearbyRobot} NearbyRobot instance
             * @type {{
             *   (properties: swarmgate.v1.NearbyRobot.$Shape): swarmgate.v1.NearbyRobot & swarmgate.v1.NearbyRobot.$Shape;
             *   (properties?: swarmgate.v1.NearbyRobot.$Properties): swarmgate.v1.NearbyRobot;
             * }}
             */
            NearbyRobot.create = function(properties) {
                return new NearbyRobot(properties);
            };

            /**
             * Encodes the specified NearbyRobot message. Does not implicitly {@link swarmgate.v1.NearbyRobot.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.NearbyRobot
             * @static
             * @param {swarmgate.v1.NearbyRobot.$Properties} message NearbyRobot message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            NearbyRobot.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.id);
                if (message.distanceM != null && $Object.hasOwnProperty.call(message, "distanceM") && !$Object.is(message.distanceM, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.distanceM);
                if (message.bearingRad != null && $Object.hasOwnProperty.call(message, "bearingRad") && !$Object.is(message.bearingRad, 0))
                    writer.uint32(/* id 3, wireType 5 =*/29).float(message.bearingRad);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a NearbyRobot message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.NearbyRobot
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.NearbyRobot & swarmgate.v1.NearbyRobot.$Shape} NearbyRobot
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            NearbyRobot.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.NearbyRobot();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.id = value;
                            else
                                delete message.id;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.distanceM = value;
                            else
                                delete message.distanceM;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.bearingRad = value;
                            else
                                delete message.bearingRad;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return NearbyRobot;
        })();

        v1.InboxMessage = (function() {

            /**
             * Properties of an InboxMessage.
             * @typedef {Object} swarmgate.v1.InboxMessage.$Properties
             * @property {string|null} [from] InboxMessage from
             * @property {number|null} [sentTick] InboxMessage sentTick
             * @property {Uint8Array|null} [payload] InboxMessage payload
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an InboxMessage.
             * @memberof swarmgate.v1
             * @interface IInboxMessage
             * @augments swarmgate.v1.InboxMessage.$Properties
             * @deprecated Use swarmgate.v1.InboxMessage.$Properties instead.
             */

            /**
             * Shape of an InboxMessage.
             * @typedef {swarmgate.v1.InboxMessage.$Properties} swarmgate.v1.InboxMessage.$Shape
             */

            /**
             * Constructs a new InboxMessage.
             * @memberof swarmgate.v1
             * @classdesc Represents an InboxMessage.
             * @constructor
             * @param {swarmgate.v1.InboxMessage.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const InboxMessage = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * InboxMessage from.
             * @member {string} from
             * @memberof swarmgate.v1.InboxMessage
             * @instance
             */
            InboxMessage.prototype.from = "";

            /**
             * InboxMessage sentTick.
             * @member {number} sentTick
             * @memberof swarmgate.v1.InboxMessage
             * @instance
             */
            InboxMessage.prototype.sentTick = 0;

            /**
             * InboxMessage payload.
             * @member {Uint8Array} payload
             * @memberof swarmgate.v1.InboxMessage
             * @instance
             */
            InboxMessage.prototype.payload = $util.newBuffer([]);

            /**
             * Creates a new InboxMessage instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.InboxMessage
             * @static
             * @param {swarmgate.v1.InboxMessage.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.InboxMessage} InboxMessage instance
             * @type {{
             *   (properties: swarmgate.v1.InboxMessage.$Shape): swarmgate.v1.InboxMessage & swarmgate.v1.InboxMessage.$Shape;
             *   (properties?: swarmgate.v1.InboxMessage.$Properties): swarmgate.v1.InboxMessage;
             * }}
             */
            InboxMessage.create = function(properties) {
                return new InboxMessage(properties);
            };

            /**
             * Encodes the specified InboxMessage message. Does not implicitly {@link swarmgate.v1.InboxMessage.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.InboxMessage
             * @static
             * @param {swarmgate.v1.InboxMessage.$Properties} message InboxMessage message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            InboxMessage.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.from != null && $Object.hasOwnProperty.call(message, "from") && message.from !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.from);
                if (message.sentTick != null && $Object.hasOwnProperty.call(message, "sentTick") && message.sentTick !== 0)
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.sentTick);
                if (message.payload != null && $Object.hasOwnProperty.call(message, "payload") && message.payload.length)
                    writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.payload);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an InboxMessage message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.InboxMessage
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.InboxMessage & swarmgate.v1.InboxMessage.$Shape} InboxMessage
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            InboxMessage.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.InboxMessage();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.from = value;
                            else
                                delete message.from;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.sentTick = value;
                            else
                                delete message.sentTick;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.payload = value;
                            else
                                delete message.payload;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return InboxMessage;
        })();

        v1.NearbyTag = (function() {

            /**
             * Properties of a NearbyTag.
             * @typedef {Object} swarmgate.v1.NearbyTag.$Properties
             * @property {number|null} [id] NearbyTag id
             * @property {number|null} [xM] NearbyTag xM
             * @property {number|null} [yM] NearbyTag yM
             * @property {number|null} [distanceM] NearbyTag distanceM
             * @property {Uint8Array|null} [payload] NearbyTag payload
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a NearbyTag.
             * @memberof swarmgate.v1
             * @interface INearbyTag
             * @augments swarmgate.v1.NearbyTag.$Properties
             * @deprecated Use swarmgate.v1.NearbyTag.$Properties instead.
             */

            /**
             * Shape of a NearbyTag.
             * @typedef {swarmgate.v1.NearbyTag.$Properties} swarmgate.v1.NearbyTag.$Shape
             */

            /**
             * Constructs a new NearbyTag.
             * @memberof swarmgate.v1
             * @classdesc Represents a NearbyTag.
             * @constructor
             * @param {swarmgate.v1.NearbyTag.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const NearbyTag = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * NearbyTag id.
             * @member {number} id
             * @memberof swarmgate.v1.NearbyTag
             * @instance
             */
            NearbyTag.prototype.id = 0;

            /**
             * NearbyTag xM.
             * @member {number} xM
             * @memberof swarmgate.v1.NearbyTag
             * @instance
             */
            NearbyTag.prototype.xM = 0;

            /**
             * NearbyTag yM.
             * @member {number} yM
             * @memberof swarmgate.v1.NearbyTag
             * @instance
             */
            NearbyTag.prototype.yM = 0;

            /**
             * NearbyTag distanceM.
             * @member {number} distanceM
             * @memberof swarmgate.v1.NearbyTag
             * @instance
             */
            NearbyTag.prototype.distanceM = 0;

            /**
             * NearbyTag payload.
             * @member {Uint8Array} payload
             * @memberof swarmgate.v1.NearbyTag
             * @instance
             */
            NearbyTag.prototype.payload = $util.newBuffer([]);

            /**
             * Creates a new NearbyTag instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.NearbyTag
             * @static
             * @param {swarmgate.v1.NearbyTag.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.NearbyTag} NearbyTag instance
             * @type {{
             *   (properties: swarmgate.v1.NearbyTag.$Shape): swarmgate.v1.NearbyTag & swarmgate.v1.NearbyTag.$Shape;
             *   (properties?: swarmgate.v1.NearbyTag.$Properties): swarmgate.v1.NearbyTag;
             * }}
             */
            NearbyTag.create = function(properties) {
                return new NearbyTag(properties);
            };

            /**
             * Encodes the specified NearbyTag message. Does not implicitly {@link swarmgate.v1.NearbyTag.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.NearbyTag
             * @static
             * @param {swarmgate.v1.NearbyTag.$Properties} message NearbyTag message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            NearbyTag.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.id);
                if (message.xM != null && $Object.hasOwnProperty.call(message, "xM") && !$Object.is(message.xM, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.xM);
                if (message.yM != null && $Object.hasOwnProperty.call(message, "yM") && !$Object.is(message.yM, 0))
                    writer.uint32(/* id 3, wireType 5 =*/29).float(message.yM);
                if (message.distanceM != null && $Object.hasOwnProperty.call(message, "distanceM") && !$Object.is(message.distanceM, 0))
                    writer.uint32(/* id 4, wireType 5 =*/37).float(message.distanceM);
                if (message.payload != null && $Object.hasOwnProperty.call(message, "payload") && message.payload.length)
                    writer.uint32(/* id 5, wireType 2 =*/42).bytes(message.payload);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a NearbyTag message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.NearbyTag
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.NearbyTag & swarmgate.v1.NearbyTag.$Shape} NearbyTag
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            NearbyTag.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.NearbyTag();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.id = value;
                            else
                                delete message.id;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.xM = value;
                            else
                                delete message.xM;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.yM = value;
                            else
                                delete message.yM;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.distanceM = value;
                            else
                                delete message.distanceM;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.payload = value;
                            else
                                delete message.payload;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return NearbyTag;
        })();

        v1.State = (function() {

            /**
             * Properties of a State.
             * @typedef {Object} swarmgate.v1.State.$Properties
             * @property {number|null} [tick] State tick
             * @property {swarmgate.v1.Pose.$Properties|null} [pose] State pose
             * @property {swarmgate.v1.RobotStatus|null} [status] State status
             * @property {swarmgate.v1.Collision.$Properties|null} [collision] State collision
             * @property {swarmgate.v1.LidarScan.$Properties|null} [scan] State scan
             * @property {Array.<swarmgate.v1.NearbyRobot.$Properties>|null} [nearbyRobots] State nearbyRobots
             * @property {Array.<swarmgate.v1.InboxMessage.$Properties>|null} [inbox] State inbox
             * @property {Array.<swarmgate.v1.NearbyTag.$Properties>|null} [nearbyTags] State nearbyTags
             * @property {swarmgate.v1.Battery.$Properties|null} [battery] State battery
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a State.
             * @memberof swarmgate.v1
             * @interface IState
             * @augments swarmgate.v1.State.$Properties
             * @deprecated Use swarmgate.v1.State.$Properties instead.
             */

            /**
             * Shape of a State.
             * @typedef {swarmgate.v1.State.$Properties} swarmgate.v1.State.$Shape
             */

            /**
             * Constructs a new State.
             * @memberof swarmgate.v1
             * @classdesc Represents a State.
             * @constructor
             * @param {swarmgate.v1.State.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const State = function (properties) {
                this.nearbyRobots = [];
                this.inbox = [];
                this.nearbyTags = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * State tick.
             * @member {number} tick
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.tick = 0;

            /**
             * State pose.
             * @member {swarmgate.v1.Pose.$Properties|null|undefined} pose
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.pose = null;

            /**
             * State status.
             * @member {swarmgate.v1.RobotStatus} status
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.status = 0;

            /**
             * State collision.
             * @member {swarmgate.v1.Collision.$Properties|null|undefined} collision
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.collision = null;

            /**
             * State scan.
             * @member {swarmgate.v1.LidarScan.$Properties|null|undefined} scan
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.scan = null;

            /**
             * State nearbyRobots.
             * @member {Array.<swarmgate.v1.NearbyRobot.$Properties>} nearbyRobots
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.nearbyRobots = $util.emptyArray;

            /**
             * State inbox.
             * @member {Array.<swarmgate.v1.InboxMessage.$Properties>} inbox
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.inbox = $util.emptyArray;

            /**
             * State nearbyTags.
             * @member {Array.<swarmgate.v1.NearbyTag.$Properties>} nearbyTags
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.nearbyTags = $util.emptyArray;

            /**
             * State battery.
             * @member {swarmgate.v1.Battery.$Properties|null|undefined} battery
             * @memberof swarmgate.v1.State
             * @instance
             */
            State.prototype.battery = null;

            /**
             * Creates a new State instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.State
             * @static
             * @param {swarmgate.v1.State.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.State} State instance
             * @type {{
             *   (properties: swarmgate.v1.State.$Shape): swarmgate.v1.State & swarmgate.v1.State.$Shape;
             *   (properties?: swarmgate.v1.State.$Properties): swarmgate.v1.State;
             * }}
             */
            State.create = function(properties) {
                return new State(properties);
            };

            /**
             * Encodes the specified State message. Does not implicitly {@link swarmgate.v1.State.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.State
             * @static
             * @param {swarmgate.v1.State.$Properties} message State message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            State.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.tick != null && $Object.hasOwnProperty.call(message, "tick") && message.tick !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.tick);
                if (message.pose != null && $Object.hasOwnProperty.call(message, "pose"))
                    $root.swarmgate.v1.Pose.encode(message.pose, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                if (message.status != null && $Object.hasOwnProperty.call(message, "status") && message.status !== 0)
                    writer.uint32(/* id 3, wireType 0 =*/24).int32(message.status);
                if (message.collision != null && $Object.hasOwnProperty.call(message, "collision"))
                    $root.swarmgate.v1.Collision.encode(message.collision, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                if (message.scan != null && $Object.hasOwnProperty.call(message, "scan"))
                    $root.swarmgate.v1.LidarScan.encode(message.scan, writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                if (message.nearbyRobots != null && message.nearbyRobots.length)
                    for (let i = 0; i < message.nearbyRobots.length; ++i)
                        $root.swarmgate.v1.NearbyRobot.encode(message.nearbyRobots[i], writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                if (message.inbox != null && message.inbox.length)
                    for (let i = 0; i < message.inbox.length; ++i)
                        $root.swarmgate.v1.InboxMessage.encode(message.inbox[i], writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                if (message.nearbyTags != null && message.nearbyTags.length)
                    for (let i = 0; i < message.nearbyTags.length; ++i)
                        $root.swarmgate.v1.NearbyTag.encode(message.nearbyTags[i], writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
                if (message.battery != null && $Object.hasOwnProperty.call(message, "battery"))
                    $root.swarmgate.v1.Battery.encode(message.battery, writer.uint32(/* id 9, wireType 2 =*/74).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a State message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.State
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.State & swarmgate.v1.State.$Shape} State
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            State.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.State();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.tick = value;
                            else
                                delete message.tick;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            message.pose = $root.swarmgate.v1.Pose.decode(reader, reader.size(), $undefined, _depth + 1, message.pose);
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.status = value;
                            else
                                delete message.status;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            message.collision = $root.swarmgate.v1.Collision.decode(reader, reader.size(), $undefined, _depth + 1, message.collision);
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            message.scan = $root.swarmgate.v1.LidarScan.decode(reader, reader.size(), $undefined, _depth + 1, message.scan);
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            if (!(message.nearbyRobots && message.nearbyRobots.length))
                                message.nearbyRobots = [];
                            message.nearbyRobots.push($root.swarmgate.v1.NearbyRobot.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 7: {
                            if (wireType !== 2)
                                break;
                            if (!(message.inbox && message.inbox.length))
                                message.inbox = [];
                            message.inbox.push($root.swarmgate.v1.InboxMessage.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 8: {
                            if (wireType !== 2)
                                break;
                            if (!(message.nearbyTags && message.nearbyTags.length))
                                message.nearbyTags = [];
                            message.nearbyTags.push($root.swarmgate.v1.NearbyTag.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 9: {
                            if (wireType !== 2)
                                break;
                            message.battery = $root.swarmgate.v1.Battery.decode(reader, reader.size(), $undefined, _depth + 1, message.battery);
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return State;
        })();

        v1.Move = (function() {

            /**
             * Properties of a Move.
             * @typedef {Object} swarmgate.v1.Move.$Properties
             * @property {number|null} [distanceM] Move distanceM
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Move.
             * @memberof swarmgate.v1
             * @interface IMove
             * @augments swarmgate.v1.Move.$Properties
             * @deprecated Use swarmgate.v1.Move.$Properties instead.
             */

            /**
             * Shape of a Move.
             * @typedef {swarmgate.v1.Move.$Properties} swarmgate.v1.Move.$Shape
             */

            /**
             * Constructs a new Move.
             * @memberof swarmgate.v1
             * @classdesc Represents a Move.
             * @constructor
             * @param {swarmgate.v1.Move.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Move = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Move distanceM.
             * @member {number} distanceM
             * @memberof swarmgate.v1.Move
             * @instance
             */
            Move.prototype.distanceM = 0;

            /**
             * Creates a new Move instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Move
             * @static
             * @param {swarmgate.v1.Move.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Move} Move instance
             * @type {{
             *   (properties: swarmgate.v1.Move.$Shape): swarmgate.v1.Move & swarmgate.v1.Move.$Shape;
             *   (properties?: swarmgate.v1.Move.$Properties): swarmgate.v1.Move;
             * }}
             */
            Move.create = function(properties) {
                return new Move(properties);
            };

            /**
             * Encodes the specified Move message. Does not implicitly {@link swarmgate.v1.Move.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Move
             * @static
             * @param {swarmgate.v1.Move.$Properties} message Move message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Move.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.distanceM != null && $Object.hasOwnProperty.call(message, "distanceM") && !$Object.is(message.distanceM, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.distanceM);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Move message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Move
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Move & swarmgate.v1.Move.$Shape} Move
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Move.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Move();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.distanceM = value;
                            else
                                delete message.distanceM;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Move;
        })();

        v1.Rotate = (function() {

            /**
             * Properties of a Rotate.
             * @typedef {Object} swarmgate.v1.Rotate.$Properties
             * @property {number|null} [angleDeg] Rotate angleDeg
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Rotate.
             * @memberof swarmgate.v1
             * @interface IRotate
             * @augments swarmgate.v1.Rotate.$Properties
             * @deprecated Use swarmgate.v1.Rotate.$Properties instead.
             */

            /**
             * Shape of a Rotate.
             * @typedef {swarmgate.v1.Rotate.$Properties} swarmgate.v1.Rotate.$Shape
             */

            /**
             * Constructs a new Rotate.
             * @memberof swarmgate.v1
             * @classdesc Represents a Rotate.
             * @constructor
             * @param {swarmgate.v1.Rotate.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Rotate = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Rotate angleDeg.
             * @member {number} angleDeg
             * @memberof swarmgate.v1.Rotate
             * @instance
             */
            Rotate.prototype.angleDeg = 0;

            /**
             * Creates a new Rotate instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Rotate
             * @static
             * @param {swarmgate.v1.Rotate.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Rotate} Rotate instance
             * @type {{
             *   (properties: swarmgate.v1.Rotate.$Shape): swarmgate.v1.Rotate & swarmgate.v1.Rotate.$Shape;
             *   (properties?: swarmgate.v1.Rotate.$Properties): swarmgate.v1.Rotate;
             * }}
             */
            Rotate.create = function(properties) {
                return new Rotate(properties);
            };

            /**
             * Encodes the specified Rotate message. Does not implicitly {@link swarmgate.v1.Rotate.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Rotate
             * @static
             * @param {swarmgate.v1.Rotate.$Properties} message Rotate message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Rotate.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.angleDeg != null && $Object.hasOwnProperty.call(message, "angleDeg") && !$Object.is(message.angleDeg, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.angleDeg);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Rotate message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Rotate
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Rotate & swarmgate.v1.Rotate.$Shape} Rotate
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Rotate.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Rotate();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.angleDeg = value;
                            else
                                delete message.angleDeg;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Rotate;
        })();

        v1.Velocity = (function() {

            /**
             * Properties of a Velocity.
             * @typedef {Object} swarmgate.v1.Velocity.$Properties
             * @property {number|null} [linearMps] Velocity linearMps
             * @property {number|null} [angularRadps] Velocity angularRadps
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Velocity.
             * @memberof swarmgate.v1
             * @interface IVelocity
             * @augments swarmgate.v1.Velocity.$Properties
             * @deprecated Use swarmgate.v1.Velocity.$Properties instead.
             */

            /**
             * Shape of a Velocity.
             * @typedef {swarmgate.v1.Velocity.$Properties} swarmgate.v1.Velocity.$Shape
             */

            /**
             * Constructs a new Velocity.
             * @memberof swarmgate.v1
             * @classdesc Represents a Velocity.
             * @constructor
             * @param {swarmgate.v1.Velocity.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Velocity = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Velocity linearMps.
             * @member {number} linearMps
             * @memberof swarmgate.v1.Velocity
             * @instance
             */
            Velocity.prototype.linearMps = 0;

            /**
             * Velocity angularRadps.
             * @member {number} angularRadps
             * @memberof swarmgate.v1.Velocity
             * @instance
             */
            Velocity.prototype.angularRadps = 0;

            /**
             * Creates a new Velocity instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Velocity
             * @static
             * @param {swarmgate.v1.Velocity.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Velocity} Velocity instance
             * @type {{
             *   (properties: swarmgate.v1.Velocity.$Shape): swarmgate.v1.Velocity & swarmgate.v1.Velocity.$Shape;
             *   (properties?: swarmgate.v1.Velocity.$Properties): swarmgate.v1.Velocity;
             * }}
             */
            Velocity.create = function(properties) {
                return new Velocity(properties);
            };

            /**
             * Encodes the specified Velocity message. Does not implicitly {@link swarmgate.v1.Velocity.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Velocity
             * @static
             * @param {swarmgate.v1.Velocity.$Properties} message Velocity message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Velocity.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.linearMps != null && $Object.hasOwnProperty.call(message, "linearMps") && !$Object.is(message.linearMps, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.linearMps);
                if (message.angularRadps != null && $Object.hasOwnProperty.call(message, "angularRadps") && !$Object.is(message.angularRadps, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.angularRadps);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Velocity message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Velocity
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Velocity & swarmgate.v1.Velocity.$Shape} Velocity
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Velocity.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Velocity();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.linearMps = value;
                            else
                                delete message.linearMps;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.angularRadps = value;
                            else
                                delete message.angularRadps;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Velocity;
        })();

        v1.WheelSpeeds = (function() {

            /**
             * Properties of a WheelSpeeds.
             * @typedef {Object} swarmgate.v1.WheelSpeeds.$Properties
             * @property {number|null} [leftMps] WheelSpeeds leftMps
             * @property {number|null} [rightMps] WheelSpeeds rightMps
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a WheelSpeeds.
             * @memberof swarmgate.v1
             * @interface IWheelSpeeds
             * @augments swarmgate.v1.WheelSpeeds.$Properties
             * @deprecated Use swarmgate.v1.WheelSpeeds.$Properties instead.
             */

            /**
             * Shape of a WheelSpeeds.
             * @typedef {swarmgate.v1.WheelSpeeds.$Properties} swarmgate.v1.WheelSpeeds.$Shape
             */

            /**
             * Constructs a new WheelSpeeds.
             * @memberof swarmgate.v1
             * @classdesc Represents a WheelSpeeds.
             * @constructor
             * @param {swarmgate.v1.WheelSpeeds.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const WheelSpeeds = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * WheelSpeeds leftMps.
             * @member {number} leftMps
             * @memberof swarmgate.v1.WheelSpeeds
             * @instance
             */
            WheelSpeeds.prototype.leftMps = 0;

            /**
             * WheelSpeeds rightMps.
             * @member {number} rightMps
             * @memberof swarmgate.v1.WheelSpeeds
             * @instance
             */
            WheelSpeeds.prototype.rightMps = 0;

            /**
             * Creates a new WheelSpeeds instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.WheelSpeeds
             * @static
             * @param {swarmgate.v1.WheelSpeeds.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.WheelSpeeds} WheelSpeeds instance
             * @type {{
             *   (properties: swarmgate.v1.WheelSpeeds.$Shape): swarmgate.v1.WheelSpeeds & swarmgate.v1.WheelSpeeds.$Shape;
             *   (properties?: swarmgate.v1.WheelSpeeds.$Properties): swarmgate.v1.WheelSpeeds;
             * }}
             */
            WheelSpeeds.create = function(properties) {
                return new WheelSpeeds(properties);
            };

            /**
             * Encodes the specified WheelSpeeds message. Does not implicitly {@link swarmgate.v1.WheelSpeeds.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.WheelSpeeds
             * @static
             * @param {swarmgate.v1.WheelSpeeds.$Properties} message WheelSpeeds message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            WheelSpeeds.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.leftMps != null && $Object.hasOwnProperty.call(message, "leftMps") && !$Object.is(message.leftMps, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.leftMps);
                if (message.rightMps != null && $Object.hasOwnProperty.call(message, "rightMps") && !$Object.is(message.rightMps, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.rightMps);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a WheelSpeeds message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.WheelSpeeds
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.WheelSpeeds & swarmgate.v1.WheelSpeeds.$Shape} WheelSpeeds
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            WheelSpeeds.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.WheelSpeeds();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.leftMps = value;
                            else
                                delete message.leftMps;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.rightMps = value;
                            else
                                delete message.rightMps;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return WheelSpeeds;
        })();

        v1.Stop = (function() {

            /**
             * Properties of a Stop.
             * @typedef {Object} swarmgate.v1.Stop.$Properties
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Stop.
             * @memberof swarmgate.v1
             * @interface IStop
             * @augments swarmgate.v1.Stop.$Properties
             * @deprecated Use swarmgate.v1.Stop.$Properties instead.
             */

            /**
             * Shape of a Stop.
             * @typedef {swarmgate.v1.Stop.$Properties} swarmgate.v1.Stop.$Shape
             */

            /**
             * Constructs a new Stop.
             * @memberof swarmgate.v1
             * @classdesc Represents a Stop.
             * @constructor
             * @param {swarmgate.v1.Stop.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Stop = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Creates a new Stop instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Stop
             * @static
             * @param {swarmgate.v1.Stop.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Stop} Stop instance
             * @type {{
             *   (properties: swarmgate.v1.Stop.$Shape): swarmgate.v1.Stop & swarmgate.v1.Stop.$Shape;
             *   (properties?: swarmgate.v1.Stop.$Properties): swarmgate.v1.Stop;
             * }}
             */
            Stop.create = function(properties) {
                return new Stop(properties);
            };

            /**
             * Encodes the specified Stop message. Does not implicitly {@link swarmgate.v1.Stop.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Stop
             * @static
             * @param {swarmgate.v1.Stop.$Properties} message Stop message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Stop.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Stop message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Stop
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Stop & swarmgate.v1.Stop.$Shape} Stop
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Stop.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Stop();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    reader.skipType(tag & 7, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Stop;
        })();

        v1.Broadcast = (function() {

            /**
             * Properties of a Broadcast.
             * @typedef {Object} swarmgate.v1.Broadcast.$Properties
             * @property {Uint8Array|null} [payload] Broadcast payload
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Broadcast.
             * @memberof swarmgate.v1
             * @interface IBroadcast
             * @augments swarmgate.v1.Broadcast.$Properties
             * @deprecated Use swarmgate.v1.Broadcast.$Properties instead.
             */

            /**
             * Shape of a Broadcast.
             * @typedef {swarmgate.v1.Broadcast.$Properties} swarmgate.v1.Broadcast.$Shape
             */

            /**
             * Constructs a new Broadcast.
             * @memberof swarmgate.v1
             * @classdesc Represents a Broadcast.
             * @constructor
             * @param {swarmgate.v1.Broadcast.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Broadcast = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Broadcast payload.
             * @member {Uint8Array} payload
             * @memberof swarmgate.v1.Broadcast
             * @instance
             */
            Broadcast.prototype.payload = $util.newBuffer([]);

            /**
             * Creates a new Broadcast instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Broadcast
             * @static
             * @param {swarmgate.v1.Broadcast.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Broadcast} Broadcast instance
             * @type {{
             *   (properties: swarmgate.v1.Broadcast.$Shape): swarmgate.v1.Broadcast & swarmgate.v1.Broadcast.$Shape;
             *   (properties?: swarmgate.v1.Broadcast.$Properties): swarmgate.v1.Broadcast;
             * }}
             */
            Broadcast.create = function(properties) {
                return new Broadcast(properties);
            };

            /**
             * Encodes the specified Broadcast message. Does not implicitly {@link swarmgate.v1.Broadcast.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Broadcast
             * @static
             * @param {swarmgate.v1.Broadcast.$Properties} message Broadcast message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Broadcast.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.payload != null && $Object.hasOwnProperty.call(message, "payload") && message.payload.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.payload);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Broadcast message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Broadcast
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Broadcast & swarmgate.v1.Broadcast.$Shape} Broadcast
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Broadcast.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Broadcast();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.payload = value;
                            else
                                delete message.payload;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Broadcast;
        })();

        v1.DepositTag = (function() {

            /**
             * Properties of a DepositTag.
             * @typedef {Object} swarmgate.v1.DepositTag.$Properties
             * @property {Uint8Array|null} [payload] DepositTag payload
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a DepositTag.
             * @memberof swarmgate.v1
             * @interface IDepositTag
             * @augments swarmgate.v1.DepositTag.$Properties
             * @deprecated Use swarmgate.v1.DepositTag.$Properties instead.
             */

            /**
             * Shape of a DepositTag.
             * @typedef {swarmgate.v1.DepositTag.$Properties} swarmgate.v1.DepositTag.$Shape
             */

            /**
             * Constructs a new DepositTag.
             * @memberof swarmgate.v1
             * @classdesc Represents a DepositTag.
             * @constructor
             * @param {swarmgate.v1.DepositTag.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const DepositTag = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * DepositTag payload.
             * @member {Uint8Array} payload
             * @memberof swarmgate.v1.DepositTag
             * @instance
             */
            DepositTag.prototype.payload = $util.newBuffer([]);

            /**
             * Creates a new DepositTag instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.DepositTag
             * @static
             * @param {swarmgate.v1.DepositTag.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.DepositTag} DepositTag instance
             * @type {{
             *   (properties: swarmgate.v1.DepositTag.$Shape): swarmgate.v1.DepositTag & swarmgate.v1.DepositTag.$Shape;
             *   (properties?: swarmgate.v1.DepositTag.$Properties): swarmgate.v1.DepositTag;
             * }}
             */
            DepositTag.create = function(properties) {
                return new DepositTag(properties);
            };

            /**
             * Encodes the specified DepositTag message. Does not implicitly {@link swarmgate.v1.DepositTag.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.DepositTag
             * @static
             * @param {swarmgate.v1.DepositTag.$Properties} message DepositTag message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            DepositTag.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.payload != null && $Object.hasOwnProperty.call(message, "payload") && message.payload.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.payload);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a DepositTag message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.DepositTag
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.DepositTag & swarmgate.v1.DepositTag.$Shape} DepositTag
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            DepositTag.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.DepositTag();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.payload = value;
                            else
                                delete message.payload;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return DepositTag;
        })();

        v1.EmergencyStop = (function() {

            /**
             * Properties of an EmergencyStop.
             * @typedef {Object} swarmgate.v1.EmergencyStop.$Properties
             * @property {string|null} [reason] EmergencyStop reason
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an EmergencyStop.
             * @memberof swarmgate.v1
             * @interface IEmergencyStop
             * @augments swarmgate.v1.EmergencyStop.$Properties
             * @deprecated Use swarmgate.v1.EmergencyStop.$Properties instead.
             */

            /**
             * Shape of an EmergencyStop.
             * @typedef {swarmgate.v1.EmergencyStop.$Properties} swarmgate.v1.EmergencyStop.$Shape
             */

            /**
             * Constructs a new EmergencyStop.
             * @memberof swarmgate.v1
             * @classdesc Represents an EmergencyStop.
             * @constructor
             * @param {swarmgate.v1.EmergencyStop.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const EmergencyStop = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * EmergencyStop reason.
             * @member {string} reason
             * @memberof swarmgate.v1.EmergencyStop
             * @instance
             */
            EmergencyStop.prototype.reason = "";

            /**
             * Creates a new EmergencyStop instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.EmergencyStop
             * @static
             * @param {swarmgate.v1.EmergencyStop.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.EmergencyStop} EmergencyStop instance
             * @type {{
             *   (properties: swarmgate.v1.EmergencyStop.$Shape): swarmgate.v1.EmergencyStop & swarmgate.v1.EmergencyStop.$Shape;
             *   (properties?: swarmgate.v1.EmergencyStop.$Properties): swarmgate.v1.EmergencyStop;
             * }}
             */
            EmergencyStop.create = function(properties) {
                return new EmergencyStop(properties);
            };

            /**
             * Encodes the specified EmergencyStop message. Does not implicitly {@link swarmgate.v1.EmergencyStop.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.EmergencyStop
             * @static
             * @param {swarmgate.v1.EmergencyStop.$Properties} message EmergencyStop message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            EmergencyStop.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.reason != null && $Object.hasOwnProperty.call(message, "reason") && message.reason !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.reason);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an EmergencyStop message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.EmergencyStop
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.EmergencyStop & swarmgate.v1.EmergencyStop.$Shape} EmergencyStop
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            EmergencyStop.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.EmergencyStop();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.reason = value;
                            else
                                delete message.reason;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return EmergencyStop;
        })();

        v1.ReleaseEmergencyStop = (function() {

            /**
             * Properties of a ReleaseEmergencyStop.
             * @typedef {Object} swarmgate.v1.ReleaseEmergencyStop.$Properties
             * @property {string|null} [reason] ReleaseEmergencyStop reason
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ReleaseEmergencyStop.
             * @memberof swarmgate.v1
             * @interface IReleaseEmergencyStop
             * @augments swarmgate.v1.ReleaseEmergencyStop.$Properties
             * @deprecated Use swarmgate.v1.ReleaseEmergencyStop.$Properties instead.
             */

            /**
             * Shape of a ReleaseEmergencyStop.
             * @typedef {swarmgate.v1.ReleaseEmergencyStop.$Properties} swarmgate.v1.ReleaseEmergencyStop.$Shape
             */

            /**
             * Constructs a new ReleaseEmergencyStop.
             * @memberof swarmgate.v1
             * @classdesc Represents a ReleaseEmergencyStop.
             * @constructor
             * @param {swarmgate.v1.ReleaseEmergencyStop.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ReleaseEmergencyStop = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * ReleaseEmergencyStop reason.
             * @member {string} reason
             * @memberof swarmgate.v1.ReleaseEmergencyStop
             * @instance
             */
            ReleaseEmergencyStop.prototype.reason = "";

            /**
             * Creates a new ReleaseEmergencyStop instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.ReleaseEmergencyStop
             * @static
             * @param {swarmgate.v1.ReleaseEmergencyStop.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.ReleaseEmergencyStop} ReleaseEmergencyStop instance
             * @type {{
             *   (properties: swarmgate.v1.ReleaseEmergencyStop.$Shape): swarmgate.v1.ReleaseEmergencyStop & swarmgate.v1.ReleaseEmergencyStop.$Shape;
             *   (properties?: swarmgate.v1.ReleaseEmergencyStop.$Properties): swarmgate.v1.ReleaseEmergencyStop;
             * }}
             */
            ReleaseEmergencyStop.create = function(properties) {
                return new ReleaseEmergencyStop(properties);
            };

            /**
             * Encodes the specified ReleaseEmergencyStop message. Does not implicitly {@link swarmgate.v1.ReleaseEmergencyStop.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.ReleaseEmergencyStop
             * @static
             * @param {swarmgate.v1.ReleaseEmergencyStop.$Properties} message ReleaseEmergencyStop message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ReleaseEmergencyStop.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.reason != null && $Object.hasOwnProperty.call(message, "reason") && message.reason !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.reason);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a ReleaseEmergencyStop message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.ReleaseEmergencyStop
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.ReleaseEmergencyStop & swarmgate.v1.ReleaseEmergencyStop.$Shape} ReleaseEmergencyStop
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ReleaseEmergencyStop.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.ReleaseEmergencyStop();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.reason = value;
                            else
                                delete message.reason;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return ReleaseEmergencyStop;
        })();

        v1.RequestBirth = (function() {

            /**
             * Properties of a RequestBirth.
             * @typedef {Object} swarmgate.v1.RequestBirth.$Properties
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a RequestBirth.
             * @memberof swarmgate.v1
             * @interface IRequestBirth
             * @augments swarmgate.v1.RequestBirth.$Properties
             * @deprecated Use swarmgate.v1.RequestBirth.$Properties instead.
             */

            /**
             * Shape of a RequestBirth.
             * @typedef {swarmgate.v1.RequestBirth.$Properties} swarmgate.v1.RequestBirth.$Shape
             */

            /**
             * Constructs a new RequestBirth.
             * @memberof swarmgate.v1
             * @classdesc Represents a RequestBirth.
             * @constructor
             * @param {swarmgate.v1.RequestBirth.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const RequestBirth = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Creates a new RequestBirth instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.RequestBirth
             * @static
             * @param {swarmgate.v1.RequestBirth.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.RequestBirth} RequestBirth instance
             * @type {{
             *   (properties: swarmgate.v1.RequestBirth.$Shape): swarmgate.v1.RequestBirth & swarmgate.v1.RequestBirth.$Shape;
             *   (properties?: swarmgate.v1.RequestBirth.$Properties): swarmgate.v1.RequestBirth;
             * }}
             */
            RequestBirth.create = function(properties) {
                return new RequestBirth(properties);
            };

            /**
             * Encodes the specified RequestBirth message. Does not implicitly {@link swarmgate.v1.RequestBirth.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.RequestBirth
             * @static
             * @param {swarmgate.v1.RequestBirth.$Properties} message RequestBirth message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            RequestBirth.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a RequestBirth message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.RequestBirth
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.RequestBirth & swarmgate.v1.RequestBirth.$Shape} RequestBirth
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            RequestBirth.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.RequestBirth();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    reader.skipType(tag & 7, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return RequestBirth;
        })();

        v1.Command = (function() {

            /**
             * Properties of a Command.
             * @typedef {Object} swarmgate.v1.Command.$Properties
             * @property {number|null} [commandId] Command commandId
             * @property {swarmgate.v1.Move.$Properties|null} [move] Command move
             * @property {swarmgate.v1.Rotate.$Properties|null} [rotate] Command rotate
             * @property {swarmgate.v1.Velocity.$Properties|null} [velocity] Command velocity
             * @property {swarmgate.v1.WheelSpeeds.$Properties|null} [wheelSpeeds] Command wheelSpeeds
             * @property {swarmgate.v1.Stop.$Properties|null} [stop] Command stop
             * @property {swarmgate.v1.Broadcast.$Properties|null} [broadcast] Command broadcast
             * @property {swarmgate.v1.DepositTag.$Properties|null} [depositTag] Command depositTag
             * @property {swarmgate.v1.EmergencyStop.$Properties|null} [emergencyStop] Command emergencyStop
             * @property {swarmgate.v1.ReleaseEmergencyStop.$Properties|null} [releaseEmergencyStop] Command releaseEmergencyStop
             * @property {swarmgate.v1.RequestBirth.$Properties|null} [requestBirth] Command requestBirth
             * @property {"move"|"rotate"|"velocity"|"wheelSpeeds"|"stop"|"broadcast"|"depositTag"|"emergencyStop"|"releaseEmergencyStop"|"requestBirth"} [action] Command action
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Command.
             * @memberof swarmgate.v1
             * @interface ICommand
             * @augments swarmgate.v1.Command.$Properties
             * @deprecated Use swarmgate.v1.Command.$Properties instead.
             */

            /**
             * Narrowed shape of a Command.
             * @typedef {{
             *   commandId?: number|null;
             *   move?: swarmgate.v1.Move.$Shape|null;
             *   rotate?: swarmgate.v1.Rotate.$Shape|null;
             *   velocity?: swarmgate.v1.Velocity.$Shape|null;
             *   wheelSpeeds?: swarmgate.v1.WheelSpeeds.$Shape|null;
             *   stop?: swarmgate.v1.Stop.$Shape|null;
             *   broadcast?: swarmgate.v1.Broadcast.$Shape|null;
             *   depositTag?: swarmgate.v1.DepositTag.$Shape|null;
             *   emergencyStop?: swarmgate.v1.EmergencyStop.$Shape|null;
             *   releaseEmergencyStop?: swarmgate.v1.ReleaseEmergencyStop.$Shape|null;
             *   requestBirth?: swarmgate.v1.RequestBirth.$Shape|null;
             *   $unknowns?: Array.<Uint8Array>;
             * } & (
             *   ({ action?: undefined; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "move"; move: swarmgate.v1.Move.$Shape; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "rotate"; move?: null; rotate: swarmgate.v1.Rotate.$Shape; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "velocity"; move?: null; rotate?: null; velocity: swarmgate.v1.Velocity.$Shape; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "wheelSpeeds"; move?: null; rotate?: null; velocity?: null; wheelSpeeds: swarmgate.v1.WheelSpeeds.$Shape; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "stop"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop: swarmgate.v1.Stop.$Shape; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "broadcast"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast: swarmgate.v1.Broadcast.$Shape; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "depositTag"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag: swarmgate.v1.DepositTag.$Shape; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "emergencyStop"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop: swarmgate.v1.EmergencyStop.$Shape; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "releaseEmergencyStop"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop: swarmgate.v1.ReleaseEmergencyStop.$Shape; requestBirth?: null }|{ action?: "requestBirth"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth: swarmgate.v1.RequestBirth.$Shape })
             * )} swarmgate.v1.Command.$Shape
             */

            /**
             * Constructs a new Command.
             * @memberof swarmgate.v1
             * @classdesc Represents a Command.
             * @constructor
             * @param {swarmgate.v1.Command.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Command = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Command commandId.
             * @member {number} commandId
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.commandId = 0;

            /**
             * Command move.
             * @member {swarmgate.v1.Move.$Properties|null|undefined} move
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.move = null;

            /**
             * Command rotate.
             * @member {swarmgate.v1.Rotate.$Properties|null|undefined} rotate
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.rotate = null;

            /**
             * Command velocity.
             * @member {swarmgate.v1.Velocity.$Properties|null|undefined} velocity
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.velocity = null;

            /**
             * Command wheelSpeeds.
             * @member {swarmgate.v1.WheelSpeeds.$Properties|null|undefined} wheelSpeeds
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.wheelSpeeds = null;

            /**
             * Command stop.
             * @member {swarmgate.v1.Stop.$Properties|null|undefined} stop
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.stop = null;

            /**
             * Command broadcast.
             * @member {swarmgate.v1.Broadcast.$Properties|null|undefined} broadcast
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.broadcast = null;

            /**
             * Command depositTag.
             * @member {swarmgate.v1.DepositTag.$Properties|null|undefined} depositTag
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.depositTag = null;

            /**
             * Command emergencyStop.
             * @member {swarmgate.v1.EmergencyStop.$Properties|null|undefined} emergencyStop
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.emergencyStop = null;

            /**
             * Command releaseEmergencyStop.
             * @member {swarmgate.v1.ReleaseEmergencyStop.$Properties|null|undefined} releaseEmergencyStop
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.releaseEmergencyStop = null;

            /**
             * Command requestBirth.
             * @member {swarmgate.v1.RequestBirth.$Properties|null|undefined} requestBirth
             * @memberof swarmgate.v1.Command
             * @instance
             */
            Command.prototype.requestBirth = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            /**
             * Command action.
             * @member {"move"|"rotate"|"velocity"|"wheelSpeeds"|"stop"|"broadcast"|"depositTag"|"emergencyStop"|"releaseEmergencyStop"|"requestBirth"|undefined} action
             * @memberof swarmgate.v1.Command
             * @instance
             */
            $Object.defineProperty(Command.prototype, "action", {
                get: $util.oneOfGetter($oneOfFields = ["move", "rotate", "velocity", "wheelSpeeds", "stop", "broadcast", "depositTag", "emergencyStop", "releaseEmergencyStop", "requestBirth"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new Command instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Command
             * @static
             * @param {swarmgate.v1.Command.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Command} Command instance
             * @type {{
             *   (properties: swarmgate.v1.Command.$Shape): swarmgate.v1.Command & swarmgate.v1.Command.$Shape;
             *   (properties?: swarmgate.v1.Command.$Properties): swarmgate.v1.Command;
             * }}
             */
            Command.create = function(properties) {
                return new Command(properties);
            };

            /**
             * Encodes the specified Command message. Does not implicitly {@link swarmgate.v1.Command.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Command
             * @static
             * @param {swarmgate.v1.Command.$Properties} message Command message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Command.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.commandId != null && $Object.hasOwnProperty.call(message, "commandId") && message.commandId !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.commandId);
                if (message.move != null && $Object.hasOwnProperty.call(message, "move"))
                    $root.swarmgate.v1.Move.encode(message.move, writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                if (message.rotate != null && $Object.hasOwnProperty.call(message, "rotate"))
                    $root.swarmgate.v1.Rotate.encode(message.rotate, writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                if (message.velocity != null && $Object.hasOwnProperty.call(message, "velocity"))
                    $root.swarmgate.v1.Velocity.encode(message.velocity, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                if (message.wheelSpeeds != null && $Object.hasOwnProperty.call(message, "wheelSpeeds"))
                    $root.swarmgate.v1.WheelSpeeds.encode(message.wheelSpeeds, writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                if (message.stop != null && $Object.hasOwnProperty.call(message, "stop"))
                    $root.swarmgate.v1.Stop.encode(message.stop, writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                if (message.broadcast != null && $Object.hasOwnProperty.call(message, "broadcast"))
                    $root.swarmgate.v1.Broadcast.encode(message.broadcast, writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                if (message.depositTag != null && $Object.hasOwnProperty.call(message, "depositTag"))
                    $root.swarmgate.v1.DepositTag.encode(message.depositTag, writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
                if (message.emergencyStop != null && $Object.hasOwnProperty.call(message, "emergencyStop"))
                    $root.swarmgate.v1.EmergencyStop.encode(message.emergencyStop, writer.uint32(/* id 9, wireType 2 =*/74).fork(), _depth + 1).ldelim();
                if (message.releaseEmergencyStop != null && $Object.hasOwnProperty.call(message, "releaseEmergencyStop"))
                    $root.swarmgate.v1.ReleaseEmergencyStop.encode(message.releaseEmergencyStop, writer.uint32(/* id 10, wireType 2 =*/82).fork(), _depth + 1).ldelim();
                if (message.requestBirth != null && $Object.hasOwnProperty.call(message, "requestBirth"))
                    $root.swarmgate.v1.RequestBirth.encode(message.requestBirth, writer.uint32(/* id 11, wireType 2 =*/90).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Command message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Command
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Command & swarmgate.v1.Command.$Shape} Command
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Command.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Command();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.commandId = value;
                            else
                                delete message.commandId;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            message.move = $root.swarmgate.v1.Move.decode(reader, reader.size(), $undefined, _depth + 1, message.move);
                            message.action = "move";
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            message.rotate = $root.swarmgate.v1.Rotate.decode(reader, reader.size(), $undefined, _depth + 1, message.rotate);
                            message.action = "rotate";
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            message.velocity = $root.swarmgate.v1.Velocity.decode(reader, reader.size(), $undefined, _depth + 1, message.velocity);
                            message.action = "velocity";
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            message.wheelSpeeds = $root.swarmgate.v1.WheelSpeeds.decode(reader, reader.size(), $undefined, _depth + 1, message.wheelSpeeds);
                            message.action = "wheelSpeeds";
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            message.stop = $root.swarmgate.v1.Stop.decode(reader, reader.size(), $undefined, _depth + 1, message.stop);
                            message.action = "stop";
                            continue;
                        }
                    case 7: {
                            if (wireType !== 2)
                                break;
                            message.broadcast = $root.swarmgate.v1.Broadcast.decode(reader, reader.size(), $undefined, _depth + 1, message.broadcast);
                            message.action = "broadcast";
                            continue;
                        }
                    case 8: {
                            if (wireType !== 2)
                                break;
                            message.depositTag = $root.swarmgate.v1.DepositTag.decode(reader, reader.size(), $undefined, _depth + 1, message.depositTag);
                            message.action = "depositTag";
                            continue;
                        }
                    case 9: {
                            if (wireType !== 2)
                                break;
                            message.emergencyStop = $root.swarmgate.v1.EmergencyStop.decode(reader, reader.size(), $undefined, _depth + 1, message.emergencyStop);
                            message.action = "emergencyStop";
                            continue;
                        }
                    case 10: {
                            if (wireType !== 2)
                                break;
                            message.releaseEmergencyStop = $root.swarmgate.v1.ReleaseEmergencyStop.decode(reader, reader.size(), $undefined, _depth + 1, message.releaseEmergencyStop);
                            message.action = "releaseEmergencyStop";
                            continue;
                        }
                    case 11: {
                            if (wireType !== 2)
                                break;
                            message.requestBirth = $root.swarmgate.v1.RequestBirth.decode(reader, reader.size(), $undefined, _depth + 1, message.requestBirth);
                            message.action = "requestBirth";
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Command;
        })();

        v1.MotorCommand = (function() {

            /**
             * Properties of a MotorCommand.
             * @typedef {Object} swarmgate.v1.MotorCommand.$Properties
             * @property {number|null} [leftMps] MotorCommand leftMps
             * @property {number|null} [rightMps] MotorCommand rightMps
             * @property {number|null} [deadlineMs] MotorCommand deadlineMs
             * @property {number|null} [commandId] MotorCommand commandId
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a MotorCommand.
             * @memberof swarmgate.v1
             * @interface IMotorCommand
             * @augments swarmgate.v1.MotorCommand.$Properties
             * @deprecated Use swarmgate.v1.MotorCommand.$Properties instead.
             */

            /**
             * Shape of a MotorCommand.
             * @typedef {swarmgate.v1.MotorCommand.$Properties} swarmgate.v1.MotorCommand.$Shape
             */

            /**
             * Constructs a new MotorCommand.
             * @memberof swarmgate.v1
             * @classdesc Represents a MotorCommand.
             * @constructor
             * @param {swarmgate.v1.MotorCommand.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const MotorCommand = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * MotorCommand leftMps.
             * @member {number} leftMps
             * @memberof swarmgate.v1.MotorCommand
             * @instance
             */
            MotorCommand.prototype.leftMps = 0;

            /**
             * MotorCommand rightMps.
             * @member {number} rightMps
             * @memberof swarmgate.v1.MotorCommand
             * @instance
             */
            MotorCommand.prototype.rightMps = 0;

            /**
             * MotorCommand deadlineMs.
             * @member {number} deadlineMs
             * @memberof swarmgate.v1.MotorCommand
             * @instance
             */
            MotorCommand.prototype.deadlineMs = 0;

            /**
             * MotorCommand commandId.
             * @member {number} commandId
             * @memberof swarmgate.v1.MotorCommand
             * @instance
             */
            MotorCommand.prototype.commandId = 0;

            /**
             * Creates a new MotorCommand instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.MotorCommand
             * @static
             * @param {swarmgate.v1.MotorCommand.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.MotorCommand} MotorCommand instance
             * @type {{
             *   (properties: swarmgate.v1.MotorCommand.$Shape): swarmgate.v1.MotorCommand & swarmgate.v1.MotorCommand.$Shape;
             *   (properties?: swarmgate.v1.MotorCommand.$Properties): swarmgate.v1.MotorCommand;
             * }}
             */
            MotorCommand.create = function(properties) {
                return new MotorCommand(properties);
            };

            /**
             * Encodes the specified MotorCommand message. Does not implicitly {@link swarmgate.v1.MotorCommand.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.MotorCommand
             * @static
             * @param {swarmgate.v1.MotorCommand.$Properties} message MotorCommand message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            MotorCommand.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.leftMps != null && $Object.hasOwnProperty.call(message, "leftMps") && !$Object.is(message.leftMps, 0))
                    writer.uint32(/* id 1, wireType 5 =*/13).float(message.leftMps);
                if (message.rightMps != null && $Object.hasOwnProperty.call(message, "rightMps") && !$Object.is(message.rightMps, 0))
                    writer.uint32(/* id 2, wireType 5 =*/21).float(message.rightMps);
                if (message.deadlineMs != null && $Object.hasOwnProperty.call(message, "deadlineMs") && message.deadlineMs !== 0)
                    writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.deadlineMs);
                if (message.commandId != null && $Object.hasOwnProperty.call(message, "commandId") && message.commandId !== 0)
                    writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.commandId);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a MotorCommand message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.MotorCommand
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.MotorCommand & swarmgate.v1.MotorCommand.$Shape} MotorCommand
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            MotorCommand.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.MotorCommand();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.leftMps = value;
                            else
                                delete message.leftMps;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 5)
                                break;
                            if (!$Object.is(value = reader.float(), 0))
                                message.rightMps = value;
                            else
                                delete message.rightMps;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.deadlineMs = value;
                            else
                                delete message.deadlineMs;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.commandId = value;
                            else
                                delete message.commandId;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return MotorCommand;
        })();

        v1.Ack = (function() {

            /**
             * Properties of an Ack.
             * @typedef {Object} swarmgate.v1.Ack.$Properties
             * @property {number|null} [commandId] Ack commandId
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Ack.
             * @memberof swarmgate.v1
             * @interface IAck
             * @augments swarmgate.v1.Ack.$Properties
             * @deprecated Use swarmgate.v1.Ack.$Properties instead.
             */

            /**
             * Shape of an Ack.
             * @typedef {swarmgate.v1.Ack.$Properties} swarmgate.v1.Ack.$Shape
             */

            /**
             * Constructs a new Ack.
             * @memberof swarmgate.v1
             * @classdesc Represents an Ack.
             * @constructor
             * @param {swarmgate.v1.Ack.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Ack = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Ack commandId.
             * @member {number} commandId
             * @memberof swarmgate.v1.Ack
             * @instance
             */
            Ack.prototype.commandId = 0;

            /**
             * Creates a new Ack instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Ack
             * @static
             * @param {swarmgate.v1.Ack.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Ack} Ack instance
             * @type {{
             *   (properties: swarmgate.v1.Ack.$Shape): swarmgate.v1.Ack & swarmgate.v1.Ack.$Shape;
             *   (properties?: swarmgate.v1.Ack.$Properties): swarmgate.v1.Ack;
             * }}
             */
            Ack.create = function(properties) {
                return new Ack(properties);
            };

            /**
             * Encodes the specified Ack message. Does not implicitly {@link swarmgate.v1.Ack.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Ack
             * @static
             * @param {swarmgate.v1.Ack.$Properties} message Ack message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Ack.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.commandId != null && $Object.hasOwnProperty.call(message, "commandId") && message.commandId !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.commandId);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an Ack message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Ack
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Ack & swarmgate.v1.Ack.$Shape} Ack
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Ack.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Ack();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.commandId = value;
                            else
                                delete message.commandId;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Ack;
        })();

        /**
         * ErrorCode enum.
         * @name swarmgate.v1.ErrorCode
         * @enum {number}
         * @property {number} ERROR_CODE_UNSPECIFIED=0 ERROR_CODE_UNSPECIFIED value
         * @property {number} ERROR_CODE_DECODE=1 ERROR_CODE_DECODE value
         * @property {number} ERROR_CODE_VERSION=2 ERROR_CODE_VERSION value
         * @property {number} ERROR_CODE_CRC=3 ERROR_CODE_CRC value
         * @property {number} ERROR_CODE_UNSUPPORTED=4 ERROR_CODE_UNSUPPORTED value
         * @property {number} ERROR_CODE_OUT_OF_RANGE=5 ERROR_CODE_OUT_OF_RANGE value
         * @property {number} ERROR_CODE_BUSY=6 ERROR_CODE_BUSY value
         * @property {number} ERROR_CODE_WATCHDOG=7 ERROR_CODE_WATCHDOG value
         * @property {number} ERROR_CODE_EMERGENCY_STOP=8 ERROR_CODE_EMERGENCY_STOP value
         * @property {number} ERROR_CODE_INTERNAL=9 ERROR_CODE_INTERNAL value
         */
        v1.ErrorCode = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "ERROR_CODE_UNSPECIFIED"] = 0;
            values[valuesById[1] = "ERROR_CODE_DECODE"] = 1;
            values[valuesById[2] = "ERROR_CODE_VERSION"] = 2;
            values[valuesById[3] = "ERROR_CODE_CRC"] = 3;
            values[valuesById[4] = "ERROR_CODE_UNSUPPORTED"] = 4;
            values[valuesById[5] = "ERROR_CODE_OUT_OF_RANGE"] = 5;
            values[valuesById[6] = "ERROR_CODE_BUSY"] = 6;
            values[valuesById[7] = "ERROR_CODE_WATCHDOG"] = 7;
            values[valuesById[8] = "ERROR_CODE_EMERGENCY_STOP"] = 8;
            values[valuesById[9] = "ERROR_CODE_INTERNAL"] = 9;
            return values;
        })();

        v1.Error = (function() {

            /**
             * Properties of an Error.
             * @typedef {Object} swarmgate.v1.Error.$Properties
             * @property {swarmgate.v1.ErrorCode|null} [code] Error code
             * @property {string|null} [message] Error message
             * @property {number|null} [refSeq] Error refSeq
             * @property {number|null} [commandId] Error commandId
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Error.
             * @memberof swarmgate.v1
             * @interface IError
             * @augments swarmgate.v1.Error.$Properties
             * @deprecated Use swarmgate.v1.Error.$Properties instead.
             */

            /**
             * Shape of an Error.
             * @typedef {swarmgate.v1.Error.$Properties} swarmgate.v1.Error.$Shape
             */

            /**
             * Constructs a new Error.
             * @memberof swarmgate.v1
             * @classdesc Represents an Error.
             * @constructor
             * @param {swarmgate.v1.Error.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Error = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Error code.
             * @member {swarmgate.v1.ErrorCode} code
             * @memberof swarmgate.v1.Error
             * @instance
             */
            Error.prototype.code = 0;

            /**
             * Error message.
             * @member {string} message
             * @memberof swarmgate.v1.Error
             * @instance
             */
            Error.prototype.message = "";

            /**
             * Error refSeq.
             * @member {number} refSeq
             * @memberof swarmgate.v1.Error
             * @instance
             */
            Error.prototype.refSeq = 0;

            /**
             * Error commandId.
             * @member {number} commandId
             * @memberof swarmgate.v1.Error
             * @instance
             */
            Error.prototype.commandId = 0;

            /**
             * Creates a new Error instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Error
             * @static
             * @param {swarmgate.v1.Error.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Error} Error instance
             * @type {{
             *   (properties: swarmgate.v1.Error.$Shape): swarmgate.v1.Error & swarmgate.v1.Error.$Shape;
             *   (properties?: swarmgate.v1.Error.$Properties): swarmgate.v1.Error;
             * }}
             */
            Error.create = function(properties) {
                return new Error(properties);
            };

            /**
             * Encodes the specified Error message. Does not implicitly {@link swarmgate.v1.Error.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Error
             * @static
             * @param {swarmgate.v1.Error.$Properties} message Error message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Error.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.code != null && $Object.hasOwnProperty.call(message, "code") && message.code !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).int32(message.code);
                if (message.message != null && $Object.hasOwnProperty.call(message, "message") && message.message !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.message);
                if (message.refSeq != null && $Object.hasOwnProperty.call(message, "refSeq") && message.refSeq !== 0)
                    writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.refSeq);
                if (message.commandId != null && $Object.hasOwnProperty.call(message, "commandId") && message.commandId !== 0)
                    writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.commandId);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an Error message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Error
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Error & swarmgate.v1.Error.$Shape} Error
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Error.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Error();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.code = value;
                            else
                                delete message.code;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.message = value;
                            else
                                delete message.message;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.refSeq = value;
                            else
                                delete message.refSeq;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.commandId = value;
                            else
                                delete message.commandId;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Error;
        })();

        v1.Envelope = (function() {

            /**
             * Properties of an Envelope.
             * @typedef {Object} swarmgate.v1.Envelope.$Properties
             * @property {swarmgate.v1.ProtocolVersion.$Properties|null} [version] Envelope version
             * @property {string|null} [robotId] Envelope robotId
             * @property {number|null} [seq] Envelope seq
             * @property {number|null} [timestampMs] Envelope timestampMs
             * @property {swarmgate.v1.Birth.$Properties|null} [birth] Envelope birth
             * @property {swarmgate.v1.Death.$Properties|null} [death] Envelope death
             * @property {swarmgate.v1.Telemetry.$Properties|null} [telemetry] Envelope telemetry
             * @property {swarmgate.v1.TrackerPose.$Properties|null} [trackerPose] Envelope trackerPose
             * @property {swarmgate.v1.State.$Properties|null} [state] Envelope state
             * @property {swarmgate.v1.Command.$Properties|null} [command] Envelope command
             * @property {swarmgate.v1.MotorCommand.$Properties|null} [motorCommand] Envelope motorCommand
             * @property {swarmgate.v1.Ack.$Properties|null} [ack] Envelope ack
             * @property {swarmgate.v1.Error.$Properties|null} [error] Envelope error
             * @property {"birth"|"death"|"telemetry"|"trackerPose"|"state"|"command"|"motorCommand"|"ack"|"error"} [body] Envelope body
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Envelope.
             * @memberof swarmgate.v1
             * @interface IEnvelope
             * @augments swarmgate.v1.Envelope.$Properties
             * @deprecated Use swarmgate.v1.Envelope.$Properties instead.
             */

            /**
             * Narrowed shape of an Envelope.
             * @typedef {{
             *   version?: swarmgate.v1.ProtocolVersion.$Shape|null;
             *   robotId?: string|null;
             *   seq?: number|null;
             *   timestampMs?: number|null;
             *   birth?: swarmgate.v1.Birth.$Shape|null;
             *   death?: swarmgate.v1.Death.$Shape|null;
             *   telemetry?: swarmgate.v1.Telemetry.$Shape|null;
             *   trackerPose?: swarmgate.v1.TrackerPose.$Shape|null;
             *   state?: swarmgate.v1.State.$Shape|null;
             *   command?: swarmgate.v1.Command.$Shape|null;
             *   motorCommand?: swarmgate.v1.MotorCommand.$Shape|null;
             *   ack?: swarmgate.v1.Ack.$Shape|null;
             *   error?: swarmgate.v1.Error.$Shape|null;
             *   $unknowns?: Array.<Uint8Array>;
             * } & (
             *   ({ body?: undefined; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "birth"; birth: swarmgate.v1.Birth.$Shape; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "death"; birth?: null; death: swarmgate.v1.Death.$Shape; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "telemetry"; birth?: null; death?: null; telemetry: swarmgate.v1.Telemetry.$Shape; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "trackerPose"; birth?: null; death?: null; telemetry?: null; trackerPose: swarmgate.v1.TrackerPose.$Shape; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "state"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state: swarmgate.v1.State.$Shape; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "command"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command: swarmgate.v1.Command.$Shape; motorCommand?: null; ack?: null; error?: null }|{ body?: "motorCommand"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand: swarmgate.v1.MotorCommand.$Shape; ack?: null; error?: null }|{ body?: "ack"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack: swarmgate.v1.Ack.$Shape; error?: null }|{ body?: "error"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error: swarmgate.v1.Error.$Shape })
             * )} swarmgate.v1.Envelope.$Shape
             */

            /**
             * Constructs a new Envelope.
             * @memberof swarmgate.v1
             * @classdesc Represents an Envelope.
             * @constructor
             * @param {swarmgate.v1.Envelope.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Envelope = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Envelope version.
             * @member {swarmgate.v1.ProtocolVersion.$Properties|null|undefined} version
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.version = null;

            /**
             * Envelope robotId.
             * @member {string} robotId
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.robotId = "";

            /**
             * Envelope seq.
             * @member {number} seq
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.seq = 0;

            /**
             * Envelope timestampMs.
             * @member {number} timestampMs
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.timestampMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Envelope birth.
             * @member {swarmgate.v1.Birth.$Properties|null|undefined} birth
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.birth = null;

            /**
             * Envelope death.
             * @member {swarmgate.v1.Death.$Properties|null|undefined} death
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.death = null;

            /**
             * Envelope telemetry.
             * @member {swarmgate.v1.Telemetry.$Properties|null|undefined} telemetry
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.telemetry = null;

            /**
             * Envelope trackerPose.
             * @member {swarmgate.v1.TrackerPose.$Properties|null|undefined} trackerPose
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.trackerPose = null;

            /**
             * Envelope state.
             * @member {swarmgate.v1.State.$Properties|null|undefined} state
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.state = null;

            /**
             * Envelope command.
             * @member {swarmgate.v1.Command.$Properties|null|undefined} command
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.command = null;

            /**
             * Envelope motorCommand.
             * @member {swarmgate.v1.MotorCommand.$Properties|null|undefined} motorCommand
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.motorCommand = null;

            /**
             * Envelope ack.
             * @member {swarmgate.v1.Ack.$Properties|null|undefined} ack
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.ack = null;

            /**
             * Envelope error.
             * @member {swarmgate.v1.Error.$Properties|null|undefined} error
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            Envelope.prototype.error = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            /**
             * Envelope body.
             * @member {"birth"|"death"|"telemetry"|"trackerPose"|"state"|"command"|"motorCommand"|"ack"|"error"|undefined} body
             * @memberof swarmgate.v1.Envelope
             * @instance
             */
            $Object.defineProperty(Envelope.prototype, "body", {
                get: $util.oneOfGetter($oneOfFields = ["birth", "death", "telemetry", "trackerPose", "state", "command", "motorCommand", "ack", "error"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Creates a new Envelope instance using the specified properties.
             * @function create
             * @memberof swarmgate.v1.Envelope
             * @static
             * @param {swarmgate.v1.Envelope.$Properties=} [properties] Properties to set
             * @returns {swarmgate.v1.Envelope} Envelope instance
             * @type {{
             *   (properties: swarmgate.v1.Envelope.$Shape): swarmgate.v1.Envelope & swarmgate.v1.Envelope.$Shape;
             *   (properties?: swarmgate.v1.Envelope.$Properties): swarmgate.v1.Envelope;
             * }}
             */
            Envelope.create = function(properties) {
                return new Envelope(properties);
            };

            /**
             * Encodes the specified Envelope message. Does not implicitly {@link swarmgate.v1.Envelope.verify|verify} messages.
             * @function encode
             * @memberof swarmgate.v1.Envelope
             * @static
             * @param {swarmgate.v1.Envelope.$Properties} message Envelope message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Envelope.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.version != null && $Object.hasOwnProperty.call(message, "version"))
                    $root.swarmgate.v1.ProtocolVersion.encode(message.version, writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                if (message.robotId != null && $Object.hasOwnProperty.call(message, "robotId") && message.robotId !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.robotId);
                if (message.seq != null && $Object.hasOwnProperty.call(message, "seq") && message.seq !== 0)
                    writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.seq);
                if (message.timestampMs != null && $Object.hasOwnProperty.call(message, "timestampMs") && (typeof message.timestampMs === "object" ? message.timestampMs.low || message.timestampMs.high : message.timestampMs !== 0))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.timestampMs);
                if (message.birth != null && $Object.hasOwnProperty.call(message, "birth"))
                    $root.swarmgate.v1.Birth.encode(message.birth, writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
                if (message.death != null && $Object.hasOwnProperty.call(message, "death"))
                    $root.swarmgate.v1.Death.encode(message.death, writer.uint32(/* id 9, wireType 2 =*/74).fork(), _depth + 1).ldelim();
                if (message.telemetry != null && $Object.hasOwnProperty.call(message, "telemetry"))
                    $root.swarmgate.v1.Telemetry.encode(message.telemetry, writer.uint32(/* id 10, wireType 2 =*/82).fork(), _depth + 1).ldelim();
                if (message.trackerPose != null && $Object.hasOwnProperty.call(message, "trackerPose"))
                    $root.swarmgate.v1.TrackerPose.encode(message.trackerPose, writer.uint32(/* id 11, wireType 2 =*/90).fork(), _depth + 1).ldelim();
                if (message.state != null && $Object.hasOwnProperty.call(message, "state"))
                    $root.swarmgate.v1.State.encode(message.state, writer.uint32(/* id 12, wireType 2 =*/98).fork(), _depth + 1).ldelim();
                if (message.command != null && $Object.hasOwnProperty.call(message, "command"))
                    $root.swarmgate.v1.Command.encode(message.command, writer.uint32(/* id 13, wireType 2 =*/106).fork(), _depth + 1).ldelim();
                if (message.motorCommand != null && $Object.hasOwnProperty.call(message, "motorCommand"))
                    $root.swarmgate.v1.MotorCommand.encode(message.motorCommand, writer.uint32(/* id 14, wireType 2 =*/114).fork(), _depth + 1).ldelim();
                if (message.ack != null && $Object.hasOwnProperty.call(message, "ack"))
                    $root.swarmgate.v1.Ack.encode(message.ack, writer.uint32(/* id 15, wireType 2 =*/122).fork(), _depth + 1).ldelim();
                if (message.error != null && $Object.hasOwnProperty.call(message, "error"))
                    $root.swarmgate.v1.Error.encode(message.error, writer.uint32(/* id 16, wireType 2 =*/130).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an Envelope message from the specified reader or buffer.
             * @function decode
             * @memberof swarmgate.v1.Envelope
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {swarmgate.v1.Envelope & swarmgate.v1.Envelope.$Shape} Envelope
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Envelope.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.swarmgate.v1.Envelope();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            message.version = $root.swarmgate.v1.ProtocolVersion.decode(reader, reader.size(), $undefined, _depth + 1, message.version);
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.robotId = value;
                            else
                                delete message.robotId;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.seq = value;
                            else
                                delete message.seq;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.timestampMs = value;
                            else
                                delete message.timestampMs;
                            continue;
                        }
                    case 8: {
                            if (wireType !== 2)
                                break;
                            message.birth = $root.swarmgate.v1.Birth.decode(reader, reader.size(), $undefined, _depth + 1, message.birth);
                            message.body = "birth";
                            continue;
                        }
                    case 9: {
                            if (wireType !== 2)
                                break;
                            message.death = $root.swarmgate.v1.Death.decode(reader, reader.size(), $undefined, _depth + 1, message.death);
                            message.body = "death";
                            continue;
                        }
                    case 10: {
                            if (wireType !== 2)
                                break;
                            message.telemetry = $root.swarmgate.v1.Telemetry.decode(reader, reader.size(), $undefined, _depth + 1, message.telemetry);
                            message.body = "telemetry";
                            continue;
                        }
                    case 11: {
                            if (wireType !== 2)
                                break;
                            message.trackerPose = $root.swarmgate.v1.TrackerPose.decode(reader, reader.size(), $undefined, _depth + 1, message.trackerPose);
                            message.body = "trackerPose";
                            continue;
                        }
                    case 12: {
                            if (wireType !== 2)
                                break;
                            message.state = $root.swarmgate.v1.State.decode(reader, reader.size(), $undefined, _depth + 1, message.state);
                            message.body = "state";
                            continue;
                        }
                    case 13: {
                            if (wireType !== 2)
                                break;
                            message.command = $root.swarmgate.v1.Command.decode(reader, reader.size(), $undefined, _depth + 1, message.command);
                            message.body = "command";
                            continue;
                        }
                    case 14: {
                            if (wireType !== 2)
                                break;
                            message.motorCommand = $root.swarmgate.v1.MotorCommand.decode(reader, reader.size(), $undefined, _depth + 1, message.motorCommand);
                            message.body = "motorCommand";
                            continue;
                        }
                    case 15: {
                            if (wireType !== 2)
                                break;
                            message.ack = $root.swarmgate.v1.Ack.decode(reader, reader.size(), $undefined, _depth + 1, message.ack);
                            message.body = "ack";
                            continue;
                        }
                    case 16: {
                            if (wireType !== 2)
                                break;
                            message.error = $root.swarmgate.v1.Error.decode(reader, reader.size(), $undefined, _depth + 1, message.error);
                            message.body = "error";
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            return Envelope;
        })();

        return v1;
    })();

    return swarmgate;
})();

export {
  $root as default
};
