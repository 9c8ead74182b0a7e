/// The sizes feel-serve refuses (docs/studio.md, "Limits"): a request body over `maxRequestBytes`
/// is answered 413 before its JSON is read; an answer over `maxResponseBytes` is answered 413
/// naming the limit, never cut short. A run stops computing as soon as its text passes the
/// limit; a sweep, whose answer streams, is refused when its largest possible size passes it.
enum ServeLimits {
  /// 1 MiB: the most a request body may hold (a scene's text with a long drag fits easily).
  static let maxRequestBytes = 1 << 20
  /// 64 MiB: the most one answer may hold (about 700,000 rows of `feel run` CSV).
  static let maxResponseBytes = 64 << 20

  /// How messages name the two limits.
  static let requestLimitText = "1 MiB (1048576 bytes)"
  static let responseLimitText = "64 MiB (67108864 bytes)"
}
