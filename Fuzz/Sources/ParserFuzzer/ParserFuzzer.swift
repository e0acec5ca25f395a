import Foundation

// libFuzzer's entry points. The target is chosen by OHK_FUZZ_TARGET (one of ParserFuzzTargets.names), so that one
// executable serves every target and each target keeps its own corpus folder and dictionary.
//
// SwiftPM links an executable with `main` defined as `ParserFuzzer_main` (its module's entry point), so that function
// is defined here and hands over to libFuzzer's driver; libFuzzer's own `main` is then not used.

@_silgen_name("LLVMFuzzerRunDriver")
private func fuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The executable's entry point: hands the command line to libFuzzer's driver with `fuzzerTestOneInput` as
/// the callback, and returns the driver's exit code.
@_cdecl("ParserFuzzer_main")
public func parserFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return fuzzerRunDriver(&count, &arguments, fuzzerTestOneInput)
}

/// The target chosen at start-up.
nonisolated(unsafe) private var selectedTarget: (@Sendable (Data) throws(ParserFuzzTargets.Violation) -> Void)?

/// Called once by libFuzzer before any input: selects the target OHK_FUZZ_TARGET names, or exits with status 2
/// listing the names when it names none.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let name = ProcessInfo.processInfo.environment["OHK_FUZZ_TARGET"] ?? ""
    guard let target = ParserFuzzTargets.target(named: name) else {
        FileHandle.standardError.write(
            Data("set OHK_FUZZ_TARGET to one of: \(ParserFuzzTargets.names.joined(separator: ", "))\n".utf8))
        exit(2)
    }
    selectedTarget = target
    return 0
}

/// Called by libFuzzer for each input: runs the selected target on the bytes; a violated property stops the
/// process, so that libFuzzer keeps the input. Always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        try selectedTarget?(data)
    } catch {
        // A broken property is a finding like a crash: libFuzzer keeps the input.
        fatalError("property violated: \(error)")
    }
    return 0
}
