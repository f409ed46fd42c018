"""End-to-end test of `duo-kb mcp` driven by the official MCP Python SDK as a real client.

Starts the built binary over stdio with the repository as its home (so the shipped sample
corpus in Corpus/ answers), once the way a current client connects (probing
`server/discover`, protocol 2026-07-28) and once with the `initialize` handshake (legacy
revisions), and checks that search, quote, cite and verify come back with Apple's exact words
and their link.

Usage: python mcp_client_test.py BINARY HOME
Prints one line per check and a last line `N passed, M failed`; exits 1 on any failure.
"""

import asyncio
import json
import sys
import traceback

from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

QUERY = "scrolling content"
QUOTE = "Continuous scrolling content like articles, feeds, documents, and lists don\u2019t displace."
LINK = "https://developer.apple.com/videos/play/tech-talks/111463/?time=226"
RESOURCE = "duokb://document/tech-talks/111463"


def check(condition, message):
    if not condition:
        raise AssertionError(message)


async def exercise(binary, home, mode, expected_version):
    server = StdioServerParameters(command=binary, args=["mcp", "--home", home])
    await exercise_server(server, mode, expected_version)


async def exercise_server(server, mode, expected_version):
    """Every check, against a server the SDK reaches (stdio parameters, a URL or a transport)."""
    async with Client(server, mode=mode, read_timeout_seconds=60) as client:
        check(client.protocol_version == expected_version,
              f"negotiated {client.protocol_version!r}, expected {expected_version!r}")
        check(client.server_info is not None and client.server_info.name == "duo-kb",
              f"server info {client.server_info!r}")

        listed = await client.list_tools()
        tools = {tool.name: tool for tool in listed.tools}
        check({"search", "quote", "cite", "verify", "audit", "documents", "status"} <= set(tools),
              f"tools listed: {sorted(tools)}")
        for tool in tools.values():
            check(tool.annotations is not None and tool.annotations.read_only_hint is True
                  and tool.annotations.idempotent_hint is True, f"{tool.name} annotations {tool.annotations}")
        search = tools["search"]
        check(search.input_schema.get("required") == ["query"], f"search input schema {search.input_schema}")
        check(search.output_schema is not None, "search has no output schema")
        check("exact" in (search.description or ""), "search description does not say the quotes are exact")

        # The SDK validates structuredContent against the tool's outputSchema here.
        result = await client.call_tool("search", {"query": QUERY, "limit": 3})
        check(not result.is_error, f"search failed: {result.content}")
        structured = result.structured_content
        check(structured is not None and structured["total"] >= 1, f"structured content {structured}")
        best = structured["results"][0]
        check(best["quote"] == QUOTE, f"best quote {best['quote']!r}")
        check(best["link"] == LINK, f"best link {best['link']!r}")
        check(best["timestamp"] == "3:46" and best["citation"] == "tech-talks/111463@3:46",
              f"timestamp {best['timestamp']!r}, citation {best['citation']!r}")
        check(best["source"]["kind"] == "talk" and best["source"]["id"] == "tech-talks/111463",
              f"source {best['source']}")
        text = [block.text for block in result.content if block.type == "text"]
        check(len(text) == 1 and json.loads(text[0]) == structured, "text content is not the structured JSON")

        invalid = await client.call_tool("search", {"query": QUERY, "limit": "ten"})
        check(invalid.is_error and "limit" in invalid.content[0].text,
              f"bad arguments gave {invalid.content}")

        try:
            await client.call_tool("no-such-tool", {})
            raise AssertionError("an unknown tool was not rejected")
        except MCPError as error:
            check(error.error.code == -32602 and "no-such-tool" in error.error.message, f"unknown tool: {error}")

        quoted = await client.call_tool("quote", {"citation": "tech-talks/111463@3:46", "context": 1})
        check(not quoted.is_error, f"quote failed: {quoted.content}")
        check(quoted.structured_content["target"]["quote"] == QUOTE, f"quote {quoted.structured_content}")
        cited = await client.call_tool("cite", {"query": QUERY, "format": "markdown"})
        check(not cited.is_error and QUOTE in cited.structured_content["text"]
              and LINK in cited.structured_content["text"], f"cite {cited.content}")
        draft = f"Apple: \u201c{QUOTE}\u201d ([3:46]({LINK})).\n"
        verified = await client.call_tool("verify", {"text": draft, "file": "draft.md"})
        check(not verified.is_error, f"verify failed: {verified.content}")
        report = verified.structured_content
        check(report["passed"] is True and report["total"] == 1 and report["counts"]["verified"] == 1
              and report["quotations"][0]["status"] == "verified", f"verify {report}")

        resources = await client.list_resources()
        uris = {str(resource.uri) for resource in resources.resources}
        check(RESOURCE in uris, f"resources listed: {sorted(uris)}")
        read = await client.read_resource(RESOURCE)
        markdown = read.contents[0].text
        check(f"[3:46]({LINK}) {QUOTE}" in markdown, "the resource lacks the time-linked paragraph")
        check(read.contents[0].mime_type == "text/markdown", f"mime type {read.contents[0].mime_type}")

        audited = await client.call_tool(
            "audit", {"checklist": "- Scrolling content doesn't displace\n- Use purple gradients everywhere\n"})
        check(not audited.is_error, f"audit failed: {audited.content}")
        items = audited.structured_content["items"]
        check(items[0]["supported"] is True and any(q["quote"] == QUOTE for q in items[0]["quotes"]),
              f"audit item {items[0]}")
        check(items[1]["supported"] is False and audited.structured_content["unsupported"] == 1,
              f"audit item {items[1]}")
        listed_documents = await client.call_tool("documents", {"kind": "talk"})
        check(not listed_documents.is_error, f"documents failed: {listed_documents.content}")
        ids = [document["id"] for document in listed_documents.structured_content["documents"]]
        check("tech-talks/111463" in ids and all(d["kind"] == "talk" for d in listed_documents.structured_content["documents"]),
              f"documents {ids}")
        status = await client.call_tool("status", {})
        check(not status.is_error and status.structured_content["documents"]["talk"] >= 1, f"status {status.content}")

        prompts = await client.list_prompts()
        names = [prompt.name for prompt in prompts.prompts]
        check(names == ["quote-apple", "audit-checklist", "verify-draft"], f"prompts {names}")
        prompt = await client.get_prompt("quote-apple", {"topic": "scrolling content"})
        check("scrolling content" in prompt.messages[0].content.text, f"prompt {prompt}")


async def main(binary, home):
    cases = [
        ("current client (server/discover, 2026-07-28)", "auto", "2026-07-28"),
        ("initialize handshake (2025-11-25)", "legacy", "2025-11-25"),
    ]
    passed = failed = 0
    for name, mode, version in cases:
        try:
            await asyncio.wait_for(exercise(binary, home, mode, version), timeout=120)
            passed += 1
            print(f"ok: {name}")
        except Exception as error:  # noqa: BLE001 - every failure is reported the same way
            failed += 1
            print(f"FAILED: {name}: {error!r}")
            traceback.print_exc()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: mcp_client_test.py BINARY HOME", file=sys.stderr)
        sys.exit(2)
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2])))
