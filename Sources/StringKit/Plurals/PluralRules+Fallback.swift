extension PluralRules {
    /// The CLDR identifiers to try for a locale, most specific first: `sr_Latn_RS` gives `sr_Latn_RS`,
    /// `sr_Latn`, `sr`. Where CLDR names another parent whose rules differ, the chain goes there instead
    /// of dropping the last part: `pt_AO` gives `pt_AO`, `pt_PT`, `pt`. Separators `-` and `_` are both
    /// accepted, and `@…` keywords and `.…` encodings (as in `ru_RU.UTF-8`) are dropped.
    static func fallbackChain(for identifier: String) -> [String] {
        var core = Substring(identifier)
        if let cut = core.firstIndex(where: { $0 == "@" || $0 == "." }) { core = core[..<cut] }
        var parts: [String] = []
        for (index, part) in core.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated() {
            parts.append(normalized(String(part), isLanguage: index == 0))
        }
        var chain: [String] = []
        while !parts.isEmpty {
            let candidate = parts.joined(separator: "_")
            // The generated parents never loop; the check keeps a bad table from hanging the lookup.
            guard !chain.contains(candidate) else { break }
            chain.append(candidate)
            if let parent = PluralRuleTable.parentLocale(of: candidate) {
                parts = parent.split(separator: "_").map(String.init)
            } else {
                parts.removeLast()
            }
        }
        return chain
    }

    /// CLDR's casing: language lower case, script title case (`Latn`), region upper case (`PT`).
    private static func normalized(_ part: String, isLanguage: Bool) -> String {
        if isLanguage { return part.lowercased() }
        if part.count == 4, part.allSatisfy(\.isLetter) {
            return part.prefix(1).uppercased() + part.dropFirst().lowercased()
        }
        return part.uppercased()
    }
}
