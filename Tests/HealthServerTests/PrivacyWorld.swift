import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import PropertyBased
import Testing

/// A random world for the privacy property: two people with the same four apps (random read grants, one in eight
/// with full access) and a full-access Health app each, and a list of writes — samples, blood pressures and meals
/// (correlations), workouts with routes, heart rate variability samples with heartbeat series, deletions, activity
/// summaries and source priorities that name apps with and without data.
///
/// It is generated from plain integers with `swift-property-based`, so a failing world shrinks (fewer writes, smaller
/// numbers) before it is reported. `PrivacyModel` says what each app may see of it; `reducedWrites(for:)` is the same
/// world with everything the app may not see left out, for the differential comparison.
struct PrivacyWorld: Sendable, CustomTestStringConvertible {
    /// One write of the world.
    enum Write: Sendable {
        /// Samples saved by one app (correlations carry their contained samples, not stamped yet).
        case save(person: Int, app: Int, samples: [Sample])
        /// One app deletes samples it saved.
        case delete(person: Int, app: Int, uuids: [UUID])
        /// Data besides samples, imported by the person's full-access app.
        case importData(person: Int, data: ImportedData)
        /// Routes of one app's workouts and heartbeat series of its HRV samples, saved as an import saves them (route
        /// and heartbeat series samples with the owner's source, a route associated with its workout).
        case series(person: Int, app: Int, routes: [WorkoutRoute], beats: [HeartbeatSeries])
        /// The person's full-access app sets a type's source order (bundle identifiers; nil: the default order).
        case setOrder(person: Int, type: SampleType, order: [String]?)
        /// One app subscribes to background delivery of a type (a record only that app, and full access, may see).
        case subscribe(person: Int, app: Int, type: SampleType, frequency: UpdateFrequency)
        /// One app attaches a file to a sample it saved (a record owned by the sample, seen with it).
        case attach(person: Int, app: Int, object: UUID, name: String, size: Int)

        var person: Int {
            switch self {
            case let .save(person, _, _), let .delete(person, _, _), let .importData(person, _),
                let .setOrder(person, _, _), let .series(person, _, _, _), let .subscribe(person, _, _, _),
                let .attach(person, _, _, _, _):
                return person
            }
        }
    }

    /// Read grants of each app: `grants[person][app]`.
    let grants: [[PrivacyGrants]]
    let writes: [Write]
    /// The first write made while observers are open (the writes before it are history).
    let liveFrom: Int
    /// Whether the server check opens `/observe` streams for this world (they last seconds, so not every world does).
    let observed: Bool
    /// Every identifier the world made, for probing by identifier.
    let uuids: [UUID]

    static let people = 2
    /// `OHK_PRIVACY_WORLDS`, when set, replaces every privacy test's number of worlds (for a longer run, or a short one).
    static let worldsOverride: Int? = ProcessInfo.processInfo.environment["OHK_PRIVACY_WORLDS"].flatMap { Int($0) }
    static let apps = ["com.example.app0", "com.example.app1", "com.example.app2", "com.example.app3"]
    /// Every person's own Health app: full access; imports and sets source priorities.
    static let health = "com.apple.Health"
    /// An app that never saves anything but is named in source priorities.
    static let stranger = "com.x.glucose"
    /// 2024-03-01T06:00:00Z; every sample lies within the week after, inside the dashboard's 30 days.
    static let origin = Date(timeIntervalSince1970: 1_709_272_800)

    /// Random worlds: eight grant codes and 1–24 writes of four small integers each (kind, app, person, value).
    static var generator: Generator<PrivacyWorld, some Sequence & SendableMetatype> {
        zip(
            Gen.int(in: 0...4095).array(of: people * apps.count),
            zip(Gen.int(in: 0...9), Gen.int(in: 0...3), Gen.int(in: 0...1), Gen.int(in: 0...9999)).array(of: 1...24),
            Gen.int(in: 0...2)
        ).map { codes, actions, observe in PrivacyWorld(grantCodes: codes, actions: actions, observed: observe == 0) }
    }

