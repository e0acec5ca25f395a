import HealthModel

/// The date writer's former name in this module; it lives in HealthModel now, beside `DateReader`.
@available(*, deprecated, renamed: "DateWriter")
public typealias ISO8601Text = DateWriter
