/// Turns SI values into the short text a runner reads: `10.02 km`, `52:13`, `5:13 /km`, `+124 m`.
/// Numbers are written by hand in the ``language``'s conventions (ASCII digits; English `1234.50`,
/// German `1.234,50`), never through the process locale, so terminal output is stable in scripts
/// and the same on machines without locale data. Unit symbols and the pace form `5:13 /km` are the
/// same in every language.
package struct DisplayFormatter: Sendable {
    package var units: UnitSystem
    package var language: Language {
        didSet { table = StringTable.of(language) }
    }
    /// The ``language``'s texts, held by reference: reading one text copies that text only, not
    /// the whole table (hundreds of strings: a copy each time cost about 10,000 instructions).
    private var table: StringTable

    package init(units: UnitSystem = .metric, language: Language = .english) {
        self.units = units
        self.language = language
        table = StringTable.of(language)
    }

    /// The texts of the ``language``.
    package var strings: UIStrings { table.strings }

    /// A language's texts, made once.
    private final class StringTable: Sendable {
        let strings: UIStrings
        init(_ strings: UIStrings) { self.strings = strings }
        static let english = StringTable(.english)
        static let german = StringTable(.german)
        static func of(_ language: Language) -> StringTable {
            switch language {
            case .english: return english
            case .german: return german
            }
        }
    }

    /// `10.02 km` (two decimals).
    package func distance(_ meters: Double) -> String {
        fixed(meters / units.metersPerDistanceUnit, decimals: 2) + " " + units.distanceUnitSymbol
    }

    /// `h:mm:ss` or `m:ss`.
    package func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, abs(seconds) < 1e12 else { return "–" }
        let total = Int(seconds.rounded())
        let h = total / 3600, m = total / 60 % 60, s = total % 60
        return h > 0 ? "\(h):\(pad(m)):\(pad(s))" : "\(m):\(pad(s))"
    }

    /// `5:13 /km` from seconds per kilometre.
    package func pace(secondsPerKilometer: Double?) -> String {
        guard let secondsPerKilometer, secondsPerKilometer.isFinite, secondsPerKilometer > 0, secondsPerKilometer < 1e9 else { return "–" }
        let perUnit = secondsPerKilometer * units.metersPerDistanceUnit / 1000
        let total = Int(perUnit.rounded())
        return "\(total / 60):\(pad(total % 60)) /\(units.distanceUnitSymbol)"
    }

    /// `25.3 km/h` or `15.7 mph` from metres per second (how riders read their speed).
    package func speed(metersPerSecond: Double?) -> String {
        guard let metersPerSecond, metersPerSecond.isFinite, metersPerSecond >= 0 else { return "–" }
        let perHour = metersPerSecond * 3600 / units.metersPerDistanceUnit
        return fixed(perHour, decimals: 1) + (units == .metric ? " km/h" : " mph")
    }

    /// `124 m` (whole units).
    package func elevation(_ meters: Double?) -> String {
        guard let meters else { return "–" }
        return whole(meters / units.metersPerElevationUnit) + " " + units.elevationUnitSymbol
    }

    /// A gain or loss (a magnitude) with the sign it is shown with: `+124 m`, `-80 m`, `0 m`.
    package func elevationChange(_ meters: Double?, sign: Character) -> String {
        guard let meters else { return "–" }
        let text = elevation(abs(meters))
        return text.hasPrefix("0 ") ? text : String(sign) + text
    }

    /// A signed difference: `+5 m`, `-8 m`, `0 m`.
    package func elevationDifference(_ meters: Double?) -> String {
        guard let meters else { return "–" }
        return elevationChange(meters, sign: meters < 0 ? "-" : "+")
    }

    /// `152 bpm`.
    package func heartRate(_ bpm: Double?) -> String {
        guard let bpm else { return "–" }
        return whole(bpm) + " bpm"
    }

    /// `86 rpm`.
    package func cadence(_ rpm: Double?) -> String {
        guard let rpm else { return "–" }
        return whole(rpm) + " rpm"
    }

    /// A rounded whole number (`–` for values no display can hold): `1234`, in German `1.234`.
    package func whole(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "–" }
        return integer(Int(value.rounded()))
    }

    /// A whole number: `12345`, in German `12.345`.
    package func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + grouped(digits)
    }

    /// A count with the word it counts: `1 run`, `1234 track points`, in German `1.234 Trackpunkte`.
    package func count(_ count: Int, _ noun: PluralForms) -> String {
        integer(count) + " " + noun(count)
    }

    /// A number with a fixed number of decimals, rounded half away from zero: `2.68`, in German `2,68`.
    package func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "–" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let integer = Int(scaled / scale)
        var fraction = String(Int(scaled) - integer * Int(scale))
        while fraction.count < decimals { fraction = "0" + fraction }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = grouped(String(integer))
        return decimals > 0 ? sign + whole + strings.decimalSeparator + fraction : sign + whole
    }

    /// Digits with the language's separator between groups of three, from four digits up.
    private func grouped(_ digits: String) -> String {
        guard let separator = strings.groupingSeparator, digits.count > 3 else { return digits }
        var result = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return result
    }

    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