    /// The world these integers describe (the same integers always make the same world).
    init(grantCodes: [Int], actions: [(Int, Int, Int, Int)], observed: Bool) {
        grants = (0..<Self.people).map { person in
            (0..<Self.apps.count).map { PrivacyGrants(code: grantCodes[person * Self.apps.count + $0]) }
        }
        self.observed = observed
        var writes: [Write] = []
        var made: [UUID] = []
        func newUUID() -> UUID {
            let uuid = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", made.count + 1))!
            made.append(uuid)
            return uuid
        }
        /// Plain samples and workouts each app may delete, by person and app.
        var deletable: [[[UUID]]] = Array(repeating: Array(repeating: [], count: Self.apps.count), count: Self.people)
        for (index, (kind, app, person, value)) in actions.enumerated() {
            let start = Self.origin.addingTimeInterval(Double(value % 7) * 86_400 + Double(index) * 1_200)
            let magnitude = Double(1 + (value / 8) % 500)
            switch kind {
            case 0, 1, 2:
                let type = PrivacyTypes.quantities[value % PrivacyTypes.quantities.count]
                let sample = PrivacyTypes.sample(type, magnitude, at: start, uuid: newUUID())
                writes.append(.save(person: person, app: app, samples: [sample]))
                deletable[person][app].append(sample.uuid)
            case 3:
                let pressure = value % 2 == 0
                let first = PrivacyTypes.sample(
                    pressure ? PrivacyTypes.systolic : PrivacyTypes.energy,
                    pressure ? 100 + magnitude.truncatingRemainder(dividingBy: 60) : magnitude, at: start,
                    uuid: newUUID())
                let second = PrivacyTypes.sample(
                    pressure ? PrivacyTypes.diastolic : PrivacyTypes.protein,
                    pressure ? 60 + magnitude.truncatingRemainder(dividingBy: 30) : magnitude / 10, at: start,
                    uuid: newUUID())
                let correlation = try! Sample.correlation(
                    type: pressure ? PrivacyTypes.bloodPressure : PrivacyTypes.food, start: start, end: start,
                    objects: [first, second], uuid: newUUID())
                writes.append(.save(person: person, app: app, samples: [correlation]))
            case 4:
                let workout = try! Sample.workout(
                    activityTypeRawValue: 37, start: start, end: start.addingTimeInterval(1_800), uuid: newUUID())
                writes.append(.save(person: person, app: app, samples: [workout]))
                deletable[person][app].append(workout.uuid)
                writes.append(
                    .series(
                        person: person, app: app,
                        routes: [
                            WorkoutRoute(
                                uuid: newUUID(), workout: workout.uuid, sourceName: Self.apps[app], filePath: nil,
                                locations: (0..<3).map {
                                    WorkoutRouteLocation(
                                        date: start.addingTimeInterval(Double($0) * 600),
                                        latitude: 52.5 + Double(value % 100) / 1_000,
                                        longitude: 13.4 + Double($0) / 1_000)
                                })
                        ], beats: []))
            case 5:
                let variability = PrivacyTypes.sample(
                    PrivacyTypes.variability, 20 + magnitude.truncatingRemainder(dividingBy: 80), at: start,
                    uuid: newUUID())
                writes.append(.save(person: person, app: app, samples: [variability]))
                deletable[person][app].append(variability.uuid)
                writes.append(
                    .series(
                        person: person, app: app, routes: [],
                        beats: [
                            HeartbeatSeries(
                                sample: variability.uuid,
                                beats: (0..<4).map {
                                    HeartbeatSeries.Beat(
                                        date: start.addingTimeInterval(Double($0) * 0.8),
                                        beatsPerMinute: 60 + Double((value + $0) % 40))
                                })
                        ]))
            case 6 where value % 3 == 2:
                let own = deletable[person][app]
                guard !own.isEmpty else { continue }
                writes.append(
                    .attach(
                        person: person, app: app, object: own[value % own.count], name: "scan-\(value).pdf",
                        size: 16 + value % 100))
            case 6:
                let own = deletable[person][app]
                guard !own.isEmpty else { continue }
                let victim = own[value % own.count]
                deletable[person][app].removeAll { $0 == victim }
                writes.append(.delete(person: person, app: app, uuids: [victim]))
            case 7 where value % 4 == 3:
                let type = (value / 4) % 2 == 0 ? PrivacyTypes.steps : PrivacyTypes.heartRate
                let frequency = UpdateFrequency.allCases[(value / 8) % UpdateFrequency.allCases.count]
                writes.append(.subscribe(person: person, app: app, type: type, frequency: frequency))
            case 7:
                let type = value % 2 == 0 ? PrivacyTypes.steps : PrivacyTypes.heartRate
                let candidates = Self.apps + [Self.stranger]
                let chosen = candidates.indices.filter { (value / 2) & (1 << $0) != 0 }.map { candidates[$0] }
                let rotation = chosen.isEmpty ? 0 : value % chosen.count
                let order = Array(chosen[rotation...] + chosen[..<rotation])
                writes.append(
                    .setOrder(person: person, type: type, order: value % 5 == 0 || order.isEmpty ? nil : order))
            case 8:
                var data = ImportedData()
                data.activitySummaries = [PrivacyTypes.summary(day: 1 + value % 8, magnitude: magnitude)]
                writes.append(.importData(person: person, data: data))
            default:
                let samples =
                    (0..<2).map {
                        PrivacyTypes.sample(
                            PrivacyTypes.steps, magnitude + Double($0), at: start.addingTimeInterval(Double($0) * 300),
                            uuid: newUUID())
                    }
                    + [PrivacyTypes.sample(PrivacyTypes.activeEnergy, magnitude / 5, at: start, uuid: newUUID())]
                writes.append(.save(person: person, app: app, samples: samples))
                deletable[person][app] += samples.map(\.uuid)
            }
        }
        self.writes = writes
        self.liveFrom = writes.count / 2
        self.uuids = made
    }

