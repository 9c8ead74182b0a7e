/// Converting made more commands than the caller allowed (an arc of an astronomical radius,
/// or a file that is too large).
public struct CommandBudgetExceeded: Error, Sendable {}
