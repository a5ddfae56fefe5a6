package import Foundation

extension BenchmarkReport {
    /// Writes `benchmarks.md` and one chart per benchmark that has one into `directory`, creating it,
    /// and replacing files of the same names.
    ///
    /// - Parameter directory: The report's folder.
    /// - Returns: The files written, the Markdown first.
    /// - Throws: The file system's error when the folder cannot be made or a file cannot be written.
    @discardableResult
    package func write(to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let markdownFile = directory.appendingPathComponent(Self.fileName)
        try Data(markdown().utf8).write(to: markdownFile, options: .atomic)
        var written = [markdownFile]
        for result in results {
            let chart = BenchmarkChart(result: result)
            guard let svg = chart.svg() else { continue }
            let file = directory.appendingPathComponent(chart.fileName)
            try Data(svg.utf8).write(to: file, options: .atomic)
            written.append(file)
        }
        return written
    }
}