    var testDescription: String {
        let grantText = grants.enumerated().map { person, apps in
            "person \(person): " + apps.enumerated().map { "app\($0.offset) \($0.element)" }.joined(separator: ", ")
        }.joined(separator: "; ")
        let writeText = writes.map { write -> String in
            switch write {
            case let .save(person, app, samples):
                return "p\(person) app\(app) saves "
                    + samples.map {
                        "\($0.type.identifier.replacingOccurrences(of: "HKQuantityTypeIdentifier", with: "")) \($0.uuid.uuidString.suffix(4))"
                    }.joined(separator: ", ")
            case let .delete(person, app, uuids):
                return "p\(person) app\(app) deletes \(uuids.map { String($0.uuidString.suffix(4)) })"
            case let .importData(person, data):
                return "p\(person) imports \(data.activitySummaries.count) summaries"
            case let .series(person, app, routes, beats):
                return "p\(person) app\(app) gets \(routes.count) routes, \(beats.count) beat series"
            case let .setOrder(person, type, order):
                return "p\(person) orders \(type.identifier): \(order.map { "\($0)" } ?? "nil")"
            case let .subscribe(person, app, type, frequency):
                return "p\(person) app\(app) subscribes to \(type.identifier) \(frequency)"
            case let .attach(person, app, object, name, size):
                return "p\(person) app\(app) attaches \(name) (\(size) bytes) to \(object.uuidString.suffix(4))"
            }
        }
        return "{\(grantText) | live from \(liveFrom) | " + writeText.joined(separator: " | ") + "}"
    }
}

/// One app's read grants: a set of the readable identifiers (activity summaries included), or full access.
struct PrivacyGrants: Sendable, Hashable, CustomStringConvertible {
    let read: Set<String>
    let fullAccess: Bool

    /// The grants a 12-bit code describes: bits 0–9 the readable identifiers, full access when bits 10–11 are both set.
    init(code: Int) {
        read = Set(PrivacyTypes.readable.indices.filter { code & (1 << $0) != 0 }.map { PrivacyTypes.readable[$0] })
        fullAccess = code >> 10 == 3
    }

