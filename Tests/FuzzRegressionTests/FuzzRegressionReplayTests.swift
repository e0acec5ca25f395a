import Foundation
import Testing

/// One kept input of a fuzz target: a seed of `Fuzz/Corpus/TARGET/` or a regression of `Tests/FuzzRegressions/TARGET/`.
struct FuzzInput: Sendable, CustomTestStringConvertible {
    let target: String
    let file: URL

    var testDescription: String {
        "\(file.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent)/\(target)/\(file.lastPathComponent)"
    }

    /// The project's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Inputs that once crashed a parser or broke a property, kept after the fix.
    static let regressions = root.appendingPathComponent("Tests/FuzzRegressions")
    /// The seed corpus the fuzzer starts from.
    static let seeds = root.appendingPathComponent("Fuzz/Corpus")

    /// The target folders under `folder`.
    static func targetFolders(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
            .sorted()
    }

    /// Every kept input under `folder`, by target.
    static func all(in folder: URL) -> [FuzzInput] {
        targetFolders(in: folder).flatMap { target in
            let directory = folder.appendingPathComponent(target)
            return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
                !$0.hasPrefix(".")
            }.sorted()
                .map { FuzzInput(target: target, file: directory.appendingPathComponent($0)) }
        }
    }
}

@Suite("Fuzz regressions")
struct FuzzRegressionReplayTests {
    @Test(
        "Every input a fuzzer found a bug with is read again without a crash and keeps its target's properties",
        arguments: FuzzInput.all(in: FuzzInput.regressions))
    func regression(_ input: FuzzInput) throws {
        try replay(input)
    }

    @Test("Every seed of the fuzz corpus keeps its target's properties", arguments: FuzzInput.all(in: FuzzInput.seeds))
    func seed(_ input: FuzzInput) throws {
        try replay(input)
    }

    @Test("Every corpus folder names a fuzz target, and every target has seeds")
    func foldersNameTargets() {
        for target in FuzzInput.targetFolders(in: FuzzInput.regressions) + FuzzInput.targetFolders(in: FuzzInput.seeds)
        {
            #expect(ParserFuzzTargets.names.contains(target), "no fuzz target is named \(target)")
        }
        for target in ParserFuzzTargets.names {
            #expect(
                FuzzInput.all(in: FuzzInput.seeds).contains { $0.target == target },
                "\(target) has no seeds in Fuzz/Corpus/\(target)")
        }
    }

    private func replay(_ input: FuzzInput) throws {
        let run = try #require(ParserFuzzTargets.target(named: input.target), "no fuzz target is named \(input.target)")
        let data = try Data(contentsOf: input.file)
        #expect(throws: Never.self) { try run(data) }
    }
}
