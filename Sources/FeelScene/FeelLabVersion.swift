/// FeelLab's version, printed in the header of every CSV `feel sweep` writes so that a data
/// file says which simulator produced it.
public enum FeelLabVersion {
  /// Semantic version of the FeelLab package.
  public static let current = "0.3.0"
}