    func reads(_ type: SampleType) -> Bool { fullAccess || read.contains(type.identifier) }
    var readsActivitySummaries: Bool { fullAccess || read.contains(TypeTable.activitySummaryTypeIdentifier) }

    var description: String {
        fullAccess
            ? "full access"
            : "reads ["
                + read.sorted().map { $0.replacingOccurrences(of: "HKQuantityTypeIdentifier", with: "") }.joined(
                    separator: " ") + "]"
    }
}

/// The types of the privacy worlds.
enum PrivacyTypes {
    static let steps = Fixture.quantityType("stepCount")
    static let heartRate = Fixture.quantityType("heartRate")
    static let systolic = Fixture.quantityType("bloodPressureSystolic")
    static let diastolic = Fixture.quantityType("bloodPressureDiastolic")
    static let energy = Fixture.quantityType("dietaryEnergyConsumed")
    static let protein = Fixture.quantityType("dietaryProtein")
    static let activeEnergy = Fixture.quantityType("activeEnergyBurned")
    static let variability = Fixture.quantityType("heartRateVariabilitySDNN")
    static let bloodPressure = Fixture.correlationType("bloodPressure")
    static let food = Fixture.correlationType("food")

    static let quantities = [steps, heartRate, systolic, diastolic, energy, protein, activeEnergy, variability]
    /// Every type a query is made for.
    static let queried = quantities + [bloodPressure, food, .workout]
    /// The identifiers a read grant may name.
    static let readable =
        quantities.map(\.identifier) + [SampleType.workout.identifier, TypeTable.activitySummaryTypeIdentifier]
    /// The identifiers every app may share.
    static let shared = quantities.map(\.identifier) + [SampleType.workout.identifier]
    /// Short names, as the HTTP API and the command line take them.
    static let shortNames: [SampleType: String] = [
        steps: "stepCount", heartRate: "heartRate", systolic: "bloodPressureSystolic",
        diastolic: "bloodPressureDiastolic",
        energy: "dietaryEnergyConsumed", protein: "dietaryProtein", activeEnergy: "activeEnergyBurned",
        variability: "heartRateVariabilitySDNN",
        bloodPressure: "bloodPressure", food: "food", .workout: "workout",
    ]
    /// The unit each quantity type is saved in.
    static let units: [SampleType: String] = [
        steps: "count", heartRate: "count/min", systolic: "mmHg", diastolic: "mmHg", energy: "kcal", protein: "g",
        activeEnergy: "kcal", variability: "ms",
    ]

    /// A quantity sample (steps and energy over ten minutes, the others instantaneous).
    static func sample(_ type: SampleType, _ value: Double, at start: Date, uuid: UUID) -> Sample {
        let lasting = type == steps || type == activeEnergy
        return try! Sample.quantity(
            type: type, quantity: Quantity(value, try! HealthUnit(parsing: units[type]!)), start: start,
            end: start.addingTimeInterval(lasting ? 600 : 0), uuid: uuid)
    }

    /// A stored activity summary of a day in March 2024.
    static func summary(day: Int, magnitude: Double) -> ActivitySummary {
        try! ActivitySummary(
            day: DateComponents(year: 2024, month: 3, day: day), activeEnergyBurned: Quantity(magnitude, .kilocalorie),
            activeEnergyBurnedGoal: Quantity(500, .kilocalorie), appleMoveTime: Quantity(0, .minute),
            appleMoveTimeGoal: Quantity(0, .minute),
            appleExerciseTime: Quantity(magnitude / 20, .minute), appleExerciseTimeGoal: Quantity(30, .minute),
            appleStandHours: Quantity(5, .count), appleStandHoursGoal: Quantity(12, .count))
    }

    /// The source revision an app's saves carry (the server's registered clients are named by their bundle identifier).
    static func revision(_ bundle: String) -> SourceRevision {
        SourceRevision(source: Source(name: bundle, bundleIdentifier: bundle))
    }
}

