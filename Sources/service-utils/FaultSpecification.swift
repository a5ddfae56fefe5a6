// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import MockServerKit

    /// The `--fault SPEC` forms of `service-utils mock`, each naming one ``NetworkCondition``.
    enum FaultSpecification {
        /// Every form, one per line, as a usage error lists them.
        static let forms = """
            empty-response | malformed-chunk | random-data | reset | stall
            close-after=BYTES | content-length-longer=BYTES | stall-after=BYTES
            delay=MS | uniform-delay=MIN_MS-MAX_MS | lognormal-delay=MEDIAN_MS,SIGMA
            dribble=CHUNKS/MS | bandwidth=BYTES_PER_S | slow-close=MS | fail-first=N[:STATUS]
            """

        /// The condition `text` names.
        ///
        /// - Throws: ``UsageError`` listing the valid forms when `text` is none of them.
        static func parse(_ text: String) throws(UsageError) -> NetworkCondition {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            let value = parts.count > 1 ? parts[1] : nil
            if let condition = plain(name), value == nil { return condition }
            guard let value, let condition = valued(name, value) else {
                throw UsageError("--fault \(text.debugDescription) is not a fault; the forms are:\n" + forms)
            }
            return condition
        }

        private static func plain(_ name: String) -> NetworkCondition? {
            switch name {
            case "empty-response": .emptyResponse
            case "malformed-chunk": .malformedChunk
            case "random-data": .randomDataThenClose
            case "reset": .connectionReset
            case "stall": .stallBeforeHead
            default: nil
            }
        }

        private static func valued(_ name: String, _ value: String) -> NetworkCondition? {
            switch name {
            case "close-after", "content-length-longer", "stall-after", "delay", "slow-close", "bandwidth":
                guard let number = count(value) else { return nil }
                return counted(name, number)
            case "uniform-delay":
                guard let (low, high) = pair(value, "-"), let lower = count(low), let upper = count(high) else {
                    return nil
                }
                return .uniformDelay(lower: .milliseconds(lower), upper: .milliseconds(upper))
            case "lognormal-delay":
                guard let (medianText, sigmaText) = pair(value, ","), let median = count(medianText),
                    let sigma = Double(sigmaText), sigma.isFinite, sigma >= 0
                else { return nil }
                return .logNormalDelay(median: .milliseconds(median), sigma: sigma)
            case "dribble":
                guard let (chunkText, durationText) = pair(value, "/"), let chunks = count(chunkText), chunks > 0,
                    let duration = count(durationText)
                else { return nil }
                return .dribble(chunks: chunks, over: .milliseconds(duration))
            case "fail-first":
                return failFirst(value)
            default:
                return nil
            }
        }

        private static func counted(_ name: String, _ number: Int) -> NetworkCondition? {
            switch name {
            case "close-after": .closeAfter(bodyBytes: number)
            case "content-length-longer": .contentLengthLonger(by: number)
            case "stall-after": .stallAfter(bodyBytes: number)
            case "delay": .delay(.milliseconds(number))
            case "slow-close": .slowClose(delay: .milliseconds(number))
            case "bandwidth": number > 0 ? .bandwidth(bytesPerSecond: number) : nil
            default: nil
            }
        }

        private static func failFirst(_ value: String) -> NetworkCondition? {
            let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let requests = count(parts[0]) else { return nil }
            guard parts.count > 1 else { return .failFirst(requests) }
            guard let status = count(parts[1]), (200...999).contains(status) else { return nil }
            return .failFirst(requests, status: status)
        }

        /// A whole number from 0 to 10^9 written in decimal digits only.
        private static func count(_ text: String) -> Int? {
            guard !text.isEmpty, text.count <= 10, text.allSatisfy(\.isASCIIDigit), let number = Int(text),
                number <= 1_000_000_000
            else { return nil }
            return number
        }

        private static func pair(_ text: String, _ separator: Character) -> (String, String)? {
            let parts = text.split(separator: separator, maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    extension Character {
        /// Whether this is one of the ASCII digits 0–9.
        fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
    }
#endif
