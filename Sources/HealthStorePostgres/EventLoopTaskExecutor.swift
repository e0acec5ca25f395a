import NIOCore

/// A task executor that runs jobs on the threads of an event loop group, so that async work started from a
/// blocking call never needs a thread of Swift's cooperative pool (which the blocked caller may be occupying).
final class EventLoopTaskExecutor: TaskExecutor {
    private let group: any EventLoopGroup

    /// An executor over the loops of `group`.
    init(group: any EventLoopGroup) {
        self.group = group
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        group.any().execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
