extension AmountNotation {
    /// The amount in minor units that the reference reading gives for `text`, or nil when the text is
    /// not one this notation reads (the reference reading then reads it, or says why it cannot).
    ///
    /// - Parameters:
    ///   - text:           What the user typed.
    ///   - fractionDigits: The currency's minor-unit digits.
    /// - Returns: The amount, or nil.
    func minorUnits(in text: String, fractionDigits: Int) -> Int64? {
        let capacity = text.utf8.count
        guard capacity > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { buffer -> Int64? in
            var count = 0
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value < 0x80 {
                    guard value >= 0x20, value != 0x7F else { return nil }
                } else if Self.ignored.contains(value) {
                    continue
                } else if !trusted.contains(where: { $0.value == value }) {
                    return nil
                }
                buffer[count] = value
                count += 1
            }
            return read(UnsafeBufferPointer(rebasing: buffer[..<count]), fractionDigits: fractionDigits)
        }
    }

    /// The reference reading's steps on trusted scalars: strip the symbol and code and the spaces
    /// around them, then at most one sign (and the symbol and code after it), then the number.
    private func read(_ scalars: UnsafeBufferPointer<UInt32>, fractionDigits: Int) -> Int64? {
        var window = ScalarWindow(scalars: scalars, start: 0, end: scalars.count)
        for affix in affixes { window.strip(affix) }
        window.trimSpaces()
        var isNegative = false
        var sawSign = false
        while window.start < window.end, Self.isSign(scalars[window.start]) {
            guard !sawSign else { return nil }
            sawSign = true
            isNegative = scalars[window.start] != UInt32(UInt8(ascii: "+"))
            window.start += 1
            for affix in affixes { window.strip(affix) }
            window.trimSpaces()
        }
        guard let units = number(UnsafeBufferPointer(rebasing: scalars[window.start..<window.end]), fractionDigits)
        else { return nil }
        return isNegative ? -units : units
    }

    /// The number's digits as minor units, when its separators and groups are ones the reference
    /// accepts, it has no more fraction digits than the currency and it fits in `Int64`.
    private func number(_ scalars: UnsafeBufferPointer<UInt32>, _ fractionDigits: Int) -> Int64? {
        var units: Int64 = 0
        var digitCount = 0
        var fractionCount: Int?
        var groups = GroupSizes()
        for scalar in scalars {
            if let digit = digitValue(scalar) {
                let (times, overflow) = units.multipliedReportingOverflow(by: 10)
                let (plus, overflowAgain) = times.addingReportingOverflow(digit)
                guard !overflow, !overflowAgain else { return nil }
                units = plus
                digitCount += 1
                if let count = fractionCount {
                    guard count < fractionDigits else { return nil }
                    fractionCount = count + 1
                } else {
                    groups.current += 1
                }
            } else if isDecimalSeparator(scalar) {
                guard fractionCount == nil else { return nil }
                fractionCount = 0
            } else if isGroupingSeparator(scalar) {
                guard fractionCount == nil else { return nil }
                groups.close()
            } else {
                return nil
            }
        }
        guard digitCount > 0, fractionCount != 0 else { return nil }
        if groups.count > 1 {
            guard groups.areGrouped(secondary: 3) || localSecondaryGroupSize.map(groups.areGrouped) ?? false else {
                return nil
            }
        }
        for _ in (fractionCount ?? 0)..<fractionDigits {
            let (times, overflow) = units.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            units = times
        }
        return units
    }

    private func digitValue(_ scalar: UInt32) -> Int64? {
        if scalar >= 0x30, scalar <= 0x39 { return Int64(scalar - 0x30) }
        guard scalar >= 0x80, let found = trusted.first(where: { $0.value == scalar }), found.digit >= 0 else {
            return nil
        }
        return Int64(found.digit)
    }

    private func isDecimalSeparator(_ scalar: UInt32) -> Bool {
        scalar == decimalSeparator || (readsDotAsDecimal && scalar == UInt32(UInt8(ascii: ".")))
    }

    private func isGroupingSeparator(_ scalar: UInt32) -> Bool {
        switch grouping {
        case .none: false
        case .spaces: Self.spaces.contains(scalar)
        case .scalar(let separator): scalar == separator
        }
    }

    private static func isSign(_ scalar: UInt32) -> Bool {
        scalar == UInt32(UInt8(ascii: "-")) || scalar == minusSign || scalar == UInt32(UInt8(ascii: "+"))
    }
}

// MARK: - ScalarWindow

/// The part of the text still to read, narrowed from both ends.
private struct ScalarWindow {
    let scalars: UnsafeBufferPointer<UInt32>
    var start: Int
    var end: Int

    /// Drops the reference's spaces from both ends.
    mutating func trimSpaces() {
        while start < end, AmountNotation.spaces.contains(scalars[start]) { start += 1 }
        while end > start, AmountNotation.spaces.contains(scalars[end - 1]) { end -= 1 }
    }

    /// Trims spaces, then drops `affix` from the front or, failing that, from the back.
    mutating func strip(_ affix: [UInt32]) {
        trimSpaces()
        guard affix.count <= end - start else { return }
        if scalars[start..<start + affix.count].elementsEqual(affix) {
            start += affix.count
        } else if scalars[end - affix.count..<end].elementsEqual(affix) {
            end -= affix.count
        }
    }
}

// MARK: - GroupSizes

/// The sizes of the integer digit groups, as far as the reference's grouping rule needs them.
private struct GroupSizes {
    /// How many groups have begun.
    var count = 1
    /// The digits of the group being read.
    var current = 0
    /// The first group's size, once it is closed.
    var first = 0
    /// Whether every group between the first and the last has 3 digits, or has as many as the first
    /// middle one (`middle`).
    var middleAreThree = true
    var middle: Int?
    var middleAreAlike = true

    /// Ends the current group at a grouping separator.
    mutating func close() {
        if count == 1 {
            first = current
        } else {
            middleAreThree = middleAreThree && current == 3
            middleAreAlike = middleAreAlike && (middle ?? current) == current
            middle = middle ?? current
        }
        count += 1
        current = 0
    }

    /// Whether the groups are the last three digits after groups of `secondary` digits, the first of
    /// 1 to `secondary`, as the reference's rule has it.
    func areGrouped(secondary: Int) -> Bool {
        guard current == 3, secondary >= 1, (1...secondary).contains(first) else { return false }
        guard let middle else { return true }
        return secondary == 3 ? middleAreThree : middleAreAlike && middle == secondary
    }
}
