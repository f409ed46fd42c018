import Citations
import Foundation
import FuzzSupport
import MCPServer

/// One server for the whole run, initialized once; each input is one or more newline-
/// delimited JSON-RPC messages, answered as the stdio transport does.
nonisolated(unsafe) let server: MCPServer = {
  let server = MCPServer(knowledgeBase: FuzzKnowledgeBase.shared, serverVersion: "fuzz")
  let initialize =
    #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}"#
  _ = server.respond(to: .message(Array(initialize.utf8)))
  _ = server.respond(to: .message(Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8)))
  return server
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMCP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  for line in bytes.split(separator: 0x0A, maxSplits: 7) {
    _ = server.respond(to: .message(Array(line)))
  }
  return 0
}
