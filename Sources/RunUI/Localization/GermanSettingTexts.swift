/// The settings' titles, help and choice titles in German, by key (the declarations in RunCore's
/// `Settings` are English). A key missing here shows its English text.
enum GermanSettingTexts {
    static let titles: [String: String] = [
        "units": "Einheiten",
        "language": "Sprache",
        "firstWeekday": "Erster Tag der Woche",
        "list.pageSize": "Läufe pro Seite",
        "heartRate.maximum": "Maximale Herzfrequenz",
        "heartRate.resting": "Ruheherzfrequenz",
        "heartRate.zone1": "Zone 1 beginnt bei",
        "heartRate.zone2": "Zone 2 beginnt bei",
        "heartRate.zone3": "Zone 3 beginnt bei",
        "heartRate.zone4": "Zone 4 beginnt bei",
        "heartRate.zone5": "Zone 5 beginnt bei",
        "analysis.movingSpeed": "In Bewegung ab",
        "analysis.minimumStop": "Kürzester Halt",
        "recording.autoPause": "Auto-Pause",
        "analysis.elevationDeadBand": "Höhen-Totband",
        "map.regionGap": "Ausreißer-Abstand",
        "map.regionPadding": "Kartenrand",
        "map.downloadTiles": "Kartenkacheln laden",
        "map.tileURL": "Kachelserver",
        "search.defaultSet": "Standard-Suche",
    ]

    static let help: [String: String] = [
        "units": "Distanzen, Tempo und Höhen in metrischen oder imperialen Einheiten.",
        "language": "Sprache der Oberfläche, und wie Daten und Zahlen geschrieben werden.",
        "firstWeekday": "Der Tag, mit dem Wochen in den Wochensummen beginnen.",
        "list.pageSize": "Wie viele Läufe die Seite der Läufe auf einmal zeigt.",
        "heartRate.maximum": "Deine höchste Herzfrequenz; die Zonen sind Anteile davon.",
        "heartRate.resting": "Deine Herzfrequenz in Ruhe.",
        "heartRate.zone1": "Untergrenze von Zone 1 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "heartRate.zone2": "Untergrenze von Zone 2 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "heartRate.zone3": "Untergrenze von Zone 3 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "heartRate.zone4": "Untergrenze von Zone 4 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "heartRate.zone5": "Untergrenze von Zone 5 in Prozent der maximalen Herzfrequenz (ACSM: 50, 60, 70, 80, 90).",
        "analysis.movingSpeed": "Beim Laufen: langsamere Abschnitte, die mindestens den kürzesten Halt dauern, gelten als Stehen (Gehen und Wandern 0,2 m/s, Rad 1 m/s).",
        "analysis.minimumStop": "Kürzere Abschnitte unter dem Bewegungstempo bleiben Bewegungszeit.",
        "recording.autoPause": "Beim Aufzeichnen pausieren, wenn du stehst (unter dem Bewegungstempo für den kürzesten Halt).",
        "analysis.elevationDeadBand": "Anstiege und Abstiege unter diesem Wert sind Rauschen (Hysterese); 2 m passt zu Barometern und GPS.",
        "map.regionGap": "Punkte, die weiter als dies (in Breite oder Länge) vom Rest der Strecke liegen, bleiben aus dem Kartenausschnitt.",
        "map.regionPadding": "Rand um die Strecke auf der Karte, als Anteil ihrer Ausdehnung auf jeder Seite.",
        "map.downloadTiles": "Eine interaktive Karte über Kacheln vom Kachelserver unten zeigen (die Seite lädt dann Bilder von dort).",
        "map.tileURL": "Woher Kartenkacheln kommen, wenn das Laden eingeschaltet ist.",
        "search.defaultSet": "Die gespeicherte Suche, die eine Suche ohne Namen verwendet.",
    ]

    /// By `key=value`.
    static let choices: [String: String] = [
        "units=metric": "Metrisch (km, m)",
        "units=imperial": "Imperial (mi, ft)",
        "firstWeekday=monday": "Montag",
        "firstWeekday=sunday": "Sonntag",
        "firstWeekday=saturday": "Samstag",
    ]
}
