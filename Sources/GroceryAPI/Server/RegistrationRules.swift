import Foundation

/// The checks `register` applies (and `validate/email` applies to the address).
enum RegistrationRules {
    static let minimumPasswordLength = 8
    static let maximumPasswordLength = 128
    static let maximumNameLength = 100

    /// The address trimmed and lower-cased, as accounts are keyed.
    static func normalized(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// What is wrong with each field; empty when all are fine.
    static func problems(name: String?, email: String?, password: String?) -> [String: [String]] {
        var problems: [String: [String]] = [:]
        let trimmedName = name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if trimmedName.isEmpty {
            problems["name", default: []].append("is required")
        } else if trimmedName.count > maximumNameLength {
            problems["name", default: []].append("must be at most \(maximumNameLength) characters")
        }
        if let emailProblem = problem(email: email) { problems["email", default: []].append(emailProblem) }
        let passwordLength = password?.count ?? 0
        if password == nil || passwordLength == 0 {
            problems["password", default: []].append("is required")
        } else if passwordLength < minimumPasswordLength {
            problems["password", default: []].append("must be at least \(minimumPasswordLength) characters")
        } else if passwordLength > maximumPasswordLength {
            problems["password", default: []].append("must be at most \(maximumPasswordLength) characters")
        }
        return problems
    }

    /// Why `email` is not a plausible address, or nil when it is one.
    ///
    /// The check is the practical one: one `@`, a non-empty local part, a domain with a dot
    /// between non-empty labels, no spaces or control characters, at most 254 characters.
    static func problem(email: String?) -> String? {
        guard let email, !email.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return "is required" }
        let address = normalized(email)
        let invalid = "is not a valid e-mail address"
        guard address.count <= 254, !address.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return invalid }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return invalid }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else {
            return invalid
        }
        return nil
    }
}
