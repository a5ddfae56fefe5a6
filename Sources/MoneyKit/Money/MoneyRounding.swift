/// How an amount that falls between two minor units is rounded.
public enum MoneyRounding: String, Sendable, Hashable, CaseIterable {
    /// To the nearest unit; ties go to the even one (banker's rounding): 0.125 → 0.12, 0.135 → 0.14.
    case halfEven
    /// To the nearest unit; ties go away from zero: 0.125 → 0.13, −0.125 → −0.13.
    case halfUp
    /// Toward zero (truncation): 0.129 → 0.12, −0.129 → −0.12.
    case down
    /// Away from zero: 0.121 → 0.13, −0.121 → −0.13.
    case up
}
