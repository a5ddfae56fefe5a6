extension URLEncodedFormEncoder {
    /// How keys are rewritten before they are escaped.
    ///
    /// The rewrite applies to a value's whole key as the key path and array strategies built it,
    /// such as `userName[firstName]`, as in Alamofire.
    public enum KeyEncoding: Sendable {
        /// The keys as the type gives them (the default).
        case useDefaultKeys
        /// `oneTwoThree` becomes `one_two_three`, `myURLProperty` `my_url_property`; leading and
        /// trailing `_` are kept, and a run of capitals is one word up to the capital before the
        /// next lower-case letter (so `URLRequest` becomes `u_rl_request`, as in `JSONEncoder` and
        /// Alamofire, which assume the first letter is lower-case).
        case convertToSnakeCase
        /// As ``convertToSnakeCase`` with `-`: `oneTwoThree` becomes `one-two-three`.
        case convertToKebabCase
        /// The first character upper-cased: `oneTwoThree` becomes `OneTwoThree`.
        case capitalized
        /// Every letter upper-cased: `oneTwoThree` becomes `ONETWOTHREE`.
        case uppercased
        /// Every letter lower-cased: `oneTwoThree` becomes `onetwothree`.
        case lowercased
        /// The closure's key.
        case custom(@Sendable (String) -> String)

        /// `key` rewritten by this strategy.
        func encode(_ key: String) -> String {
            switch self {
            case .useDefaultKeys: key
            case .convertToSnakeCase: Self.words(of: key).joined(separator: "_")
            case .convertToKebabCase: Self.words(of: key).joined(separator: "-")
            case .capitalized: key.prefix(1).uppercased() + key.dropFirst()
            case .uppercased: key.uppercased()
            case .lowercased: key.lowercased()
            case .custom(let rewrite): rewrite(key)
            }
        }

        /// The lower-cased words of a camel-case key.
        ///
        /// A word ends before a capital (Unicode `Lu` or `Lt`) that is not the key's first
        /// character. When several capitals follow one another, they form one word up to the capital
        /// before the next lower-case letter (`Ll`), which starts the next word; capitals with no
        /// lower-case letter after them all join the last word. Everything else, `_` included, stays
        /// inside its word.
        static func words(of key: String) -> [String] {
            let scalars = Array(key.unicodeScalars)
            guard !scalars.isEmpty else { return [key] }
            var bounds: [Range<Int>] = []
            var wordStart = 0
            var searchStart = 1
            while let capital = firstIndex(in: scalars, from: searchStart, where: isUpper) {
                bounds.append(wordStart..<capital)
                guard let lower = firstIndex(in: scalars, from: capital + 1, where: isLower) else {
                    wordStart = capital
                    break
                }
                if lower == capital + 1 {
                    wordStart = capital
                } else {
                    bounds.append(capital..<(lower - 1))
                    wordStart = lower - 1
                }
                searchStart = lower + 1
            }
            bounds.append(wordStart..<scalars.count)
            return bounds.map { bound in
                var word = String.UnicodeScalarView()
                word.append(contentsOf: scalars[bound])
                return String(word).lowercased()
            }
        }

        private static func firstIndex(
            in scalars: [Unicode.Scalar], from start: Int, where matches: (Unicode.Scalar) -> Bool
        ) -> Int? {
            guard start < scalars.count else { return nil }
            return scalars[start...].firstIndex(where: matches)
        }

        private static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
            let category = scalar.properties.generalCategory
            return category == .uppercaseLetter || category == .titlecaseLetter
        }

        private static func isLower(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .lowercaseLetter
        }
    }
}