/// Who looks: one app of one person.
struct PrivacyViewer: Sendable, Hashable, CustomStringConvertible {
    let person: Int
    let app: Int
    let grants: PrivacyGrants

    var bundle: String { PrivacyWorld.apps[app] }
    var description: String { "person \(person) \(bundle) (\(grants))" }
}

/// What each app may see of a world: the model the observed answers are compared with.
struct PrivacyModel {
    /// A stored object as the model knows it.
    struct Entry {
        let person: Int
        let owner: String
        /// As stored (stamped with its owner's revision).
        let sample: Sample
        var deleted = false
    }

    let world: PrivacyWorld
    private(set) var entries: [UUID: Entry] = [:]
    /// Identifiers in the order they were saved.
    private(set) var order: [UUID] = []
    /// The final source order of each person's types.
    private(set) var orders: [Int: [SampleType: [String]]] = [:]

    init(_ world: PrivacyWorld) {
        self.world = world
        for write in world.writes {
            switch write {
            case let .save(person, app, samples):
                for sample in Self.stamped(samples, by: PrivacyWorld.apps[app]) {
                    entries[sample.uuid] = Entry(person: person, owner: PrivacyWorld.apps[app], sample: sample)
                    order.append(sample.uuid)
                }
            case let .delete(_, _, uuids):
                for uuid in uuids { entries[uuid]?.deleted = true }
            case let .setOrder(person, type, order):
                orders[person, default: [:]][type] = order
            case let .series(person, app, routes, beats):
                for sample in seriesSamples(routes: routes, beats: beats) {
                    entries[sample.uuid] = Entry(person: person, owner: PrivacyWorld.apps[app], sample: sample)
                    order.append(sample.uuid)
                }
            case .importData, .subscribe, .attach: continue
            }
        }
    }

    /// The route and heartbeat series samples of a series write as the store keeps them: each with its workout's or
    /// HRV sample's source revision and device (`HealthDataStore.saveWorkoutRoute`, `.saveHeartbeatSeries`).
    func seriesSamples(routes: [WorkoutRoute], beats: [HeartbeatSeries]) -> [Sample] {
        routes.compactMap { route in
            entries[route.workout].map {
                try! Sample.workoutRoute(
                    uuid: route.uuid, locations: route.locations, device: $0.sample.device,
                    sourceRevision: $0.sample.sourceRevision)
            }
        }
            + beats.compactMap { series in
                entries[series.sample].map { try! Sample.heartbeatSeries(importedWith: $0.sample, beats: series.beats) }
            }
    }

    /// The samples of a save as the store keeps them: stamped with the app's revision, members before their correlation.
    static func stamped(_ samples: [Sample], by bundle: String) -> [Sample] {
        let revision = PrivacyTypes.revision(bundle)
        var batch: [Sample] = []
        for sample in samples {
            if let members = sample.correlatedObjects {
                let stampedMembers = members.map { $0.with(sourceRevision: revision) }
                batch += stampedMembers
                batch.append(
                    try! Sample(
                        uuid: sample.uuid, type: sample.type, startDate: sample.startDate, endDate: sample.endDate,
                        sourceRevision: revision,
                        content: .correlation(objects: stampedMembers)))
            } else {
                batch.append(sample.with(sourceRevision: revision))
            }
        }
        return batch
    }

    /// The sample as the viewer sees it, or nil when hidden (a correlation keeps its visible members only).
    static func view(_ sample: Sample, owner: String, person: Int, by viewer: PrivacyViewer) -> Sample? {
        guard person == viewer.person else { return nil }
        if viewer.grants.fullAccess { return sample }
        if let members = sample.correlatedObjects {
            let shown = members.filter { owner == viewer.bundle || viewer.grants.reads($0.type) }
            if shown.isEmpty { return nil }
            return shown.count == members.count ? sample : sample.with(visibleObjects: shown)
        }
        return owner == viewer.bundle || viewer.grants.reads(sample.type) ? sample : nil
    }

