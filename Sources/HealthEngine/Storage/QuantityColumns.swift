import HealthModel

/// Quantity samples of one type as parallel columns: what statistics read, without building sample objects.
///
/// A storage that keeps its quantity samples this way (kept in step with every write) hands them to the statistics
/// engine, which then never touches a `Sample`. Rows may come in any order; the engine sorts when it needs to.
public struct QuantityColumns: Sendable {
    /// Start of each row, in seconds since the reference date.
    public var starts: [Double] = []
    /// End of each row, in seconds since the reference date.
    public var ends: [Double] = []
    /// Value of each row in the type's canonical unit.
    public var values: [Double] = []
    /// Index into `sources` of each row's source, or -1 for a sample without a source revision.
    public var sourceIndexes: [Int32] = []
    /// Change-sequence number of each row's insertion.
    public var sequences: [Int64] = []
    /// Whether each row was entered by hand (`HKWasUserEntered`).
    public var userEntered: [Bool] = []
    /// The sources the rows refer to; one source may appear more than once, with different product types or classes.
    public var sources: [Source] = []
    /// The product type (`iPhone15,2`, `Watch6,1`) of each entry of `sources`, from the rows' source revisions.
    public var productTypes: [String?] = []
    /// The class of each entry of `sources` (`SourceClass`: from the rows' source revisions and devices), what the
    /// default source order ranks by; an entry's rows all have this class.
    public var sourceClasses: [SourceClass] = []

    /// Empty columns.
    public init() {}

    /// The number of rows.
    public var count: Int { starts.count }
}
