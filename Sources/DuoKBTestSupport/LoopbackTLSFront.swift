import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// nginx speaking HTTP/2 over TLS on 127.0.0.1 in front of a `LoopbackServer`, with a
/// throwaway CA and certificate made by openssl. For tests of the TLS and multiplexing
/// paths; `isAvailable` says whether nginx and openssl are installed (skip otherwise).
public final class LoopbackTLSFront: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  public let port: Int
  /// The throwaway CA's certificate (PEM): what a client must trust.
  public let caFile: String
  private let folder: URL
  private let nginx: Process

  private static let searchPath =
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    + ["/usr/sbin", "/usr/local/sbin", "/opt/homebrew/bin"]

  /// Whether nginx and openssl can be found.
  public static var isAvailable: Bool { executable("nginx") != nil && executable("openssl") != nil }

  public init(origin: LoopbackServer) throws {
    guard let nginxPath = Self.executable("nginx"), let opensslPath = Self.executable("openssl") else {
      throw Failure(description: "nginx or openssl not found")
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-kb-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    caFile = folder.appendingPathComponent("ca.pem").path
    try Self.makeCertificates(in: folder, openssl: opensslPath)

    let (probe, freePort) = try LoopbackSocket.listen()
    LoopbackSocket.closeSocket(probe)
    port = freePort
    let configuration = folder.appendingPathComponent("nginx.conf")
    try Self.configuration(folder: folder.path, port: port, originPort: origin.port)
      .write(to: configuration, atomically: true, encoding: .utf8)
    nginx = Process()
    nginx.executableURL = URL(fileURLWithPath: nginxPath)
    nginx.arguments = ["-p", folder.path, "-c", configuration.path]
    nginx.standardOutput = FileHandle.nullDevice
    nginx.standardError = FileHandle.nullDevice
    try nginx.run()
    for _ in 0..<200 {
      if Self.accepts(port: port) { return }
      guard nginx.isRunning else { break }
      usleep(20_000)
    }
    stop()
    let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    throw Failure(description: "nginx did not start: \(log)")
  }

  deinit { stop() }

  public func url(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }

  public func stop() {
    if nginx.isRunning {
      // SIGKILL: a child spawned from a test process may inherit a mask that blocks
      // SIGTERM, and nginx without a master process never unblocks it.
      kill(nginx.processIdentifier, SIGKILL)
      nginx.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  private static func executable(_ name: String) -> String? {
    searchPath.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  private static func accepts(port: Int) -> Bool { LoopbackSocket.connects(port: port) }

  private static func makeCertificates(in folder: URL, openssl: String) throws {
    let path = folder.path
    try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
      .write(toFile: "\(path)/server.ext", atomically: true, encoding: .utf8)
    let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try run(
      openssl,
      ["req", "-x509"] + curve + [
        "-days", "1", "-subj", "/CN=duo-kb test CA", "-keyout", "\(path)/ca.key", "-out", "\(path)/ca.pem",
        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
      ])
    try run(
      openssl,
      ["req"] + curve + ["-subj", "/CN=127.0.0.1", "-keyout", "\(path)/server.key", "-out", "\(path)/server.csr"])
    try run(
      openssl,
      [
        "x509", "-req", "-in", "\(path)/server.csr", "-CA", "\(path)/ca.pem", "-CAkey", "\(path)/ca.key",
        "-CAcreateserial", "-days", "1", "-extfile", "\(path)/server.ext", "-out", "\(path)/server.pem",
      ])
  }

  private static func run(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "\(executable) \(arguments.first ?? "") exited with \(process.terminationStatus)")
    }
  }

  private static func configuration(folder: String, port: Int, originPort: Int) -> String {
    """
    daemon off;
    master_process off;
    worker_processes 1;
    pid \(folder)/nginx.pid;
    error_log \(folder)/error.log warn;
    events { worker_connections 1024; }
    http {
      access_log off;
      client_body_temp_path \(folder)/body;
      proxy_temp_path \(folder)/proxy;
      fastcgi_temp_path \(folder)/fastcgi;
      uwsgi_temp_path \(folder)/uwsgi;
      scgi_temp_path \(folder)/scgi;
      upstream origin {
        server 127.0.0.1:\(originPort);
        keepalive 64;
      }
      server {
        listen 127.0.0.1:\(port) ssl http2;
        ssl_certificate \(folder)/server.pem;
        ssl_certificate_key \(folder)/server.key;
        location / {
          proxy_pass http://origin;
          proxy_http_version 1.1;
          proxy_set_header Connection "";
        }
      }
    }

    """
  }
}
