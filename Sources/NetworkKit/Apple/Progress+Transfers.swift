#if canImport(Darwin)
    public import Foundation

    extension Progress {
        /// A progress object describing a file transfer the way Apple's file progress does (`kind`
        /// `.file`, a `fileOperationKind` and the `fileURL`), so the system words its
        /// `localizedDescription` in bytes; feed it with ``update(with:)`` or let
        /// ``Transfer/makeFoundationProgress()`` drive one and add it as a child.
        ///
        /// ```swift
        /// let progress = Progress.fileTransfer(.downloading, fileURL: destination)
        /// try await client.download(Files.video, to: destination) { progress.update(with: $0) }
        /// ```
        ///
        /// - Parameters:
        ///   - operation: `.downloading` or `.uploading`.
        ///   - fileURL:   The file being written or read.
        /// - Returns: An indeterminate progress until the first update.
        public static func fileTransfer(_ operation: FileOperationKind, fileURL: URL?) -> Progress {
            let progress = Progress(totalUnitCount: -1)
            progress.kind = .file
            progress.fileOperationKind = operation
            progress.fileURL = fileURL
            return progress
        }
    }
#endif
