extension Unicode.Scalar {
    /// The value of this scalar as a decimal digit of any script (`7`, `٧`, `۷`, `၇`), 0 to 9; nil
    /// for any other scalar.
    var decimalDigitValue: UInt32? {
        guard properties.numericType == .decimal, let number = properties.numericValue,
            let digit = UInt32(exactly: number), digit <= 9, digit <= value
        else { return nil }
        return digit
    }
}
