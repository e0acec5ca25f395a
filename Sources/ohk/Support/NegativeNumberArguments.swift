/// Lets negative numbers stand as positional arguments (`ohk units convert -40 degC degF`).
///
/// ArgumentParser reads any token that starts with `-` as an option, and single-value `@Argument`s have no parsing
/// strategy to change that (`.allUnrecognized` and `.captureForPassthrough` exist only for arrays, and would cost
/// the `<value> <from> <to>` help). So before parsing, a `--` terminator is put in front of the first token that is
/// a negative decimal number, unless the user already wrote `--`; no option of `ohk` looks like a number.
enum NegativeNumberArguments {
    /// The arguments (without the program name) with `--` inserted before the first negative number, if needed.
    static func prepared(_ arguments: [String]) -> [String] {
        guard let index = arguments.firstIndex(where: { $0 == "--" || isNegativeNumber($0) }),
            arguments[index] != "--"
        else {
            return arguments
        }
        var result = arguments
        result.insert("--", at: index)
        return result
    }

    /// Whether a token is `-` followed by a decimal number (`-40`, `-.5`, `-1e3`).
    static func isNegativeNumber(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        let second = token[token.index(after: token.startIndex)]
        guard second.isASCII, second.isNumber || second == "." else { return false }
        return Double(token) != nil
    }
}
