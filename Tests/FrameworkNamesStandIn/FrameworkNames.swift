// Stand-ins for top-level names of Apple frameworks that apps import beside ServiceUtils (SwiftUI's
// `Color`, `Font` and `TextAlignment`). Only their names matter: a file that imports this module and
// ServiceUtils and writes `Color.red` compiles only if ServiceUtils declares no top-level `Color`.

/// SwiftUI's `Color`, by name.
public struct Color: Equatable {
    /// A name, standing for the colour.
    public let name: String
    /// SwiftUI's red.
    public static let red = Color(name: "red")
}

/// SwiftUI's `Font`, by name.
public struct Font: Equatable {
    /// A name, standing for the font.
    public let name: String
    /// SwiftUI's body style.
    public static let body = Font(name: "body")
}

/// SwiftUI's `TextAlignment`, by name.
public enum TextAlignment: Equatable {
    /// Leading.
    case leading
    /// Centre.
    case center
}
