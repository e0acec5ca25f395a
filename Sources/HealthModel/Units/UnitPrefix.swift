/// An SI prefix that scales a prefixable base unit such as gram, meter or liter (micro is spelled `mc`, as in HealthKit).
public enum UnitPrefix: Sendable, CaseIterable, Hashable {
    /// No prefix: a factor of 1.
    case none
    /// pico, 10⁻¹², spelled `p`.
    case pico
    /// nano, 10⁻⁹, spelled `n`.
    case nano
    /// micro, 10⁻⁶, spelled `mc` (HealthKit's spelling, not `µ`).
    case micro
    /// milli, 10⁻³, spelled `m`.
    case milli
    /// centi, 10⁻², spelled `c`.
    case centi
    /// deci, 10⁻¹, spelled `d`.
    case deci
    /// deca, 10¹, spelled `da`.
    case deca
    /// hecto, 10², spelled `h`.
    case hecto
    /// kilo, 10³, spelled `k`.
    case kilo
    /// mega, 10⁶, spelled `M`.
    case mega
    /// giga, 10⁹, spelled `G`.
    case giga
    /// tera, 10¹², spelled `T`.
    case tera
    /// femto, 10⁻¹⁵, spelled `f`.
    case femto

    /// The prefix as written in a unit string, e.g. `"mc"` for micro and `""` for none.
    public var symbol: String {
        switch self {
        case .none: return ""
        case .pico: return "p"
        case .nano: return "n"
        case .micro: return "mc"
        case .milli: return "m"
        case .centi: return "c"
        case .deci: return "d"
        case .deca: return "da"
        case .hecto: return "h"
        case .kilo: return "k"
        case .mega: return "M"
        case .giga: return "G"
        case .tera: return "T"
        case .femto: return "f"
        }
    }

    /// The multiplier the prefix applies, e.g. 0.001 for milli.
    public var factor: Double {
        switch self {
        case .none: return 1
        case .pico: return 1e-12
        case .nano: return 1e-9
        case .micro: return 1e-6
        case .milli: return 1e-3
        case .centi: return 1e-2
        case .deci: return 1e-1
        case .deca: return 1e1
        case .hecto: return 1e2
        case .kilo: return 1e3
        case .mega: return 1e6
        case .giga: return 1e9
        case .tera: return 1e12
        case .femto: return 1e-15
        }
    }

    /// Prefixes ordered so that two-letter symbols are tried before one-letter ones while parsing.
    static let parsingOrder: [UnitPrefix] =
        allCases
        .filter { $0 != .none }
        .sorted { $0.symbol.count > $1.symbol.count }

    /// A stable small number used to order prefixes in canonical strings.
    var sortRank: Int {
        switch self {
        case .femto: return 0
        case .pico: return 1
        case .nano: return 2
        case .micro: return 3
        case .milli: return 4
        case .centi: return 5
        case .deci: return 6
        case .none: return 7
        case .deca: return 8
        case .hecto: return 9
        case .kilo: return 10
        case .mega: return 11
        case .giga: return 12
        case .tera: return 13
        }
    }
}
