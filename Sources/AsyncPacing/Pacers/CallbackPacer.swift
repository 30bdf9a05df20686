/// What ``Debouncer`` and ``Throttler`` have in common: a synchronous `send` from any thread,
/// a call that sends, `flush()`, `cancel()` and `isPending`, so that code can take either.
///
/// ```swift
/// @MainActor final class SearchField {
///   private let queries: any CallbackPacer<String>
///   init(queries: any CallbackPacer<String>) { self.queries = queries }
///   func textChanged(_ text: String) { queries(text) }
/// }
/// let field = SearchField(
///   queries: Debouncer(for: .milliseconds(300)) { await search($0) })
/// ```
public protocol CallbackPacer<Value>: AnyObject, Sendable {
  /// What each call of the action gets.
  associatedtype Value: Sendable

  /// Sends a value: the action runs with it, or with a later value, when the timing says so.
  ///
  /// ```swift
  /// pacer.send("Swift")
  /// ```
  func send(_ value: Value)

  /// Makes the waiting value due now: it runs at once, or when the running action returns.
  ///
  /// ```swift
  /// func returnPressed() { pacer.flush() }
  /// ```
  func flush()

  /// Drops what waits and cancels the running action; the pacer stays usable.
  ///
  /// ```swift
  /// func escapePressed() { pacer.cancel() }
  /// ```
  func cancel()

  /// Whether a value waits to be run. Safe to read from any thread.
  ///
  /// ```swift
  /// spinner.isVisible = pacer.isPending
  /// ```
  var isPending: Bool { get }
}

extension CallbackPacer {
  /// Sends a value, as ``send(_:)``.
  ///
  /// ```swift
  /// search("Swift")  // the same as search.send("Swift")
  /// ```
  @inlinable
  public func callAsFunction(_ value: Value) {
    send(value)
  }
}

extension CallbackPacer where Value == Void {
  /// Sends a signal, for a pacer without values.
  ///
  /// ```swift
  /// let save = Debouncer(for: .seconds(1)) { await store.save() }
  /// save.send()
  /// ```
  @inlinable
  public func send() {
    send(())
  }

  /// Sends a signal, as ``send()``.
  ///
  /// ```swift
  /// let refresh = Throttler(for: .seconds(5)) { await feed.reload() }
  /// refresh()  // the same as refresh.send()
  /// ```
  @inlinable
  public func callAsFunction() {
    send(())
  }
}
