#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

enum Environment {
  static func integer(_ name: String) -> Int? {
    getenv(name).flatMap { Int(String(cString: $0)) }
  }
}
