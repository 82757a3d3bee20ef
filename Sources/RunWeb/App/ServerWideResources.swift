import RunHTTP

/// What several ``WebApplication``s of one server share (server mode: one application per user,
/// ``Tenants``), so that the limits are the server's, not each user's: the room for upload
/// bodies being spooled (``WebConfiguration/spoolBudget``), the places for downloads and for
/// tracks cleaned from their points (``WebConfiguration/downloadLimit``,
/// ``WebConfiguration/trackWorkLimit``, each also per client address), and the static files
/// (Leaflet read once).
package struct ServerWideResources: Sendable {
    let spoolBudget: SpoolBudget
    let downloads: WorkSlots
    let trackWork: WorkSlots
    let assets: StaticAssets

    package init(configuration: WebConfiguration) {
        spoolBudget = SpoolBudget(limits: configuration.spoolBudget)
        downloads = WorkSlots(limit: configuration.downloadLimit, addressLimit: configuration.downloadAddressLimit, refusals: .downloads)
        trackWork = WorkSlots(limit: configuration.trackWorkLimit, addressLimit: configuration.trackWorkAddressLimit,
                              refusals: .trackFromPoints)
        assets = StaticAssets(leafletDirectory: configuration.leafletDirectory)
    }
}
