import * as $protobuf from "protobufjs";
import Long = require("long");

/** Namespace swarmgate. */
export namespace swarmgate {

    /** Namespace v1. */
    namespace v1 {

        /**
         * Properties of a ProtocolVersion.
         * @deprecated Use swarmgate.v1.ProtocolVersion.$Properties instead.
         */
        interface IProtocolVersion extends swarmgate.v1.ProtocolVersion.$Properties {
        }

        /** Represents a ProtocolVersion. */
        class ProtocolVersion {

            /**
             * Constructs a new ProtocolVersion.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.ProtocolVersion.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** ProtocolVersion major. */
            major: number;

            /** ProtocolVersion minor. */
            minor: number;

            /**
             * Creates a new ProtocolVersion instance using the specified properties.
             * @param [properties] Properties to set
             * @returns ProtocolVersion instance
             */
            static create(properties: swarmgate.v1.ProtocolVersion.$Shape): swarmgate.v1.ProtocolVersion & swarmgate.v1.ProtocolVersion.$Shape;
            static create(properties?: swarmgate.v1.ProtocolVersion.$Properties): swarmgate.v1.ProtocolVersion;

            /**
             * Encodes the specified ProtocolVersion message. Does not implicitly {@link swarmgate.v1.ProtocolVersion.verify|verify} messages.
             * @param message ProtocolVersion message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.ProtocolVersion.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a ProtocolVersion message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.ProtocolVersion & swarmgate.v1.ProtocolVersion.$Shape} ProtocolVersion
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.ProtocolVersion & swarmgate.v1.ProtocolVersion.$Shape;
        }

        namespace ProtocolVersion {

            /** Properties of a ProtocolVersion. */
            interface $Properties {

                /** ProtocolVersion major */
                major?: (number|null);

                /** ProtocolVersion minor */
                minor?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a ProtocolVersion. */
            type $Shape = swarmgate.v1.ProtocolVersion.$Properties;
        }

        /**
         * Properties of a Pose.
         * @deprecated Use swarmgate.v1.Pose.$Properties instead.
         */
        interface IPose extends swarmgate.v1.Pose.$Properties {
        }

        /** Represents a Pose. */
        class Pose {

            /**
             * Constructs a new Pose.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Pose.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Pose xM. */
            xM: number;

            /** Pose yM. */
            yM: number;

            /** Pose headingRad. */
            headingRad: number;

            /**
             * Creates a new Pose instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Pose instance
             */
            static create(properties: swarmgate.v1.Pose.$Shape): swarmgate.v1.Pose & swarmgate.v1.Pose.$Shape;
            static create(properties?: swarmgate.v1.Pose.$Properties): swarmgate.v1.Pose;

            /**
             * Encodes the specified Pose message. Does not implicitly {@link swarmgate.v1.Pose.verify|verify} messages.
             * @param message Pose message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Pose.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Pose message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Pose & swarmgate.v1.Pose.$Shape} Pose
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Pose & swarmgate.v1.Pose.$Shape;
        }

        namespace Pose {

            /** Properties of a Pose. */
            interface $Properties {

                /** Pose xM */
                xM?: (number|null);

                /** Pose yM */
                yM?: (number|null);

                /** Pose headingRad */
                headingRad?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Pose. */
            type $Shape = swarmgate.v1.Pose.$Properties;
        }

        /**
         * Properties of a Capabilities.
         * @deprecated Use swarmgate.v1.Capabilities.$Properties instead.
         */
        interface ICapabilities extends swarmgate.v1.Capabilities.$Properties {
        }

        /** Represents a Capabilities. */
        class Capabilities {

            /**
             * Constructs a new Capabilities.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Capabilities.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Capabilities maxWheelSpeedMps. */
            maxWheelSpeedMps: number;

            /** Capabilities wheelBaseM. */
            wheelBaseM: number;

            /** Capabilities wheelRadiusM. */
            wheelRadiusM: number;

            /** Capabilities encoderTicksPerRev. */
            encoderTicksPerRev: number;

            /** Capabilities bodyDiameterM. */
            bodyDiameterM: number;

            /** Capabilities sensors. */
            sensors: string[];

            /**
             * Creates a new Capabilities instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Capabilities instance
             */
            static create(properties: swarmgate.v1.Capabilities.$Shape): swarmgate.v1.Capabilities & swarmgate.v1.Capabilities.$Shape;
            static create(properties?: swarmgate.v1.Capabilities.$Properties): swarmgate.v1.Capabilities;

            /**
             * Encodes the specified Capabilities message. Does not implicitly {@link swarmgate.v1.Capabilities.verify|verify} messages.
             * @param message Capabilities message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Capabilities.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Capabilities message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Capabilities & swarmgate.v1.Capabilities.$Shape} Capabilities
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Capabilities & swarmgate.v1.Capabilities.$Shape;
        }

        namespace Capabilities {

            /** Properties of a Capabilities. */
            interface $Properties {

                /** Capabilities maxWheelSpeedMps */
                maxWheelSpeedMps?: (number|null);

                /** Capabilities wheelBaseM */
                wheelBaseM?: (number|null);

                /** Capabilities wheelRadiusM */
                wheelRadiusM?: (number|null);

                /** Capabilities encoderTicksPerRev */
                encoderTicksPerRev?: (number|null);

                /** Capabilities bodyDiameterM */
                bodyDiameterM?: (number|null);