    func sees(_ uuid: UUID, _ viewer: PrivacyViewer) -> Bool {
        entries[uuid].flatMap { Self.view($0.sample, owner: $0.owner, person: $0.person, by: viewer) } != nil
    }

    /// The live samples of a type the viewer sees, in saving order.
    func visible(_ type: SampleType, by viewer: PrivacyViewer) -> [Sample] {
        order.compactMap { uuid in
            guard let entry = entries[uuid], !entry.deleted, entry.sample.type == type else { return nil }
            return Self.view(entry.sample, owner: entry.owner, person: entry.person, by: viewer)
        }
    }

    /// The bundle identifiers of the sources of a type the viewer sees.
    func visibleSources(_ type: SampleType, by viewer: PrivacyViewer) -> Set<String> {
        Set(visible(type, by: viewer).compactMap { $0.sourceRevision?.source.bundleIdentifier })
    }

    /// The source order the viewer may be told: the stored order keeping only the sources of samples of the type it
    /// can see; nil when nothing is left, exactly as when no order was set.
    func sourceOrder(_ type: SampleType, by viewer: PrivacyViewer) -> [String]? {
        guard let stored = orders[viewer.person]?[type] else { return nil }
        if viewer.grants.fullAccess { return stored }
        let allowed = visibleSources(type, by: viewer)
        let shown = stored.filter(allowed.contains)
        return shown.isEmpty ? nil : shown
    }

    /// An identifier of an object the viewer cannot see but that exists in its person's store, if there is one.
    /// (A live one when there is one, else a deleted one.)
    func hiddenUUID(from viewer: PrivacyViewer) -> UUID? {
        let hidden = order.filter { uuid in entries[uuid]?.person == viewer.person && !sees(uuid, viewer) }
        return hidden.first { entries[$0]?.deleted == false } ?? hidden.first
    }

    /// The world as a store where nothing the viewer may not see ever existed: its person's writes, each reduced to
    /// what the viewer sees, as trusted writes (samples already stamped, so that an app's correlation with one
    /// readable member can be stored as the viewer sees it). Source orders come last, filtered as `sourceOrder` says.
    /// Each comes with the index of the world's write it was made from (the orders: the number of writes).
    func reducedWrites(for viewer: PrivacyViewer) -> [(origin: Int, write: TrustedWrite)] {
        var result: [(origin: Int, write: TrustedWrite)] = []
        for (origin, write) in world.writes.enumerated() where write.person == viewer.person {
            switch write {
            case let .save(person, app, samples):
                let owner = PrivacyWorld.apps[app]
                let batch = Self.stamped(samples, by: owner)
                // A blood pressure with one visible member cannot be stored as seen (SQLite and PostgreSQL check a
                // blood pressure's members when reading it back): it is kept whole, its hidden member hidden by the
                // view as in the world. The model checks (samples of each type) still cover that member.
                var whole = Set<UUID>()
                for sample in batch where sample.type == PrivacyTypes.bloodPressure {
                    if let view = Self.view(sample, owner: owner, person: person, by: viewer),
                        view.correlatedObjects?.count != sample.correlatedObjects?.count
                    {
                        whole.insert(sample.uuid)
                        whole.formUnion(sample.correlatedObjects?.map(\.uuid) ?? [])
                    }
                }
                var shown: [Sample] = []
                for sample in batch {
                    if whole.contains(sample.uuid) {
                        shown.append(sample)
                    } else if let view = Self.view(sample, owner: owner, person: person, by: viewer) {
                        shown.append(view)
                    }
                }
                // Members of a correlation were stamped before it: a hidden correlation's visible members stay.
                if !shown.isEmpty { result.append((origin, .insert(shown))) }
            case let .delete(_, _, uuids):
                let shown = uuids.filter { sees($0, viewer) }
                if !shown.isEmpty { result.append((origin, .delete(shown))) }
            case let .series(_, _, routes, beats):
                let shown = TrustedWrite.series(
                    routes: routes.filter { sees($0.uuid, viewer) },
                    beats: beats.filter { sees(Sample.heartbeatSeriesUUID(of: $0.sample), viewer) })
                if case let .series(routes, beats) = shown, !routes.isEmpty || !beats.isEmpty {
                    result.append((origin, shown))
                }
            case let .importData(_, data):
                var kept = ImportedData()
                kept.activitySummaries = viewer.grants.readsActivitySummaries ? data.activitySummaries : []
                if !kept.isEmpty { result.append((origin, .importData(kept))) }
            case .setOrder: continue
            case let .attach(_, _, object, name, size):
                // An attachment is seen with its object.
                guard sees(object, viewer) else { continue }
                result.append((origin, .attach(object: object, name: name, size: size)))
            case let .subscribe(_, app, type, frequency):
                // Another app's subscription is invisible to an app without full access.
                guard viewer.grants.fullAccess || viewer.app == app else { continue }
                result.append(
                    (
                        origin,
                        .subscribe(
                            BackgroundDeliverySubscription(
                                bundleIdentifier: PrivacyWorld.apps[app], type: type, frequency: frequency))
                    ))
            }
        }
        for type in [PrivacyTypes.steps, PrivacyTypes.heartRate] {
            if let order = sourceOrder(type, by: viewer) { result.append((world.writes.count, .setOrder(type, order))) }
        }
        return result
    }

