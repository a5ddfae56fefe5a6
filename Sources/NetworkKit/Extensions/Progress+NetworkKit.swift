public import Foundation

extension Progress {
    /// Sets the unit counts to a transfer's bytes; an unknown total makes the progress indeterminate.
    ///
    /// ```swift
    /// let progress = Progress(totalUnitCount: -1)
    /// try await client.download(Files.video, to: destination) { progress.update(with: $0) }
    /// ```
    ///
    /// - Parameter transfer: The transfer's progress.
    public func update(with transfer: TransferProgress) {
        totalUnitCount = transfer.totalBytes ?? -1
        completedUnitCount = transfer.completedBytes
    }
}