                /** Capabilities sensors */
                sensors?: (string[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Capabilities. */
            type $Shape = swarmgate.v1.Capabilities.$Properties;
        }

        /**
         * Properties of a Birth.
         * @deprecated Use swarmgate.v1.Birth.$Properties instead.
         */
        interface IBirth extends swarmgate.v1.Birth.$Properties {
        }

        /** Represents a Birth. */
        class Birth {

            /**
             * Constructs a new Birth.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Birth.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Birth model. */
            model: string;

            /** Birth firmwareVersion. */
            firmwareVersion: string;

            /** Birth protocolVersion. */
            protocolVersion?: (swarmgate.v1.ProtocolVersion.$Properties|null);

            /** Birth capabilities. */
            capabilities?: (swarmgate.v1.Capabilities.$Properties|null);

            /** Birth session. */
            session: number;

            /**
             * Creates a new Birth instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Birth instance
             */
            static create(properties: swarmgate.v1.Birth.$Shape): swarmgate.v1.Birth & swarmgate.v1.Birth.$Shape;
            static create(properties?: swarmgate.v1.Birth.$Properties): swarmgate.v1.Birth;

            /**
             * Encodes the specified Birth message. Does not implicitly {@link swarmgate.v1.Birth.verify|verify} messages.
             * @param message Birth message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Birth.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Birth message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Birth & swarmgate.v1.Birth.$Shape} Birth
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Birth & swarmgate.v1.Birth.$Shape;
        }

        namespace Birth {

            /** Properties of a Birth. */
            interface $Properties {

                /** Birth model */
                model?: (string|null);

                /** Birth firmwareVersion */
                firmwareVersion?: (string|null);

                /** Birth protocolVersion */
                protocolVersion?: (swarmgate.v1.ProtocolVersion.$Properties|null);

                /** Birth capabilities */
                capabilities?: (swarmgate.v1.Capabilities.$Properties|null);

                /** Birth session */
                session?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Birth. */
            type $Shape = swarmgate.v1.Birth.$Properties;
        }

        /**
         * Properties of a Death.
         * @deprecated Use swarmgate.v1.Death.$Properties instead.
         */
        interface IDeath extends swarmgate.v1.Death.$Properties {
        }

        /** Represents a Death. */
        class Death {

            /**
             * Constructs a new Death.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Death.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Death session. */
            session: number;

            /**
             * Creates a new Death instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Death instance
             */
            static create(properties: swarmgate.v1.Death.$Shape): swarmgate.v1.Death & swarmgate.v1.Death.$Shape;
            static create(properties?: swarmgate.v1.Death.$Properties): swarmgate.v1.Death;

            /**
             * Encodes the specified Death message. Does not implicitly {@link swarmgate.v1.Death.verify|verify} messages.
             * @param message Death message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Death.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Death message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Death & swarmgate.v1.Death.$Shape} Death
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Death & swarmgate.v1.Death.$Shape;
        }

        namespace Death {

            /** Properties of a Death. */
            interface $Properties {

                /** Death session */
                session?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Death. */
            type $Shape = swarmgate.v1.Death.$Properties;
        }

        /**
         * Properties of a Battery.
         * @deprecated Use swarmgate.v1.Battery.$Properties instead.
         */
        interface IBattery extends swarmgate.v1.Battery.$Properties {
        }

        /** Represents a Battery. */
        class Battery {

            /**
             * Constructs a new Battery.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Battery.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Battery volts. */
            volts: number;

            /** Battery fraction. */
            fraction: number;

            /**
             * Creates a new Battery instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Battery instance
             */
            static create(properties: swarmgate.v1.Battery.$Shape): swarmgate.v1.Battery & swarmgate.v1.Battery.$Shape;
            static create(properties?: swarmgate.v1.Battery.$Properties): swarmgate.v1.Battery;

            /**
             * Encodes the specified Battery message. Does not implicitly {@link swarmgate.v1.Battery.verify|verify} messages.
             * @param message Battery message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Battery.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Battery message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Battery & swarmgate.v1.Battery.$Shape} Battery
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Battery & swarmgate.v1.Battery.$Shape;
        }

        namespace Battery {

            /** Properties of a Battery. */
            interface $Properties {

                /** Battery volts */
                volts?: (number|null);

                /** Battery fraction */
                fraction?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Battery. */
            type $Shape = swarmgate.v1.Battery.$Properties;
        }

        /** TelemetryFlag enum. */
        enum TelemetryFlag {

            /** TELEMETRY_FLAG_NONE value */
            TELEMETRY_FLAG_NONE = 0,

            /** TELEMETRY_FLAG_MOTORS_ENABLED value */
            TELEMETRY_FLAG_MOTORS_ENABLED = 1,

            /** TELEMETRY_FLAG_WATCHDOG_STOP value */
            TELEMETRY_FLAG_WATCHDOG_STOP = 2,

            /** TELEMETRY_FLAG_EMERGENCY_STOP value */
            TELEMETRY_FLAG_EMERGENCY_STOP = 4,

            /** TELEMETRY_FLAG_LOW_BATTERY value */
            TELEMETRY_FLAG_LOW_BATTERY = 8,

            /** TELEMETRY_FLAG_CHARGING value */
            TELEMETRY_FLAG_CHARGING = 16
        }

        /**
         * Properties of a Telemetry.
         * @deprecated Use swarmgate.v1.Telemetry.$Properties instead.
         */
        interface ITelemetry extends swarmgate.v1.Telemetry.$Properties {
        }

        /** Represents a Telemetry. */
        class Telemetry {

            /**
             * Constructs a new Telemetry.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Telemetry.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Telemetry encoderLeftTicks. */
            encoderLeftTicks: number;

            /** Telemetry encoderRightTicks. */
            encoderRightTicks: number;

            /** Telemetry odometry. */
            odometry?: (swarmgate.v1.Pose.$Properties|null);

            /** Telemetry irRangesM. */
            irRangesM: number[];

            /** Telemetry battery. */
            battery?: (swarmgate.v1.Battery.$Properties|null);

            /** Telemetry imuYawRateRadps. */
            imuYawRateRadps: number;

            /** Telemetry flags. */
            flags: number;

            /** Telemetry ledRgb. */
            ledRgb: number;

            /**
             * Creates a new Telemetry instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Telemetry instance
             */
            static create(properties: swarmgate.v1.Telemetry.$Shape): swarmgate.v1.Telemetry & swarmgate.v1.Telemetry.$Shape;
            static create(properties?: swarmgate.v1.Telemetry.$Properties): swarmgate.v1.Telemetry;

            /**
             * Encodes the specified Telemetry message. Does not implicitly {@link swarmgate.v1.Telemetry.verify|verify} messages.
             * @param message Telemetry message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Telemetry.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Telemetry message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Telemetry & swarmgate.v1.Telemetry.$Shape} Telemetry
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Telemetry & swarmgate.v1.Telemetry.$Shape;
        }

        namespace Telemetry {

            /** Properties of a Telemetry. */
            interface $Properties {

                /** Telemetry encoderLeftTicks */
                encoderLeftTicks?: (number|null);

                /** Telemetry encoderRightTicks */
                encoderRightTicks?: (number|null);

                /** Telemetry odometry */
                odometry?: (swarmgate.v1.Pose.$Properties|null);

                /** Telemetry irRangesM */
                irRangesM?: (number[]|null);

                /** Telemetry battery */
                battery?: (swarmgate.v1.Battery.$Properties|null);

                /** Telemetry imuYawRateRadps */
                imuYawRateRadps?: (number|null);

                /** Telemetry flags */
                flags?: (number|null);

                /** Telemetry ledRgb */
                ledRgb?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Telemetry. */
            type $Shape = swarmgate.v1.Telemetry.$Properties;
        }

        /**
         * Properties of a TrackerPose.
         * @deprecated Use swarmgate.v1.TrackerPose.$Properties instead.
         */
        interface ITrackerPose extends swarmgate.v1.TrackerPose.$Properties {
        }

        /** Represents a TrackerPose. */
        class TrackerPose {

            /**
             * Constructs a new TrackerPose.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.TrackerPose.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** TrackerPose xM. */
            xM: number;

            /** TrackerPose yM. */
            yM: number;

            /** TrackerPose headingRad. */
            headingRad: number;

            /** TrackerPose trackerTimestampMs. */
            trackerTimestampMs: number;

            /**
             * Creates a new TrackerPose instance using the specified properties.
             * @param [properties] Properties to set
             * @returns TrackerPose instance
             */
            static create(properties: swarmgate.v1.TrackerPose.$Shape): swarmgate.v1.TrackerPose & swarmgate.v1.TrackerPose.$Shape;
            static create(properties?: swarmgate.v1.TrackerPose.$Properties): swarmgate.v1.TrackerPose;

            /**
             * Encodes the specified TrackerPose message. Does not implicitly {@link swarmgate.v1.TrackerPose.verify|verify} messages.
             * @param message TrackerPose message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.TrackerPose.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a TrackerPose message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.TrackerPose & swarmgate.v1.TrackerPose.$Shape} TrackerPose
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.TrackerPose & swarmgate.v1.TrackerPose.$Shape;
        }

        namespace TrackerPose {

            /** Properties of a TrackerPose. */
            interface $Properties {

                /** TrackerPose xM */
                xM?: (number|null);

                /** TrackerPose yM */
                yM?: (number|null);

                /** TrackerPose headingRad */
                headingRad?: (number|null);

                /** TrackerPose trackerTimestampMs */
                trackerTimestampMs?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a TrackerPose. */
            type $Shape = swarmgate.v1.TrackerPose.$Properties;
        }

        /** RobotStatus enum. */
        enum RobotStatus {

            /** ROBOT_STATUS_UNSPECIFIED value */
            ROBOT_STATUS_UNSPECIFIED = 0,

            /** ROBOT_STATUS_IDLE value */
            ROBOT_STATUS_IDLE = 1,

            /** ROBOT_STATUS_MOVING value */
            ROBOT_STATUS_MOVING = 2,

            /** ROBOT_STATUS_ROTATING value */
            ROBOT_STATUS_ROTATING = 3,

            /** ROBOT_STATUS_DRIVING value */
            ROBOT_STATUS_DRIVING = 4
        }

        /**
         * Properties of a Collision.
         * @deprecated Use swarmgate.v1.Collision.$Properties instead.
         */
        interface ICollision extends swarmgate.v1.Collision.$Properties {
        }

        /** Represents a Collision. */
        class Collision {

            /**
             * Constructs a new Collision.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Collision.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Collision started. */
            started: boolean;

            /** Collision touching. */
            touching: boolean;

            /**
             * Creates a new Collision instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Collision instance
             */
            static create(properties: swarmgate.v1.Collision.$Shape): swarmgate.v1.Collision & swarmgate.v1.Collision.$Shape;
            static create(properties?: swarmgate.v1.Collision.$Properties): swarmgate.v1.Collision;

            /**
             * Encodes the specified Collision message. Does not implicitly {@link swarmgate.v1.Collision.verify|verify} messages.
             * @param message Collision message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Collision.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Collision message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Collision & swarmgate.v1.Collision.$Shape} Collision
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Collision & swarmgate.v1.Collision.$Shape;
        }

        namespace Collision {

            /** Properties of a Collision. */
            interface $Properties {

                /** Collision started */
                started?: (boolean|null);

                /** Collision touching */
                touching?: (boolean|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Collision. */
            type $Shape = swarmgate.v1.Collision.$Properties;
        }

        /**
         * Properties of a LidarScan.
         * @deprecated Use swarmgate.v1.LidarScan.$Properties instead.
         */
        interface ILidarScan extends swarmgate.v1.LidarScan.$Properties {
        }

        /** Represents a LidarScan. */
        class LidarScan {

            /**
             * Constructs a new LidarScan.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.LidarScan.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** LidarScan angleMinRad. */
            angleMinRad: number;

            /** LidarScan angleIncrementRad. */
            angleIncrementRad: number;

            /** LidarScan rangeMaxM. */
            rangeMaxM: number;

            /** LidarScan rangesM. */
            rangesM: number[];

            /**
             * Creates a new LidarScan instance using the specified properties.
             * @param [properties] Properties to set
             * @returns LidarScan instance
             */
            static create(properties: swarmgate.v1.LidarScan.$Shape): swarmgate.v1.LidarScan & swarmgate.v1.LidarScan.$Shape;
            static create(properties?: swarmgate.v1.LidarScan.$Properties): swarmgate.v1.LidarScan;

            /**
             * Encodes the specified LidarScan message. Does not implicitly {@link swarmgate.v1.LidarScan.verify|verify} messages.
             * @param message LidarScan message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.LidarScan.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a LidarScan message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.LidarScan & swarmgate.v1.LidarScan.$Shape} LidarScan
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.LidarScan & swarmgate.v1.LidarScan.$Shape;
        }

        namespace LidarScan {

            /** Properties of a LidarScan. */
            interface $Properties {

                /** LidarScan angleMinRad */
                angleMinRad?: (number|null);

                /** LidarScan angleIncrementRad */
                angleIncrementRad?: (number|null);

                /** LidarScan rangeMaxM */
                rangeMaxM?: (number|null);

                /** LidarScan rangesM */
                rangesM?: (number[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a LidarScan. */
            type $Shape = swarmgate.v1.LidarScan.$Properties;
        }

        /**
         * Properties of a NearbyRobot.
         * @deprecated Use swarmgate.v1.NearbyRobot.$Properties instead.
         */
        interface INearbyRobot extends swarmgate.v1.NearbyRobot.$Properties {
        }

        /** Represents a NearbyRobot. */
        class NearbyRobot {

            /**
             * Constructs a new NearbyRobot.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.NearbyRobot.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** NearbyRobot id. */
            id: string;

            /** NearbyRobot distanceM. */
            distanceM: number;

            /** NearbyRobot bearingRad. */
            bearingRad: number;

            /**
             * Creates a new NearbyRobot instance using the specified properties.
             * @param [properties] Properties to set
             * @returns NearbyRobot instance
             */
            static create(properties: swarmgate.v1.NearbyRobot.$Shape): swarmgate.v1.NearbyRobot & swarmgate.v1.NearbyRobot.$Shape;
            static create(properties?: swarmgate.v1.NearbyRobot.$Properties): swarmgate.v1.NearbyRobot;

            /**
             * Encodes the specified NearbyRobot message. Does not implicitly {@link swarmgate.v1.NearbyRobot.verify|verify} messages.
             * @param message NearbyRobot message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.NearbyRobot.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a NearbyRobot message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.NearbyRobot & swarmgate.v1.NearbyRobot.$Shape} NearbyRobot
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.NearbyRobot & swarmgate.v1.NearbyRobot.$Shape;
        }

        namespace NearbyRobot {

            /** Properties of a NearbyRobot. */
            interface $Properties {

                /** NearbyRobot id */
                id?: (string|null);

                /** NearbyRobot distanceM */
                distanceM?: (number|null);

                /** NearbyRobot bearingRad */
                bearingRad?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a NearbyRobot. */
            type $Shape = swarmgate.v1.NearbyRobot.$Properties;
        }

        /**
         * Properties of an InboxMessage.
         * @deprecated Use swarmgate.v1.InboxMessage.$Properties instead.
         */
        interface IInboxMessage extends swarmgate.v1.InboxMessage.$Properties {
        }

        /** Represents an InboxMessage. */
        class InboxMessage {

            /**
             * Constructs a new InboxMessage.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.InboxMessage.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** InboxMessage from. */
            from: string;

            /** InboxMessage sentTick. */
            sentTick: number;

            /** InboxMessage payload. */
            payload: Uint8Array;

            /**
             * Creates a new InboxMessage instance using the specified properties.
             * @param [properties] Properties to set
             * @returns InboxMessage instance
             */
            static create(properties: swarmgate.v1.InboxMessage.$Shape): swarmgate.v1.InboxMessage & swarmgate.v1.InboxMessage.$Shape;
            static create(properties?: swarmgate.v1.InboxMessage.$Properties): swarmgate.v1.InboxMessage;

            /**
             * Encodes the specified InboxMessage message. Does not implicitly {@link swarmgate.v1.InboxMessage.verify|verify} messages.
             * @param message InboxMessage message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.InboxMessage.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an InboxMessage message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.InboxMessage & swarmgate.v1.InboxMessage.$Shape} InboxMessage
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.InboxMessage & swarmgate.v1.InboxMessage.$Shape;
        }

        namespace InboxMessage {

            /** Properties of an InboxMessage. */
            interface $Properties {

                /** InboxMessage from */
                from?: (string|null);

                /** InboxMessage sentTick */
                sentTick?: (number|null);

                /** InboxMessage payload */
                payload?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an InboxMessage. */
            type $Shape = swarmgate.v1.InboxMessage.$Properties;
        }

        /**
         * Properties of a NearbyTag.
         * @deprecated Use swarmgate.v1.NearbyTag.$Properties instead.
         */
        interface INearbyTag extends swarmgate.v1.NearbyTag.$Properties {
        }

        /** Represents a NearbyTag. */
        class NearbyTag {

            /**
             * Constructs a new NearbyTag.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.NearbyTag.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** NearbyTag id. */
            id: number;

            /** NearbyTag xM. */
            xM: number;

            /** NearbyTag yM. */
            yM: number;

            /** NearbyTag distanceM. */
            distanceM: number;

            /** NearbyTag payload. */
            payload: Uint8Array;

            /**
             * Creates a new NearbyTag instance using the specified properties.
             * @param [properties] Properties to set
             * @returns NearbyTag instance
             */
            static create(properties: swarmgate.v1.NearbyTag.$Shape): swarmgate.v1.NearbyTag & swarmgate.v1.NearbyTag.$Shape;
            static create(properties?: swarmgate.v1.NearbyTag.$Properties): swarmgate.v1.NearbyTag;

            /**
             * Encodes the specified NearbyTag message. Does not implicitly {@link swarmgate.v1.NearbyTag.verify|verify} messages.
             * @param message NearbyTag message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.NearbyTag.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a NearbyTag message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.NearbyTag & swarmgate.v1.NearbyTag.$Shape} NearbyTag
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.NearbyTag & swarmgate.v1.NearbyTag.$Shape;
        }

        namespace NearbyTag {

            /** Properties of a NearbyTag. */
            interface $Properties {

                /** NearbyTag id */
                id?: (number|null);

                /** NearbyTag xM */
                xM?: (number|null);

                /** NearbyTag yM */
                yM?: (number|null);

                /** NearbyTag distanceM */
                distanceM?: (number|null);

                /** NearbyTag payload */
                payload?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a NearbyTag. */
            type $Shape = swarmgate.v1.NearbyTag.$Properties;
        }

        /**
         * Properties of a State.
         * @deprecated Use swarmgate.v1.State.$Properties instead.
         */
        interface IState extends swarmgate.v1.State.$Properties {
        }

        /** Represents a State. */
        class State {

            /**
             * Constructs a new State.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.State.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** State tick. */
            tick: number;

            /** State pose. */
            pose?: (swarmgate.v1.Pose.$Properties|null);

            /** State status. */
            status: swarmgate.v1.RobotStatus;

            /** State collision. */
            collision?: (swarmgate.v1.Collision.$Properties|null);

            /** State scan. */
            scan?: (swarmgate.v1.LidarScan.$Properties|null);

            /** State nearbyRobots. */
            nearbyRobots: swarmgate.v1.NearbyRobot.$Properties[];

            /** State inbox. */
            inbox: swarmgate.v1.InboxMessage.$Properties[];

            /** State nearbyTags. */
            nearbyTags: swarmgate.v1.NearbyTag.$Properties[];

            /** State battery. */
            battery?: (swarmgate.v1.Battery.$Properties|null);

            /**
             * Creates a new State instance using the specified properties.
             * @param [properties] Properties to set
             * @returns State instance
             */
            static create(properties: swarmgate.v1.State.$Shape): swarmgate.v1.State & swarmgate.v1.State.$Shape;
            static create(properties?: swarmgate.v1.State.$Properties): swarmgate.v1.State;

            /**
             * Encodes the specified State message. Does not implicitly {@link swarmgate.v1.State.verify|verify} messages.
             * @param message State message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.State.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a State message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.State & swarmgate.v1.State.$Shape} State
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.State & swarmgate.v1.State.$Shape;
        }

        namespace State {

            /** Properties of a State. */
            interface $Properties {

                /** State tick */
                tick?: (number|null);

                /** State pose */
                pose?: (swarmgate.v1.Pose.$Properties|null);

                /** State status */
                status?: (swarmgate.v1.RobotStatus|null);

                /** State collision */
                collision?: (swarmgate.v1.Collision.$Properties|null);

                /** State scan */
                scan?: (swarmgate.v1.LidarScan.$Properties|null);

                /** State nearbyRobots */
                nearbyRobots?: (swarmgate.v1.NearbyRobot.$Properties[]|null);

                /** State inbox */
                inbox?: (swarmgate.v1.InboxMessage.$Properties[]|null);

                /** State nearbyTags */
                nearbyTags?: (swarmgate.v1.NearbyTag.$Properties[]|null);

                /** State battery */
                battery?: (swarmgate.v1.Battery.$Properties|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a State. */
            type $Shape = swarmgate.v1.State.$Properties;
        }

        /**
         * Properties of a Move.
         * @deprecated Use swarmgate.v1.Move.$Properties instead.
         */
        interface IMove extends swarmgate.v1.Move.$Properties {
        }

        /** Represents a Move. */
        class Move {

            /**
             * Constructs a new Move.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Move.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Move distanceM. */
            distanceM: number;

            /**
             * Creates a new Move instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Move instance
             */
            static create(properties: swarmgate.v1.Move.$Shape): swarmgate.v1.Move & swarmgate.v1.Move.$Shape;
            static create(properties?: swarmgate.v1.Move.$Properties): swarmgate.v1.Move;

            /**
             * Encodes the specified Move message. Does not implicitly {@link swarmgate.v1.Move.verify|verify} messages.
             * @param message Move message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Move.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Move message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Move & swarmgate.v1.Move.$Shape} Move
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Move & swarmgate.v1.Move.$Shape;
        }

        namespace Move {

            /** Properties of a Move. */
            interface $Properties {

                /** Move distanceM */
                distanceM?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Move. */
            type $Shape = swarmgate.v1.Move.$Properties;
        }

        /**
         * Properties of a Rotate.
         * @deprecated Use swarmgate.v1.Rotate.$Properties instead.
         */
        interface IRotate extends swarmgate.v1.Rotate.$Properties {
        }

        /** Represents a Rotate. */
        class Rotate {

            /**
             * Constructs a new Rotate.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Rotate.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Rotate angleDeg. */
            angleDeg: number;

            /**
             * Creates a new Rotate instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Rotate instance
             */
            static create(properties: swarmgate.v1.Rotate.$Shape): swarmgate.v1.Rotate & swarmgate.v1.Rotate.$Shape;
            static create(properties?: swarmgate.v1.Rotate.$Properties): swarmgate.v1.Rotate;

            /**
             * Encodes the specified Rotate message. Does not implicitly {@link swarmgate.v1.Rotate.verify|verify} messages.
             * @param message Rotate message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Rotate.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Rotate message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Rotate & swarmgate.v1.Rotate.$Shape} Rotate
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Rotate & swarmgate.v1.Rotate.$Shape;
        }

        namespace Rotate {

            /** Properties of a Rotate. */
            interface $Properties {

                /** Rotate angleDeg */
                angleDeg?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Rotate. */
            type $Shape = swarmgate.v1.Rotate.$Properties;
        }

        /**
         * Properties of a Velocity.
         * @deprecated Use swarmgate.v1.Velocity.$Properties instead.
         */
        interface IVelocity extends swarmgate.v1.Velocity.$Properties {
        }

        /** Represents a Velocity. */
        class Velocity {

            /**
             * Constructs a new Velocity.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Velocity.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Velocity linearMps. */
            linearMps: number;

            /** Velocity angularRadps. */
            angularRadps: number;

            /**
             * Creates a new Velocity instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Velocity instance
             */
            static create(properties: swarmgate.v1.Velocity.$Shape): swarmgate.v1.Velocity & swarmgate.v1.Velocity.$Shape;
            static create(properties?: swarmgate.v1.Velocity.$Properties): swarmgate.v1.Velocity;

            /**
             * Encodes the specified Velocity message. Does not implicitly {@link swarmgate.v1.Velocity.verify|verify} messages.
             * @param message Velocity message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Velocity.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Velocity message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Velocity & swarmgate.v1.Velocity.$Shape} Velocity
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Velocity & swarmgate.v1.Velocity.$Shape;
        }

        namespace Velocity {

            /** Properties of a Velocity. */
            interface $Properties {

                /** Velocity linearMps */
                linearMps?: (number|null);

                /** Velocity angularRadps */
                angularRadps?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Velocity. */
            type $Shape = swarmgate.v1.Velocity.$Properties;
        }

        /**
         * Properties of a WheelSpeeds.
         * @deprecated Use swarmgate.v1.WheelSpeeds.$Properties instead.
         */
        interface IWheelSpeeds extends swarmgate.v1.WheelSpeeds.$Properties {
        }

        /** Represents a WheelSpeeds. */
        class WheelSpeeds {

            /**
             * Constructs a new WheelSpeeds.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.WheelSpeeds.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** WheelSpeeds leftMps. */
            leftMps: number;

            /** WheelSpeeds rightMps. */
            rightMps: number;

            /**
             * Creates a new WheelSpeeds instance using the specified properties.
             * @param [properties] Properties to set
             * @returns WheelSpeeds instance
             */
            static create(properties: swarmgate.v1.WheelSpeeds.$Shape): swarmgate.v1.WheelSpeeds & swarmgate.v1.WheelSpeeds.$Shape;
            static create(properties?: swarmgate.v1.WheelSpeeds.$Properties): swarmgate.v1.WheelSpeeds;

            /**
             * Encodes the specified WheelSpeeds message. Does not implicitly {@link swarmgate.v1.WheelSpeeds.verify|verify} messages.
             * @param message WheelSpeeds message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.WheelSpeeds.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a WheelSpeeds message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.WheelSpeeds & swarmgate.v1.WheelSpeeds.$Shape} WheelSpeeds
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.WheelSpeeds & swarmgate.v1.WheelSpeeds.$Shape;
        }

        namespace WheelSpeeds {

            /** Properties of a WheelSpeeds. */
            interface $Properties {

                /** WheelSpeeds leftMps */
                leftMps?: (number|null);

                /** WheelSpeeds rightMps */
                rightMps?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a WheelSpeeds. */
            type $Shape = swarmgate.v1.WheelSpeeds.$Properties;
        }

        /**
         * Properties of a Stop.
         * @deprecated Use swarmgate.v1.Stop.$Properties instead.
         */
        interface IStop extends swarmgate.v1.Stop.$Properties {
        }

        /** Represents a Stop. */
        class Stop {

            /**
             * Constructs a new Stop.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Stop.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /**
             * Creates a new Stop instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Stop instance
             */
            static create(properties: swarmgate.v1.Stop.$Shape): swarmgate.v1.Stop & swarmgate.v1.Stop.$Shape;
            static create(properties?: swarmgate.v1.Stop.$Properties): swarmgate.v1.Stop;

            /**
             * Encodes the specified Stop message. Does not implicitly {@link swarmgate.v1.Stop.verify|verify} messages.
             * @param message Stop message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Stop.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Stop message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Stop & swarmgate.v1.Stop.$Shape} Stop
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Stop & swarmgate.v1.Stop.$Shape;
        }

        namespace Stop {

            /** Properties of a Stop. */
            interface $Properties {

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Stop. */
            type $Shape = swarmgate.v1.Stop.$Properties;
        }

        /**
         * Properties of a Broadcast.
         * @deprecated Use swarmgate.v1.Broadcast.$Properties instead.
         */
        interface IBroadcast extends swarmgate.v1.Broadcast.$Properties {
        }

        /** Represents a Broadcast. */
        class Broadcast {

            /**
             * Constructs a new Broadcast.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Broadcast.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Broadcast payload. */
            payload: Uint8Array;

            /**
             * Creates a new Broadcast instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Broadcast instance
             */
            static create(properties: swarmgate.v1.Broadcast.$Shape): swarmgate.v1.Broadcast & swarmgate.v1.Broadcast.$Shape;
            static create(properties?: swarmgate.v1.Broadcast.$Properties): swarmgate.v1.Broadcast;

            /**
             * Encodes the specified Broadcast message. Does not implicitly {@link swarmgate.v1.Broadcast.verify|verify} messages.
             * @param message Broadcast message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Broadcast.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Broadcast message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Broadcast & swarmgate.v1.Broadcast.$Shape} Broadcast
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Broadcast & swarmgate.v1.Broadcast.$Shape;
        }

        namespace Broadcast {

            /** Properties of a Broadcast. */
            interface $Properties {

                /** Broadcast payload */
                payload?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Broadcast. */
            type $Shape = swarmgate.v1.Broadcast.$Properties;
        }

        /**
         * Properties of a DepositTag.
         * @deprecated Use swarmgate.v1.DepositTag.$Properties instead.
         */
        interface IDepositTag extends swarmgate.v1.DepositTag.$Properties {
        }

        /** Represents a DepositTag. */
        class DepositTag {

            /**
             * Constructs a new DepositTag.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.DepositTag.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** DepositTag payload. */
            payload: Uint8Array;

            /**
             * Creates a new DepositTag instance using the specified properties.
             * @param [properties] Properties to set
             * @returns DepositTag instance
             */
            static create(properties: swarmgate.v1.DepositTag.$Shape): swarmgate.v1.DepositTag & swarmgate.v1.DepositTag.$Shape;
            static create(properties?: swarmgate.v1.DepositTag.$Properties): swarmgate.v1.DepositTag;

            /**
             * Encodes the specified DepositTag message. Does not implicitly {@link swarmgate.v1.DepositTag.verify|verify} messages.
             * @param message DepositTag message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.DepositTag.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a DepositTag message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.DepositTag & swarmgate.v1.DepositTag.$Shape} DepositTag
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.DepositTag & swarmgate.v1.DepositTag.$Shape;
        }

        namespace DepositTag {

            /** Properties of a DepositTag. */
            interface $Properties {

                /** DepositTag payload */
                payload?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a DepositTag. */
            type $Shape = swarmgate.v1.DepositTag.$Properties;
        }

        /**
         * Properties of an EmergencyStop.
         * @deprecated Use swarmgate.v1.EmergencyStop.$Properties instead.
         */
        interface IEmergencyStop extends swarmgate.v1.EmergencyStop.$Properties {
        }

        /** Represents an EmergencyStop. */
        class EmergencyStop {

            /**
             * Constructs a new EmergencyStop.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.EmergencyStop.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** EmergencyStop reason. */
            reason: string;

            /**
             * Creates a new EmergencyStop instance using the specified properties.
             * @param [properties] Properties to set
             * @returns EmergencyStop instance
             */
            static create(properties: swarmgate.v1.EmergencyStop.$Shape): swarmgate.v1.EmergencyStop & swarmgate.v1.EmergencyStop.$Shape;
            static create(properties?: swarmgate.v1.EmergencyStop.$Properties): swarmgate.v1.EmergencyStop;

            /**
             * Encodes the specified EmergencyStop message. Does not implicitly {@link swarmgate.v1.EmergencyStop.verify|verify} messages.
             * @param message EmergencyStop message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.EmergencyStop.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an EmergencyStop message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.EmergencyStop & swarmgate.v1.EmergencyStop.$Shape} EmergencyStop
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.EmergencyStop & swarmgate.v1.EmergencyStop.$Shape;
        }

        namespace EmergencyStop {

            /** Properties of an EmergencyStop. */
            interface $Properties {

                /** EmergencyStop reason */
                reason?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an EmergencyStop. */
            type $Shape = swarmgate.v1.EmergencyStop.$Properties;
        }

        /**
         * Properties of a ReleaseEmergencyStop.
         * @deprecated Use swarmgate.v1.ReleaseEmergencyStop.$Properties instead.
         */
        interface IReleaseEmergencyStop extends swarmgate.v1.ReleaseEmergencyStop.$Properties {
        }

        /** Represents a ReleaseEmergencyStop. */
        class ReleaseEmergencyStop {

            /**
             * Constructs a new ReleaseEmergencyStop.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.ReleaseEmergencyStop.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** ReleaseEmergencyStop reason. */
            reason: string;

            /**
             * Creates a new ReleaseEmergencyStop instance using the specified properties.
             * @param [properties] Properties to set
             * @returns ReleaseEmergencyStop instance
             */
            static create(properties: swarmgate.v1.ReleaseEmergencyStop.$Shape): swarmgate.v1.ReleaseEmergencyStop & swarmgate.v1.ReleaseEmergencyStop.$Shape;
            static create(properties?: swarmgate.v1.ReleaseEmergencyStop.$Properties): swarmgate.v1.ReleaseEmergencyStop;

            /**
             * Encodes the specified ReleaseEmergencyStop message. Does not implicitly {@link swarmgate.v1.ReleaseEmergencyStop.verify|verify} messages.
             * @param message ReleaseEmergencyStop message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.ReleaseEmergencyStop.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a ReleaseEmergencyStop message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.ReleaseEmergencyStop & swarmgate.v1.ReleaseEmergencyStop.$Shape} ReleaseEmergencyStop
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.ReleaseEmergencyStop & swarmgate.v1.ReleaseEmergencyStop.$Shape;
        }

        namespace ReleaseEmergencyStop {

            /** Properties of a ReleaseEmergencyStop. */
            interface $Properties {

                /** ReleaseEmergencyStop reason */
                reason?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a ReleaseEmergencyStop. */
            type $Shape = swarmgate.v1.ReleaseEmergencyStop.$Properties;
        }

        /**
         * Properties of a RequestBirth.
         * @deprecated Use swarmgate.v1.RequestBirth.$Properties instead.
         */
        interface IRequestBirth extends swarmgate.v1.RequestBirth.$Properties {
        }

        /** Represents a RequestBirth. */
        class RequestBirth {

            /**
             * Constructs a new RequestBirth.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.RequestBirth.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /**
             * Creates a new RequestBirth instance using the specified properties.
             * @param [properties] Properties to set
             * @returns RequestBirth instance
             */
            static create(properties: swarmgate.v1.RequestBirth.$Shape): swarmgate.v1.RequestBirth & swarmgate.v1.RequestBirth.$Shape;
            static create(properties?: swarmgate.v1.RequestBirth.$Properties): swarmgate.v1.RequestBirth;

            /**
             * Encodes the specified RequestBirth message. Does not implicitly {@link swarmgate.v1.RequestBirth.verify|verify} messages.
             * @param message RequestBirth message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.RequestBirth.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a RequestBirth message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.RequestBirth & swarmgate.v1.RequestBirth.$Shape} RequestBirth
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.RequestBirth & swarmgate.v1.RequestBirth.$Shape;
        }

        namespace RequestBirth {

            /** Properties of a RequestBirth. */
            interface $Properties {

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a RequestBirth. */
            type $Shape = swarmgate.v1.RequestBirth.$Properties;
        }

        /**
         * Properties of a Command.
         * @deprecated Use swarmgate.v1.Command.$Properties instead.
         */
        interface ICommand extends swarmgate.v1.Command.$Properties {
        }

        /** Represents a Command. */
        class Command {

            /**
             * Constructs a new Command.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Command.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Command commandId. */
            commandId: number;

            /** Command move. */
            move?: (swarmgate.v1.Move.$Properties|null);

            /** Command rotate. */
            rotate?: (swarmgate.v1.Rotate.$Properties|null);

            /** Command velocity. */
            velocity?: (swarmgate.v1.Velocity.$Properties|null);

            /** Command wheelSpeeds. */
            wheelSpeeds?: (swarmgate.v1.WheelSpeeds.$Properties|null);

            /** Command stop. */
            stop?: (swarmgate.v1.Stop.$Properties|null);

            /** Command broadcast. */
            broadcast?: (swarmgate.v1.Broadcast.$Properties|null);

            /** Command depositTag. */
            depositTag?: (swarmgate.v1.DepositTag.$Properties|null);

            /** Command emergencyStop. */
            emergencyStop?: (swarmgate.v1.EmergencyStop.$Properties|null);

            /** Command releaseEmergencyStop. */
            releaseEmergencyStop?: (swarmgate.v1.ReleaseEmergencyStop.$Properties|null);

            /** Command requestBirth. */
            requestBirth?: (swarmgate.v1.RequestBirth.$Properties|null);

            /** Command action. */
            action?: ("move"|"rotate"|"velocity"|"wheelSpeeds"|"stop"|"broadcast"|"depositTag"|"emergencyStop"|"releaseEmergencyStop"|"requestBirth");

            /**
             * Creates a new Command instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Command instance
             */
            static create(properties: swarmgate.v1.Command.$Shape): swarmgate.v1.Command & swarmgate.v1.Command.$Shape;
            static create(properties?: swarmgate.v1.Command.$Properties): swarmgate.v1.Command;

            /**
             * Encodes the specified Command message. Does not implicitly {@link swarmgate.v1.Command.verify|verify} messages.
             * @param message Command message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Command.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Command message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Command & swarmgate.v1.Command.$Shape} Command
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Command & swarmgate.v1.Command.$Shape;
        }

        namespace Command {

            /** Properties of a Command. */
            interface $Properties {

                /** Command commandId */
                commandId?: (number|null);

                /** Command move */
                move?: (swarmgate.v1.Move.$Properties|null);

                /** Command rotate */
                rotate?: (swarmgate.v1.Rotate.$Properties|null);

                /** Command velocity */
                velocity?: (swarmgate.v1.Velocity.$Properties|null);

                /** Command wheelSpeeds */
                wheelSpeeds?: (swarmgate.v1.WheelSpeeds.$Properties|null);

                /** Command stop */
                stop?: (swarmgate.v1.Stop.$Properties|null);

                /** Command broadcast */
                broadcast?: (swarmgate.v1.Broadcast.$Properties|null);

                /** Command depositTag */
                depositTag?: (swarmgate.v1.DepositTag.$Properties|null);

                /** Command emergencyStop */
                emergencyStop?: (swarmgate.v1.EmergencyStop.$Properties|null);

                /** Command releaseEmergencyStop */
                releaseEmergencyStop?: (swarmgate.v1.ReleaseEmergencyStop.$Properties|null);

                /** Command requestBirth */
                requestBirth?: (swarmgate.v1.RequestBirth.$Properties|null);

                /** Command action */
                action?: ("move"|"rotate"|"velocity"|"wheelSpeeds"|"stop"|"broadcast"|"depositTag"|"emergencyStop"|"releaseEmergencyStop"|"requestBirth");

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Narrowed shape of a Command. */
            type $Shape = {
              commandId?: number|null;
              move?: swarmgate.v1.Move.$Shape|null;
              rotate?: swarmgate.v1.Rotate.$Shape|null;
              velocity?: swarmgate.v1.Velocity.$Shape|null;
              wheelSpeeds?: swarmgate.v1.WheelSpeeds.$Shape|null;
              stop?: swarmgate.v1.Stop.$Shape|null;
              broadcast?: swarmgate.v1.Broadcast.$Shape|null;
              depositTag?: swarmgate.v1.DepositTag.$Shape|null;
              emergencyStop?: swarmgate.v1.EmergencyStop.$Shape|null;
              releaseEmergencyStop?: swarmgate.v1.ReleaseEmergencyStop.$Shape|null;
              requestBirth?: swarmgate.v1.RequestBirth.$Shape|null;
              $unknowns?: Uint8Array[];
            } & (
              ({ action?: undefined; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "move"; move: swarmgate.v1.Move.$Shape; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "rotate"; move?: null; rotate: swarmgate.v1.Rotate.$Shape; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "velocity"; move?: null; rotate?: null; velocity: swarmgate.v1.Velocity.$Shape; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "wheelSpeeds"; move?: null; rotate?: null; velocity?: null; wheelSpeeds: swarmgate.v1.WheelSpeeds.$Shape; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "stop"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop: swarmgate.v1.Stop.$Shape; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "broadcast"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast: swarmgate.v1.Broadcast.$Shape; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "depositTag"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag: swarmgate.v1.DepositTag.$Shape; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "emergencyStop"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop: swarmgate.v1.EmergencyStop.$Shape; releaseEmergencyStop?: null; requestBirth?: null }|{ action?: "releaseEmergencyStop"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop: swarmgate.v1.ReleaseEmergencyStop.$Shape; requestBirth?: null }|{ action?: "requestBirth"; move?: null; rotate?: null; velocity?: null; wheelSpeeds?: null; stop?: null; broadcast?: null; depositTag?: null; emergencyStop?: null; releaseEmergencyStop?: null; requestBirth: swarmgate.v1.RequestBirth.$Shape })
            );
        }

        /**
         * Properties of a MotorCommand.
         * @deprecated Use swarmgate.v1.MotorCommand.$Properties instead.
         */
        interface IMotorCommand extends swarmgate.v1.MotorCommand.$Properties {
        }

        /** Represents a MotorCommand. */
        class MotorCommand {

            /**
             * Constructs a new MotorCommand.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.MotorCommand.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** MotorCommand leftMps. */
            leftMps: number;

            /** MotorCommand rightMps. */
            rightMps: number;

            /** MotorCommand deadlineMs. */
            deadlineMs: number;

            /** MotorCommand commandId. */
            commandId: number;

            /**
             * Creates a new MotorCommand instance using the specified properties.
             * @param [properties] Properties to set
             * @returns MotorCommand instance
             */
            static create(properties: swarmgate.v1.MotorCommand.$Shape): swarmgate.v1.MotorCommand & swarmgate.v1.MotorCommand.$Shape;
            static create(properties?: swarmgate.v1.MotorCommand.$Properties): swarmgate.v1.MotorCommand;

            /**
             * Encodes the specified MotorCommand message. Does not implicitly {@link swarmgate.v1.MotorCommand.verify|verify} messages.
             * @param message MotorCommand message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.MotorCommand.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a MotorCommand message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.MotorCommand & swarmgate.v1.MotorCommand.$Shape} MotorCommand
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.MotorCommand & swarmgate.v1.MotorCommand.$Shape;
        }

        namespace MotorCommand {

            /** Properties of a MotorCommand. */
            interface $Properties {

                /** MotorCommand leftMps */
                leftMps?: (number|null);

                /** MotorCommand rightMps */
                rightMps?: (number|null);

                /** MotorCommand deadlineMs */
                deadlineMs?: (number|null);

                /** MotorCommand commandId */
                commandId?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a MotorCommand. */
            type $Shape = swarmgate.v1.MotorCommand.$Properties;
        }

        /**
         * Properties of an Ack.
         * @deprecated Use swarmgate.v1.Ack.$Properties instead.
         */
        interface IAck extends swarmgate.v1.Ack.$Properties {
        }

        /** Represents an Ack. */
        class Ack {

            /**
             * Constructs a new Ack.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Ack.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Ack commandId. */
            commandId: number;

            /**
             * Creates a new Ack instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Ack instance
             */
            static create(properties: swarmgate.v1.Ack.$Shape): swarmgate.v1.Ack & swarmgate.v1.Ack.$Shape;
            static create(properties?: swarmgate.v1.Ack.$Properties): swarmgate.v1.Ack;

            /**
             * Encodes the specified Ack message. Does not implicitly {@link swarmgate.v1.Ack.verify|verify} messages.
             * @param message Ack message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Ack.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Ack message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Ack & swarmgate.v1.Ack.$Shape} Ack
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Ack & swarmgate.v1.Ack.$Shape;
        }

        namespace Ack {

            /** Properties of an Ack. */
            interface $Properties {

                /** Ack commandId */
                commandId?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an Ack. */
            type $Shape = swarmgate.v1.Ack.$Properties;
        }

        /** ErrorCode enum. */
        enum ErrorCode {

            /** ERROR_CODE_UNSPECIFIED value */
            ERROR_CODE_UNSPECIFIED = 0,

            /** ERROR_CODE_DECODE value */
            ERROR_CODE_DECODE = 1,

            /** ERROR_CODE_VERSION value */
            ERROR_CODE_VERSION = 2,

            /** ERROR_CODE_CRC value */
            ERROR_CODE_CRC = 3,

            /** ERROR_CODE_UNSUPPORTED value */
            ERROR_CODE_UNSUPPORTED = 4,

            /** ERROR_CODE_OUT_OF_RANGE value */
            ERROR_CODE_OUT_OF_RANGE = 5,

            /** ERROR_CODE_BUSY value */
            ERROR_CODE_BUSY = 6,

            /** ERROR_CODE_WATCHDOG value */
            ERROR_CODE_WATCHDOG = 7,

            /** ERROR_CODE_EMERGENCY_STOP value */
            ERROR_CODE_EMERGENCY_STOP = 8,

            /** ERROR_CODE_INTERNAL value */
            ERROR_CODE_INTERNAL = 9
        }

        /**
         * Properties of an Error.
         * @deprecated Use swarmgate.v1.Error.$Properties instead.
         */
        interface IError extends swarmgate.v1.Error.$Properties {
        }

        /** Represents an Error. */
        class Error {

            /**
             * Constructs a new Error.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Error.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Error code. */
            code: swarmgate.v1.ErrorCode;

            /** Error message. */
            message: string;

            /** Error refSeq. */
            refSeq: number;

            /** Error commandId. */
            commandId: number;

            /**
             * Creates a new Error instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Error instance
             */
            static create(properties: swarmgate.v1.Error.$Shape): swarmgate.v1.Error & swarmgate.v1.Error.$Shape;
            static create(properties?: swarmgate.v1.Error.$Properties): swarmgate.v1.Error;

            /**
             * Encodes the specified Error message. Does not implicitly {@link swarmgate.v1.Error.verify|verify} messages.
             * @param message Error message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Error.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Error message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Error & swarmgate.v1.Error.$Shape} Error
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Error & swarmgate.v1.Error.$Shape;
        }

        namespace Error {

            /** Properties of an Error. */
            interface $Properties {

                /** Error code */
                code?: (swarmgate.v1.ErrorCode|null);

                /** Error message */
                message?: (string|null);

                /** Error refSeq */
                refSeq?: (number|null);

                /** Error commandId */
                commandId?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an Error. */
            type $Shape = swarmgate.v1.Error.$Properties;
        }

        /**
         * Properties of an Envelope.
         * @deprecated Use swarmgate.v1.Envelope.$Properties instead.
         */
        interface IEnvelope extends swarmgate.v1.Envelope.$Properties {
        }

        /** Represents an Envelope. */
        class Envelope {

            /**
             * Constructs a new Envelope.
             * @param [properties] Properties to set
             */
            constructor(properties?: swarmgate.v1.Envelope.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Envelope version. */
            version?: (swarmgate.v1.ProtocolVersion.$Properties|null);

            /** Envelope robotId. */
            robotId: string;

            /** Envelope seq. */
            seq: number;

            /** Envelope timestampMs. */
            timestampMs: number;

            /** Envelope birth. */
            birth?: (swarmgate.v1.Birth.$Properties|null);

            /** Envelope death. */
            death?: (swarmgate.v1.Death.$Properties|null);

            /** Envelope telemetry. */
            telemetry?: (swarmgate.v1.Telemetry.$Properties|null);

            /** Envelope trackerPose. */
            trackerPose?: (swarmgate.v1.TrackerPose.$Properties|null);

            /** Envelope state. */
            state?: (swarmgate.v1.State.$Properties|null);

            /** Envelope command. */
            command?: (swarmgate.v1.Command.$Properties|null);

            /** Envelope motorCommand. */
            motorCommand?: (swarmgate.v1.MotorCommand.$Properties|null);

            /** Envelope ack. */
            ack?: (swarmgate.v1.Ack.$Properties|null);

            /** Envelope error. */
            error?: (swarmgate.v1.Error.$Properties|null);

            /** Envelope body. */
            body?: ("birth"|"death"|"telemetry"|"trackerPose"|"state"|"command"|"motorCommand"|"ack"|"error");

            /**
             * Creates a new Envelope instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Envelope instance
             */
            static create(properties: swarmgate.v1.Envelope.$Shape): swarmgate.v1.Envelope & swarmgate.v1.Envelope.$Shape;
            static create(properties?: swarmgate.v1.Envelope.$Properties): swarmgate.v1.Envelope;

            /**
             * Encodes the specified Envelope message. Does not implicitly {@link swarmgate.v1.Envelope.verify|verify} messages.
             * @param message Envelope message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: swarmgate.v1.Envelope.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Envelope message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {swarmgate.v1.Envelope & swarmgate.v1.Envelope.$Shape} Envelope
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): swarmgate.v1.Envelope & swarmgate.v1.Envelope.$Shape;
        }

        namespace Envelope {

            /** Properties of an Envelope. */
            interface $Properties {

                /** Envelope version */
                version?: (swarmgate.v1.ProtocolVersion.$Properties|null);

                /** Envelope robotId */
                robotId?: (string|null);

                /** Envelope seq */
                seq?: (number|null);

                /** Envelope timestampMs */
                timestampMs?: (number|null);

                /** Envelope birth */
                birth?: (swarmgate.v1.Birth.$Properties|null);

                /** Envelope death */
                death?: (swarmgate.v1.Death.$Properties|null);

                /** Envelope telemetry */
                telemetry?: (swarmgate.v1.Telemetry.$Properties|null);

                /** Envelope trackerPose */
                trackerPose?: (swarmgate.v1.TrackerPose.$Properties|null);

                /** Envelope state */
                state?: (swarmgate.v1.State.$Properties|null);

                /** Envelope command */
                command?: (swarmgate.v1.Command.$Properties|null);

                /** Envelope motorCommand */
                motorCommand?: (swarmgate.v1.MotorCommand.$Properties|null);

                /** Envelope ack */
                ack?: (swarmgate.v1.Ack.$Properties|null);

                /** Envelope error */
                error?: (swarmgate.v1.Error.$Properties|null);

                /** Envelope body */
                body?: ("birth"|"death"|"telemetry"|"trackerPose"|"state"|"command"|"motorCommand"|"ack"|"error");

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Narrowed shape of an Envelope. */
            type $Shape = {
              version?: swarmgate.v1.ProtocolVersion.$Shape|null;
              robotId?: string|null;
              seq?: number|null;
              timestampMs?: number|null;
              birth?: swarmgate.v1.Birth.$Shape|null;
              death?: swarmgate.v1.Death.$Shape|null;
              telemetry?: swarmgate.v1.Telemetry.$Shape|null;
              trackerPose?: swarmgate.v1.TrackerPose.$Shape|null;
              state?: swarmgate.v1.State.$Shape|null;
              command?: swarmgate.v1.Command.$Shape|null;
              motorCommand?: swarmgate.v1.MotorCommand.$Shape|null;
              ack?: swarmgate.v1.Ack.$Shape|null;
              error?: swarmgate.v1.Error.$Shape|null;
              $unknowns?: Uint8Array[];
            } & (
              ({ body?: undefined; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "birth"; birth: swarmgate.v1.Birth.$Shape; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "death"; birth?: null; death: swarmgate.v1.Death.$Shape; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "telemetry"; birth?: null; death?: null; telemetry: swarmgate.v1.Telemetry.$Shape; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "trackerPose"; birth?: null; death?: null; telemetry?: null; trackerPose: swarmgate.v1.TrackerPose.$Shape; state?: null; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "state"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state: swarmgate.v1.State.$Shape; command?: null; motorCommand?: null; ack?: null; error?: null }|{ body?: "command"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command: swarmgate.v1.Command.$Shape; motorCommand?: null; ack?: null; error?: null }|{ body?: "motorCommand"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand: swarmgate.v1.MotorCommand.$Shape; ack?: null; error?: null }|{ body?: "ack"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack: swarmgate.v1.Ack.$Shape; error?: null }|{ body?: "error"; birth?: null; death?: null; telemetry?: null; trackerPose?: null; state?: null; command?: null; motorCommand?: null; ack?: null; error: swarmgate.v1.Error.$Shape })
            );
        }
    }
}
