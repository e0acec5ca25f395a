import Synchronization

/// Parsed units by their exact input spelling, shared by all threads.
private let parsedUnitCache = Mutex<[String: HealthUnit]>([:])

/// The most spellings kept in the cache before it is emptied and refilled.
private let parsedUnitCacheLimit = 4096

/// Recursive-descent parser for HealthKit unit strings.
///
/// Grammar (whitespace allowed around operators):
/// ```
/// unit     := quotient
/// quotient := product ( "/" product )?          at most one "/" in the whole string
/// product  := factor ( ("." | "*" | "·") factor )*
/// factor   := ( symbol | "1" | "(" quotient ")" ) ( "^" ["+"|"-"] digits )?
/// symbol   := [prefix] base [ "<" molar-mass ">" ]  |  non-SI name
/// ```
/// A whole-token non-SI name (`min`, `mi`, `d`, `cal`, `Cal`, `mmHg`, `dBASPL`, `pD`, …) wins over splitting the
/// token into a prefix and a base unit.
struct UnitParser {
    /// The string as given, for error messages.
    let original: String
    /// The string as characters; error positions are offsets into this array.
    let characters: [Character]
    /// Current read position.
    var index = 0
    /// Number of `/` seen so far (at most one is allowed).
    var slashCount = 0
    /// Current parenthesis nesting depth.
    var depth = 0

    /// Largest absolute power accepted for a factor.
    static let powerLimit = 1000
    /// Deepest parenthesis nesting accepted.
    static let depthLimit = 64

    /// Non-SI names matched as whole tokens before prefix splitting, with the component they stand for.
    static let wholeTokens: [String: (base: BaseUnit, prefix: UnitPrefix)] = {
        var table: [String: (base: BaseUnit, prefix: UnitPrefix)] = [:]
        for base in BaseUnit.allCases where !base.isPrefixable {
            table[base.symbol] = (base, .none)
        }
        table["cal"] = (.calorie, .none)
        table["kcal"] = (.calorie, .kilo)
        table["Cal"] = (.calorie, .kilo)
        return table
    }()

    /// Symbols of prefixable base units (`l` is accepted as a spelling of `L`).
    static let prefixableBases: [String: BaseUnit] = {
        var table: [String: BaseUnit] = [:]
        for base in BaseUnit.allCases where base.isPrefixable {
            table[base.symbol] = base
        }
        table["l"] = .liter
        return table
    }()

    /// Parses through the shared cache.
    static func parseCached(_ string: String) throws(HealthModelError) -> HealthUnit {
        if let cached = parsedUnitCache.withLock({ $0[string] }) {
            return cached
        }
        let unit = HealthUnit(components: try parseComponents(string))
        parsedUnitCache.withLock { cache in
            if cache.count >= parsedUnitCacheLimit {
                cache.removeAll(keepingCapacity: true)
            }
            cache[string] = unit
        }
        return unit
    }

    /// Parses a unit string into raw (unnormalized) components.
    static func parseComponents(_ string: String) throws(HealthModelError) -> [UnitComponent] {
        var parser = UnitParser(original: string, characters: Array(string))
        parser.skipWhitespace()
        guard parser.index < parser.characters.count else {
            throw parser.failure("empty unit string", at: 0)
        }
        let components = try parser.parseQuotient()
        parser.skipWhitespace()
        if let character = parser.current {
            if character == ")" {
                throw parser.failure("unbalanced parentheses: ')' has no matching '('")
            }
            if character.isNumber {
                throw parser.failure("a number cannot follow a unit; write powers with '^' (e.g. m^2)")
            }
            if character == "(" || UnitParser.isSymbolCharacter(character) {
                throw parser.failure("expected '.', '*', '·' or '/' between units")
            }
            throw parser.failure("unexpected character '\(character)'")
        }
        return components
    }

    /// The character at the read position, or nil at the end.
    var current: Character? {
        index < characters.count ? characters[index] : nil
    }

    /// An `.invalidUnit` error at `position` (the read position by default).
    func failure(_ reason: String, at position: Int? = nil) -> HealthModelError {
        .invalidUnit(string: original, position: position ?? index, reason: reason)
    }

    /// Advances past whitespace.
    mutating func skipWhitespace() {
        while let character = current, character.isWhitespace {
            index += 1
        }
    }