    /// The identifiers of another person's objects (none of which may ever appear in the viewer's answers).
    func otherPeoplesUUIDs(than viewer: PrivacyViewer) -> [UUID] {
        order.filter { entries[$0]?.person != viewer.person }
    }
}

/// A write made with full access (the reduced worlds are built this way).
enum TrustedWrite: Sendable {
    case insert([Sample])
    case delete([UUID])
    case importData(ImportedData)
    case setOrder(SampleType, [String])
    case series(routes: [WorkoutRoute], beats: [HeartbeatSeries])
    case subscribe(BackgroundDeliverySubscription)
    case attach(object: UUID, name: String, size: Int)

    /// Applies the write to a store (a full-access view or the store itself).
    func apply(to store: HealthDataStore) throws {
        switch self {
        case let .insert(samples): try store.saveImported(samples)
        case let .delete(uuids): try store.delete(uuids)
        case let .importData(data): try store.saveImportedData(data)
        case let .setOrder(type, order): try store.setSourceOrder(order, for: type)
        case let .series(routes, beats): try Self.saveSeries(routes: routes, beats: beats, into: store)
        case let .subscribe(subscription): try store.saveBackgroundDelivery(subscription)
        case let .attach(object, name, size): try Self.attach(name, size: size, to: object, in: store)
        }
    }

    /// Attaches a small file (its bytes made from its size) to an object, dated at the world's origin.
    static func attach(_ name: String, size: Int, to object: UUID, in store: HealthDataStore) throws {
        _ = try store.addAttachment(
            to: object, name: name, contentType: "com.adobe.pdf", data: Data((0..<size).map { UInt8($0 % 256) }),
            metadata: ["pages": .number(1)], creationDate: PrivacyWorld.origin)
    }

    /// Saves routes and heartbeat series as an import does (the store's full-access view).
    static func saveSeries(routes: [WorkoutRoute], beats: [HeartbeatSeries], into store: HealthDataStore) throws {
        for route in routes { try store.saveWorkoutRoute(route) }
        for series in beats { try store.saveHeartbeatSeries(series) }
    }
}

/// Counts the comparisons and records each violation as an issue (failing the property case, which then shrinks).
final class PrivacyViolations: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var checks: Int { lock.withLock { count } }

    /// Compares an observed answer with the expected one.
    func expect<T: Equatable>(
        _ observed: T, _ expected: T, _ what: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        lock.withLock { count += 1 }
        guard observed != expected else { return }
        Issue.record(
            Comment(rawValue: "\(what())\n  observed: \(observed)\n  expected: \(expected)"),
            sourceLocation: sourceLocation)
    }
}
