internal import RunCore

/// The values of Strava's `activities.csv` as its exports write them, in every language seen.
package enum StravaValueText {
    /// Seconds since 1970 of an `Activity Date`, taken as UTC (the local time is not in the file;
    /// importers treat it as UTC — pacogomez/health-records#2 — and a 2023 row's weather
    /// observation epoch agrees). Forms accepted:
    /// - en-US `May 9, 2023, 10:09:29 AM` (since mid-2019; hugovk/strava-tools#2)
    /// - en-GB `24 Dec 2020, 08:13:59`
    /// - German `20.09.2026, 14:12:12`
    /// - before mid-2019 `2018-09-12 15:02:23` (hugovk/strava-tools#1)
    ///
    /// Month names are English (three letters, `Sept`, or in full). - Returns: nil for anything else.
    package static func dateSeconds(_ text: String) -> Double? {
        var numbers: [(value: Int, digits: Int)] = []
        var words: [String] = []
        var separators = ""
        var current = ""
        var currentIsDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if currentIsDigits {
                guard current.count <= 4, let value = Int(current) else { numbers.append((-1, 0)); current = ""; return }
                numbers.append((value, current.count))
            } else {
                words.append(current.lowercased())
            }
            current = ""
        }
        for character in text.trimmingCharacters() {
            let isDigit = character.isASCII && character.isNumber
            let isLetter = character.isASCII && character.isLetter
            if isDigit || isLetter {
                if !current.isEmpty && currentIsDigits != isDigit { flush() }
                currentIsDigits = isDigit
                current.append(character)
            } else {
                flush()
                separators.append(character)
            }
        }
        flush()
        guard !numbers.contains(where: { $0.value < 0 }) else { return nil }

        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        switch (numbers.count, words.count) {
        case (6, 0):
            let marks = separators.filter { $0 != " " }
            if numbers[0].digits == 4, marks == "--::" {  // 2018-09-12 15:02:23
                (year, month, day) = (numbers[0].value, numbers[1].value, numbers[2].value)
            } else if numbers[2].digits == 4, marks == "..,::" || marks == "..::" {
                (day, month, year) = (numbers[0].value, numbers[1].value, numbers[2].value)  // 20.09.2026, 14:12:12
            } else {
                return nil
            }
            (hour, minute, second) = (numbers[3].value, numbers[4].value, numbers[5].value)
        case (5, 1), (5, 2):
            // en-US `May 9, 2023, 10:09:29 AM` and en-GB `24 Dec 2020, 08:13:59`: the numbers come
            // in the same order (day, year, hour, minute, second).
            guard let monthNumber = monthNumber(words[0]), numbers[1].digits == 4 else { return nil }
            (month, day, year) = (monthNumber, numbers[0].value, numbers[1].value)
            (hour, minute, second) = (numbers[2].value, numbers[3].value, numbers[4].value)
            if words.count == 2 {
                guard (1...12).contains(hour) else { return nil }
                switch words[1] {
                case "am": hour = hour == 12 ? 0 : hour
                case "pm": hour = hour == 12 ? 12 : hour + 12
                default: return nil
                }
            }
        default:
            return nil
        }
        guard UTCDateTime.isValidDate(year: year, month: month, day: day),
              (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        let days = UTCDateTime.daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// A decimal number with a point (`10010.8`) or, as German exports write the first distance,
    /// a comma (`10,20`); empty text is nil. No grouping separators, exponents, `nan` or `inf`.
    /// - Returns: `.some(nil)` for empty text, `nil` when the text is not a number.
    package static func decimal(_ text: String) -> Double?? {
        let trimmed = text.trimmingCharacters()
        if trimmed.isEmpty { return .some(nil) }
        let commas = trimmed.count(where: { $0 == "," })
        if commas > 1 || (commas == 1 && trimmed.contains(".")) { return nil }
        guard let value = DecimalText.parse(commas == 1 ? trimmed.replacingComma() : String(trimmed)) else { return nil }
        return .some(value)
    }

    /// `true`/`false` (any case), `1`/`0`, `1.0`/`0.0`; empty is false. - Returns: nil for anything else.
    package static func flag(_ text: String) -> Bool? {
        switch text.trimmingCharacters().lowercased() {
        case "true", "1", "1.0": true
        case "false", "0", "0.0", "": false
        default: nil
        }
    }

    private static func monthNumber(_ word: String) -> Int? {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                    "november", "december"]
        if let index = names.firstIndex(of: word) ?? full.firstIndex(of: word) { return index + 1 }
        return word == "sept" ? 9 : nil
    }
}

extension StringProtocol {
    /// The text without surrounding white space (spaces, tabs, line breaks, no-break spaces).
    func trimmingCharacters() -> Substring {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return slice
    }

    fileprivate func replacingComma() -> String { String(map { $0 == "," ? "." : $0 }) }
}
