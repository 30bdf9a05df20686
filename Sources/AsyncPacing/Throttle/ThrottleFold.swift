/// How a throttle folds the elements of a window into the value its end emits.
@usableFromInline
enum ThrottleFold<Element: Sendable, Output: Sendable>: Sendable {
  /// Keeps the newest element of a window (`latest`), or its first: the machine folds each
  /// element as it arrives. Made only by ``keeping(latest:)``, where `Output == Element`.
  ///
  /// A case rather than a closure: a closure stored in the machine was retained and released
  /// for every element, which cost a throttle over a fast upstream about 10% (measured).
  case keepingElements(latest: Bool)
  /// A user's async reducer, which only the shell can await: the machine asks for each fold
  /// with a `foldRequest` and takes the result in `foldFinished`.
  case asynchronous
}

extension ThrottleFold where Element == Output {
  /// Keeps the newest element of a window, or with `latest == false` the first.
  @inlinable
  static func keeping(latest: Bool) -> Self { .keepingElements(latest: latest) }
}

extension ThrottleFold {
  /// Folds `element` into `seed`, keeping the latest or the first.
  @inlinable
  static func keep(_ element: Element, into seed: Output?, latest: Bool) -> Output {
    // `Output == Element` whenever the machine keeps elements (the only way to make the case
    // is `keeping(latest:)` above), so the cast folds away once the code is specialised.
    if let seed, !latest { return seed }
    return element as! Output
  }
}