    /// Whether `character` may appear in a unit symbol.
    static func isSymbolCharacter(_ character: Character) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character == "_" || character == "%"
    }

    /// quotient := product ( "/" product )?
    mutating func parseQuotient() throws(HealthModelError) -> [UnitComponent] {
        var components = try parseProduct()
        skipWhitespace()
        if current == "/" {
            if slashCount > 0 {
                throw failure("a unit may contain only one '/'; everything after it is the denominator")
            }
            slashCount += 1
            index += 1
            let denominator = try parseProduct()
            components += denominator.map { $0.raised(toPower: -1) }
        }
        return components
    }

    /// product := factor ( ("." | "*" | "·") factor )*
    mutating func parseProduct() throws(HealthModelError) -> [UnitComponent] {
        var components = try parseFactor()
        while true {
            skipWhitespace()
            guard let character = current, character == "." || character == "*" || character == "·" else {
                return components
            }
            index += 1
            components += try parseFactor()
        }
    }

    /// factor := ( symbol | "1" | "(" quotient ")" ) ( "^" integer )?
    mutating func parseFactor() throws(HealthModelError) -> [UnitComponent] {
        skipWhitespace()
        guard let character = current else {
            throw failure("expected a unit after the operator")
        }
        var components: [UnitComponent]
        if character == "(" {
            let openPosition = index
            depth += 1
            if depth > UnitParser.depthLimit {
                throw failure("parentheses nested too deeply")
            }
            index += 1
            components = try parseQuotient()
            skipWhitespace()
            guard current == ")" else {
                if current == nil {
                    throw failure("unbalanced parentheses: '(' is never closed", at: openPosition)
                }
                throw failure("expected ')' to close the '(' at character \(openPosition)")
            }
            index += 1
            depth -= 1
        } else if character == ")" {
            throw failure("unbalanced parentheses: expected a unit before ')'")
        } else if character.isASCII, character.isNumber {
            let start = index
            while let digit = current, digit.isASCII, digit.isNumber {
                index += 1
            }
            guard String(characters[start..<index]) == "1" else {
                throw failure("a number cannot stand for a unit (only 1, as in 1/s); write powers with '^'", at: start)
            }
            components = []
        } else if UnitParser.isSymbolCharacter(character) {
            components = [try parseSymbol()]
        } else if character == "µ" || character == "μ" {
            throw failure("micro is spelled 'mc' in unit strings (e.g. mcg)")
        } else if character == "^" {
            throw failure("'^' must follow a unit")
        } else {
            throw failure("unexpected character '\(character)'")
        }
        skipWhitespace()
        if current == "^" {
            index += 1
            let power = try parsePower()
            components = try components.map { (component) throws(HealthModelError) -> UnitComponent in
                let (product, overflow) = component.power.multipliedReportingOverflow(by: power)
                guard !overflow, abs(product) <= UnitParser.powerLimit else {
                    throw failure("power out of range (at most \(UnitParser.powerLimit) in magnitude)")
                }
                var raised = component
                raised.power = product
                return raised
            }
        }
        return components
    }

    /// The integer after `^`: optional sign, then digits.
    mutating func parsePower() throws(HealthModelError) -> Int {
        skipWhitespace()
        var sign = 1
        if current == "-" || current == "−" {
            sign = -1
            index += 1
        } else if current == "+" {
            index += 1
        }
        let start = index
        var value = 0
        while let digit = current, digit.isASCII, let number = digit.wholeNumberValue {
            value = value * 10 + number
            if value > UnitParser.powerLimit {
                throw failure("power out of range (at most \(UnitParser.powerLimit) in magnitude)", at: start)
            }
            index += 1
        }
        guard index > start else {
            throw failure("'^' must be followed by an integer")
        }
        return sign * value
    }

    /// symbol := non-SI name | [prefix] base [ "<" molar-mass ">" ]
    mutating func parseSymbol() throws(HealthModelError) -> UnitComponent {
        let start = index
        while let character = current, UnitParser.isSymbolCharacter(character) {
            index += 1
        }
        let name = String(characters[start..<index])
        var molarMass: Double?
        if current == "<" {
            let open = index
            index += 1
            let massStart = index
            while let character = current, character != ">" {
                index += 1
            }
            guard current == ">" else {
                throw failure("'<' opening a molar mass is never closed with '>'", at: open)
            }
            let text = String(characters[massStart..<index]).trimmingCharacters(in: .whitespaces)
            guard let mass = Double(text), mass.isFinite, mass > 0 else {
                throw failure("molar mass must be a positive finite number of g/mol", at: massStart)
            }
            index += 1
            molarMass = mass
        }
        var component = try UnitParser.resolve(name, at: start, parser: self)
        if let molarMass {
            guard component.base == .mole else {
                throw failure("a molar mass '<…>' may only follow mol", at: start)
            }
            component.molarMass = molarMass
        }
        return component
    }

    /// Maps a symbol name to a component: whole non-SI name first, then a prefixable base, then prefix + base.
    static func resolve(_ name: String, at position: Int, parser: UnitParser) throws(HealthModelError) -> UnitComponent
    {
        if let match = wholeTokens[name] {
            return UnitComponent(base: match.base, prefix: match.prefix, molarMass: nil, power: 1)
        }
        if let base = prefixableBases[name] {
            return UnitComponent(base: base, prefix: .none, molarMass: nil, power: 1)
        }
        var refusedBase: String?
        for prefix in UnitPrefix.parsingOrder where name.hasPrefix(prefix.symbol) {
            let rest = String(name.dropFirst(prefix.symbol.count))
            if let base = prefixableBases[rest] {
                return UnitComponent(base: base, prefix: prefix, molarMass: nil, power: 1)
            }
            if refusedBase == nil, wholeTokens[rest] != nil {
                refusedBase = rest
            }
        }
        if let refusedBase {
            throw parser.failure("unit '\(refusedBase)' does not accept an SI prefix", at: position)
        }
        throw parser.failure("unknown unit '\(name)'", at: position)
    }
}
