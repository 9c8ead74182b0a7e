/// Where a joint's limit stands at a sub-step's set-up (Box2D's b2LimitState): off (the joint
/// is inside its range), at the lower or upper end (one-sided: it only pushes back inside), or
/// the two ends so close that it holds one value (two-sided).
enum JointLimitState: Sendable, Equatable {
  case inactive
  case atLower
  case atUpper
  case equal
}
