import Testing

@Suite("ohk --version, --help and units: conversions, negative values, refusals naming the argument")
struct UnitsCommandTests {
    @Test("--version prints the version; --help and the units helps exit 0 and name their subcommands")
    func versionAndHelp() throws {
        try expectOHK("--version", stdout: "0.1.0")
        let help = try expectOHK("--help")
        for command in [
            "units", "demo", "store", "stats", "samples", "types", "sources", "trends", "export", "import", "serve",
            "people", "clients",
        ] {
            #expect(help.stdout.contains(command), "the root help names \(command)")
        }
        #expect(try expectOHK("units --help").stdout.contains("convert"))
        #expect(try expectOHK("units convert --help").stdout.contains("USAGE"))
    }

    @Test(
        "Conversions print the value and the target unit",
        arguments: [
            ("units convert 5.4 mmol<180.15588000005408>/L mg/dL", "97.2841752 mg/dL"),
            ("units convert 97.2841752 mg/dL mmol<180.15588000005408>/L", "5.4 mmol<180.15588000005408>/L"),
            ("units convert 98.6 degF degC", "37 degC"),
            ("units convert -- -40 degC degF", "-40 degF"),
            ("units convert -40 degC degF", "-40 degF"),
            ("units convert -500 g kg", "-0.5 kg"),
            ("units convert 26.2 mi km", "42.1648128 km"),
            ("units convert 100 kcal kJ", "418.4 kJ"),
            ("units convert 1 mL/(kg*min) L/kg.min", "0.001 L/kg.min"),
        ])
    func conversions(_ commandLine: String, _ expected: String) throws {
        try expectOHK(commandLine, stdout: expected)
    }

    @Test(
        "Bad values and units are refused with a message naming the argument",
        arguments: [
            ("units convert abc kg g", #"value "abc" is not a number"#),
            ("units convert inf kg g", #"value "inf" is not a finite number"#),
            ("units convert 1 kgg g", #"FROM unit "kgg": invalid unit "kgg" at character 0"#),
            ("units convert 1 m m/s/s", #"TO unit "m/s/s": invalid unit "m/s/s" at character 3"#),
            ("units convert 1 kg m", "cannot convert kg to m:"),
            ("units convert 1 kg", "Missing expected argument"),
        ])
    func refusals(_ commandLine: String, _ message: String) throws {
        let result = try expectOHK(commandLine, exit: .nonzero, stdout: "", stderrContains: message)
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result)")
    }

    @Test("units list names mmHg, degF and mol")
    func list() throws {
        let list = try expectOHK("units list").stdout
        #expect(list.contains("mmHg") && list.contains("degF") && list.contains("mol"))
    }
}
