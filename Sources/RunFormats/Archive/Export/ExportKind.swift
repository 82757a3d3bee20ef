/// What kind of export an archive or folder is, told by what it holds.
package enum ExportKind: String, Sendable, Hashable {
    /// Strava's "Download your data": `activities.csv` and `activities/` with the uploaded files.
    case strava
    /// Garmin Connect's "Export your data": everything under `DI_CONNECT/`, the uploaded files
    /// in nested zips (`DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip`).
    case garminConnect
    /// Any other archive or folder: its activity files as they are.
    case files
}
