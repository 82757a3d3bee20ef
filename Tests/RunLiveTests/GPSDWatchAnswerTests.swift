import RunLive
import Testing

/// gpsd's answer to `?WATCH` becomes one notice naming its devices (``GPSDWatchAnswer``); the lines
/// are what gpsd 3.22 wrote to a client of gpsfake (gpsd_json(5)).
struct GPSDWatchAnswerTests {
    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
    static let devices = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","activated":"2026-12-01T19:14:40.849Z","native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}]}"#
    static let watch = #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#

    @Test func theConfirmedWatchNamesTheDevices() {
        var answer = GPSDWatchAnswer()
        #expect(answer.take(Self.version, from: "gpsd 127.0.0.1:2947") == nil)
        #expect(answer.take(Self.devices, from: "gpsd 127.0.0.1:2947") == nil)
        #expect(answer.take(Self.watch, from: "gpsd 127.0.0.1:2947") == "gpsd 127.0.0.1:2947 is listening to /dev/pts/1")
    }

    @Test func aGpsdWithoutDevicesSaysSo() {
        var answer = GPSDWatchAnswer()
        #expect(answer.take(#"{"class":"DEVICES","devices":[]}"#, from: "gpsd ::1") == nil)
        #expect(answer.take(Self.watch, from: "gpsd ::1") == "gpsd ::1 is listening, but gpsd reads no GPS device yet")
        // A watch turned off, a fix and a line that is not JSON are not the answer.
        #expect(answer.take(#"{"class":"WATCH","enable":false}"#, from: "gpsd") == nil)
        #expect(answer.take(#"{"class":"TPV","mode":3,"lat":1,"lon":2}"#, from: "gpsd") == nil)
        #expect(answer.take(#"{"class":"WATCH","#, from: "gpsd") == nil)
    }
}

extension GPSDWatchAnswerTests {
    /// gpsd tells watchers of each device it opens or closes (gpsd_json(5), DEVICE).
    @Test func aDeviceAddedOrLostWhileListeningIsSaid() {
        var answer = GPSDWatchAnswer()
        #expect(answer.take(#"{"class":"DEVICES","devices":[]}"#, from: "gpsd") == nil)
        #expect(answer.take(Self.watch, from: "gpsd") == "gpsd is listening, but gpsd reads no GPS device yet")
        #expect(answer.take(#"{"class":"DEVICE","path":"/dev/pts/3","activated":"2026-12-01T19:14:40.849Z","native":0,"bps":4800}"#, from: "gpsd")
                == "gpsd is listening to /dev/pts/3")
        // The same device again changes nothing.
        #expect(answer.take(#"{"class":"DEVICE","path":"/dev/pts/3","activated":"2026-12-01T19:14:41.000Z"}"#, from: "gpsd") == nil)
        #expect(answer.take(#"{"class":"DEVICE","path":"/dev/ttyACM0","activated":"2026-12-01T19:15:00.000Z"}"#, from: "gpsd")
                == "gpsd is listening to /dev/pts/3, /dev/ttyACM0")
        #expect(answer.take(#"{"class":"DEVICE","path":"/dev/pts/3","activated":0}"#, from: "gpsd") == "gpsd is listening to /dev/ttyACM0")
        #expect(answer.take(#"{"class":"DEVICE","path":"/dev/ttyACM0","deactivated":"2026-12-01T19:16:00.000Z"}"#, from: "gpsd")
                == "gpsd is listening, but gpsd reads no GPS device yet")
    }
}
