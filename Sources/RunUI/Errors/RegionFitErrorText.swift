package import RunCore

/// How a ``RunCore/RegionFitError`` is said: the sentence in English and German — after the file
/// or run whose track was fitted, the fitter's parameter by what it means (`the minimum span`) —,
/// and the command line's hint naming the option that sets the parameter.
package enum RegionFitErrorText {
    /// `run 3: no track points to fit a map region to`,
    /// `Lauf 3: keine Trackpunkte, nach denen sich ein Kartenausschnitt richten könnte`.
    package static func sentence(_ error: RegionFitError, language: Language) -> String {
        let reason: String
        switch language {
        case .english: reason = english(error)
        case .german: reason = german(error)
        }
        if let file = error.file { return "\(file): \(reason)" }
        if let run = error.runID { return (language == .german ? "Lauf \(run): " : "run \(run): ") + reason }
        return reason
    }

    /// The `runlog region` option that sets a parameter out of range; for a run without points,
    /// the command that shows what the run holds.
    package static func commandLineHint(_ error: RegionFitError) -> String? {
        switch error.code {
        case .invalidParameter:
            switch error.parameter {
            case "minimumSpanDegrees": return "pass --minimum-span with a number of degrees in [0, 180]"
            case "gapThresholdDegrees": return "pass --gap with a number of degrees, 0 or more"
            case "paddingFraction": return "pass --padding with a fraction, 0 or more"
            default: return nil
            }
        case .noCoordinates: return error.runID.map { "'runlog show \($0)' shows what the run holds" }
        default: return nil
        }
    }

    private static func english(_ error: RegionFitError) -> String {
        switch error.code {
        case .noCoordinates: return "no track points to fit a map region to"
        case .invalidCoordinate:
            return "coordinate \(error.index ?? 0) (latitude \(number(error.latitudeDegrees, .english)), "
                + "longitude \(number(error.longitudeDegrees, .english))) is not a WGS84 position: "
                + "the latitude must be in [-90, 90] and both values finite"
        case .invalidParameter:
            let name = parameterName(error.parameter, .english)
            return "\(name) is \(number(error.value, .english))\(unit(error.parameter)); it must be in \(error.allowedRange ?? "its range")"
        default: return "no map region fits"
        }
    }

    private static func german(_ error: RegionFitError) -> String {
        switch error.code {
        case .noCoordinates: return "keine Trackpunkte, nach denen sich ein Kartenausschnitt richten könnte"
        case .invalidCoordinate:
            return "Koordinate \(error.index ?? 0) (Breite \(number(error.latitudeDegrees, .german)), "
                + "Länge \(number(error.longitudeDegrees, .german))) ist keine WGS84-Position: "
                + "die Breite muss in [-90, 90] liegen und beide Werte endlich sein"
        case .invalidParameter:
            let name = parameterName(error.parameter, .german)
            return "\(name) ist \(number(error.value, .german))\(unit(error.parameter)); erlaubt sind Werte in \(error.allowedRange ?? "ihrem Bereich")"
        default: return "kein Kartenausschnitt passt"
        }
    }

    /// A ``RunCore/RegionFitter`` parameter by what it means.
    private static func parameterName(_ parameter: String?, _ language: Language) -> String {
        let german = language == .german
        switch parameter {
        case "gapThresholdDegrees": return german ? "die größte Lücke in einer Gruppe von Punkten" : "the largest gap within a cluster of points"
        case "paddingFraction": return german ? "der Kartenrand" : "the padding"
        case "minimumSpanDegrees": return german ? "die kleinste Spanne" : "the minimum span"
        case "trackSizeQuantile": return german ? "das Quantil der Streckengröße" : "the quantile of the track's size"
        case "outlierDistanceFactor": return german ? "der Faktor des Ausreißer-Abstands" : "the outlier distance factor"
        case "minimumOutlierRadiusMeters": return german ? "der kleinste Ausreißer-Radius" : "the minimum outlier radius"
        default: return parameter ?? (german ? "ein Parameter" : "a parameter")
        }
    }

    private static func unit(_ parameter: String?) -> String {
        switch parameter {
        case "gapThresholdDegrees", "minimumSpanDegrees": return "°"
        case "minimumOutlierRadiusMeters": return " m"
        default: return ""
        }
    }

    /// `46.5` (`46,5` in German), `NaN`, `∞`, `−∞`.
    private static func number(_ value: Double?, _ language: Language) -> String {
        guard let value else { return "?" }
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "∞" : "−∞" }
        let text = DecimalText.format(value)
        return language == .german ? String(text.map { $0 == "." ? "," : $0 }) : text
    }
}
