import Foundation
import HealthTestSupport
import Testing

/// What one run of the `ohk` binary did.
struct CommandResult: CustomStringConvertible {
    let arguments: [String]
    /// Standard output, without its trailing newlines (as the shell's `$(…)` gives it).
    let stdout: String
    let stderr: String
    let exitCode: Int32

    var lines: [Substring] { stdout.split(separator: "\n", omittingEmptySubsequences: false) }

    var description: String {
        "ohk \(arguments.joined(separator: " ")) → exit \(exitCode)\nstdout: \(stdout)\nstderr: \(stderr)"
    }
}

/// The exit a check expects: a code, or any failure.
enum ExpectedExit: Equatable, CustomStringConvertible {
    case code(Int32)
    case nonzero

    /// Success.
    static let success = ExpectedExit.code(0)
    /// A runtime failure (the store, a file, the data).
    static let failure = ExpectedExit.code(1)
    /// A usage error: arguments or options (argument-parser's `EX_USAGE` is folded into 2 by `ohk`).
    static let usage = ExpectedExit.code(2)

    func matches(_ code: Int32) -> Bool {
        switch self {
        case let .code(expected): return code == expected
        case .nonzero: return code != 0
        }
    }

    var description: String {
        switch self {
        case let .code(code): return "\(code)"
        case .nonzero: return "nonzero"
        }
    }
}

/// Runs the built `ohk` as a user would, in the manner of argument-parser's `AssertExecuteCommand`: the products
/// folder located once, a process per call, stdout/stderr/exit code compared.
///
/// Every run gets `XDG_DATA_HOME` inside the tests' temporary folder and no `OHK_STORE`, so a command without
/// `--store` never touches the developer's own store; standard input is empty and standard output is a pipe.
enum OHK {
    /// The binary (`swift build --build-tests` builds it beside the test bundle).
    static let path = BuiltProducts.executable("ohk")

    /// Whether the binary is there.
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// A private data folder standing for `XDG_DATA_HOME`.
    static let dataHome: String = {
        do { return try TemporaryStoreFolder.newFolder("xdg").path } catch {
            fatalError("cannot make a data folder: \(error)")
        }
    }()

    /// The binary is not where `swift build --build-tests` puts it.
    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "build ohk first (swift build --build-tests): \(OHK.path) is missing" }
    }

    /// Runs `ohk` with arguments.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        guard isBuilt else { throw NotBuilt() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["OHK_STORE"] = nil
        merged["XDG_DATA_HOME"] = dataHome
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let output = Pipe()
        let errorFile = try TemporaryStoreFolder.newFolder("stderr").appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        let errors = try String(contentsOf: errorFile, encoding: .utf8)
        var stdout = String(decoding: data, as: UTF8.self)
        while stdout.hasSuffix("\n") { stdout.removeLast() }
        return CommandResult(arguments: arguments, stdout: stdout, stderr: errors, exitCode: process.terminationStatus)
    }

    /// Runs `ohk` with a command line split on spaces (no quoting: use the array form for arguments with spaces).
    static func run(_ commandLine: String, environment: [String: String] = [:]) throws -> CommandResult {
        try run(commandLine.split(separator: " ").map(String.init), environment: environment)
    }
}

/// Runs `ohk` and checks its exit code, its whole standard output (when given) and a part of its standard error
/// (when given); returns the result for further checks.
@discardableResult
func expectOHK(
    _ arguments: [String], exit: ExpectedExit = .success, stdout: String? = nil, stderrContains: String? = nil,
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
) throws -> CommandResult {
    let result = try OHK.run(arguments, environment: environment)
    #expect(
        exit.matches(result.exitCode), "exit \(result.exitCode), wanted \(exit)\n\(result)",
        sourceLocation: sourceLocation)
    if let stdout {
        #expect(result.stdout == stdout, "\(result)", sourceLocation: sourceLocation)
    }
    if let stderrContains {
        #expect(
            result.stderr.contains(stderrContains), "stderr should contain \(stderrContains)\n\(result)",
            sourceLocation: sourceLocation)
    }
    return result
}

/// `expectOHK` with a command line split on spaces.
@discardableResult
func expectOHK(
    _ commandLine: String, exit: ExpectedExit = .success, stdout: String? = nil, stderrContains: String? = nil,
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
) throws -> CommandResult {
    try expectOHK(
        commandLine.split(separator: " ").map(String.init), exit: exit, stdout: stdout, stderrContains: stderrContains,
        environment: environment, sourceLocation: sourceLocation)
}

/// A demo store shared by the read-only query checks: `ohk demo` over 2 days up to the 2024-03-10 spring-forward
/// day in Los Angeles, made once per test process.
enum DemoStore {
    static let path: String = {
        let path = TemporaryStoreFolder.newPath("demo")
        do {
            let result = try OHK.run([
                "demo", "--store", path, "--date", "2024-03-10", "--tz", "America/Los_Angeles", "--days", "2",
            ])
            guard result.exitCode == 0 else { fatalError("ohk demo failed: \(result)") }
        } catch {
            fatalError("cannot run ohk demo: \(error)")
        }
        return path
    }()
}
