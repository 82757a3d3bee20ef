/// Byte counts in words for messages: `256 MiB`, `64 KiB`, `1000 bytes`.
enum ByteCountText {
    static func describe(_ count: Int) -> String {
        let mebibyte = 1 << 20, kibibyte = 1 << 10
        if count >= mebibyte, count % mebibyte == 0 { return "\(count / mebibyte) MiB" }
        if count >= 10 * mebibyte { return "\(count / mebibyte) MiB" }
        if count >= kibibyte, count % kibibyte == 0 { return "\(count / kibibyte) KiB" }
        return "\(count) bytes"
    }
}
