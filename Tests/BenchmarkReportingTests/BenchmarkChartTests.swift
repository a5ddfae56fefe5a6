import BenchmarkReporting
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("BenchmarkChart")
struct BenchmarkChartTests {
    @Test("one bar per case in each panel, the goal lines labelled with their verdicts")
    func barsAndGoals() throws {
        // Given a benchmark with a baseline, two cases, CPU times and two goals for one case
        let chart = BenchmarkChart(result: BenchmarkReportingFixtures.requests)
        // When its chart is drawn and read back as XML
        let svg = try #require(chart.svg())
        let document = try SVGContents(svg)
        // Then a time panel and a CPU panel have three bars each (beside the white background)
        #expect(document.elements["rect"] == 1 + 3 + 3)
        #expect(document.texts.contains("Median time"))
        #expect(document.texts.contains("Median CPU time of this process"))
        #expect(document.texts.filter { $0 == "HTTPClient.send(router)" }.count == 2)
        #expect(document.texts.contains("1.20×"))
        #expect(document.texts.contains("goal ≤ 1.40× the baseline's time: met (1.20×)"))
        #expect(document.texts.contains("goal ≤ 0.25× URLSession.data(for:)'s time: missed (0.30×)"))
        // And the goal lines are dashed, drawn once per goal, and nothing runs or loads from elsewhere
        #expect(svg.components(separatedBy: "stroke-dasharray=\"4 2\"").count - 1 == 2)
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("@import"))
        #expect(!svg.contains("href"))
        #expect(chart.fileName == "NetworkKit.sequentialGETs.svg")
    }

    @Test("names with XML's special characters stay well-formed and read back as they were")
    func escapesNames() throws {
        // Given a benchmark whose names hold &, <, >, quotes and apostrophes
        let result = BenchmarkReportingFixtures.awkwardNames
        // When its chart is drawn and parsed
        let chart = BenchmarkChart(result: result)
        let document = try SVGContents(try #require(chart.svg()))
        // Then the texts are the names themselves, and the file name keeps only safe characters
        #expect(document.texts.contains(result.name))
        #expect(document.texts.contains(result.cases[0].name))
        #expect(document.texts.contains("plain & <simple>"))
        #expect(chart.fileName == "StringKit.-odd-----names-.svg")
    }

    @Test("a benchmark that failed has no chart")
    func failedHasNoChart() {
        // Given a benchmark that failed before measuring
        // When its chart is asked for
        // Then there is none
        #expect(BenchmarkChart(result: BenchmarkReportingFixtures.failed).svg() == nil)
    }

    @Test("text is escaped for XML")
    func xmlEscaping() {
        // Given text with XML's special characters and a control character
        // When it is escaped
        // Then each becomes an entity and the control character is gone
        #expect("a & <b> \"c\" 'd'\u{1}".xmlEscaped == "a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;")
    }
}

/// The elements and texts of an SVG document, read with Foundation's XML parser, which throws on
/// anything that is not well-formed XML.
struct SVGContents {
    /// How many elements of each name the document has.
    var elements: [String: Int] = [:]
    /// The text of every `text` and `title` element.
    var texts: [String] = []

    init(_ svg: String) throws {
        let delegate = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = delegate
        guard parser.parse() else {
            throw SVGError(description: "not well-formed: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        elements = delegate.elements
        texts = delegate.texts
        #expect(delegate.root == "svg")
    }

    struct SVGError: Error, CustomStringConvertible {
        var description: String
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var root: String?
        var elements: [String: Int] = [:]
        var texts: [String] = []
        private var current: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if root == nil { root = name }
            elements[name, default: 0] += 1
            current = name == "text" || name == "title" ? "" : nil
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            current? += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if let current { texts.append(current) }
            current = nil
        }
    }
}
