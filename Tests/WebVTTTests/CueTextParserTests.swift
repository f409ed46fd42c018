import Testing

@testable import WebVTT

@Suite struct CueTextParserTests {
  typealias Span = CueSpan

  @Test(
    "Builds the node tree (W3C WebVTT §6.4)",
    arguments: [
      ("plain", [CueNode.text("plain")]),
      (
        "<i>it</i> <b>bo</b> <u>un</u>",
        [
          .span(Span(kind: .italic, children: [.text("it")])), .text(" "),
          .span(Span(kind: .bold, children: [.text("bo")])), .text(" "),
          .span(Span(kind: .underline, children: [.text("un")])),
        ]
      ),
      (
        "<c.yellow.bg_blue>x</c>",
        [
          .span(Span(kind: .class, classes: ["yellow", "bg_blue"], children: [.text("x")]))
        ]
      ),
      ("<c..a.>x", [.span(Span(kind: .class, classes: ["a"], children: [.text("x")]))]),
      (
        "<v Mary Smith>Hi",
        [
          .span(Span(kind: .voice, annotation: "Mary Smith", children: [.text("Hi")]))
        ]
      ),
      (
        "<v.loud   Esme \t Jones >Hey</v>",
        [
          .span(Span(kind: .voice, classes: ["loud"], annotation: "Esme Jones", children: [.text("Hey")]))
        ]
      ),
      ("<v>x", [.span(Span(kind: .voice, annotation: "", children: [.text("x")]))]),
      ("<v A&amp;B>x", [.span(Span(kind: .voice, annotation: "A&B", children: [.text("x")]))]),
      (
        "<lang en-GB>colour</lang>",
        [
          .span(Span(kind: .language, annotation: "en-GB", children: [.text("colour")]))
        ]
      ),
      ("<i annotation>x", [.span(Span(kind: .italic, children: [.text("x")]))]),
      (
        "<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>",
        [
          .span(
            Span(
              kind: .ruby,
              children: [
                .text("漢"), .span(Span(kind: .rubyText, children: [.text("kan")])),
                .text("字"), .span(Span(kind: .rubyText, children: [.text("ji")])),
              ]))
        ]
      ),
      (
        "<ruby>a<rt>b</ruby>c",
        [  // </ruby> closes rt and ruby
          .span(
            Span(
              kind: .ruby,
              children: [
                .text("a"), .span(Span(kind: .rubyText, children: [.text("b")])),
              ])), .text("c"),
        ]
      ),
      ("<rt>x</rt>", [.text("x")]),  // rt outside ruby is ignored
      ("a<00:00:01.500>b<1:00>c", [.text("a"), .timestamp(milliseconds: 1500), .text("b"), .text("c")]),
      (
        "<b><i>x</b>y</i>z",
        [  // </b> does not match the current <i>: ignored
          .span(
            Span(
              kind: .bold,
              children: [
                .span(Span(kind: .italic, children: [.text("x"), .text("y")])), .text("z"),
              ]))
        ]
      ),
      ("<foo>x</foo><>y", [.text("x"), .text("y")]),
      ("a <", [.text("a ")]),
      ("</i>a", [.text("a")]),
    ])
  func buildsTree(text: String, nodes: [CueNode]) {
    #expect(CueTextParser.parse(text) == nodes)
  }

  @Test(
    "Renders plain text, references decoded (HTML named and numeric)",
    arguments: [
      ("&gt;&gt; Welcome", ">> Welcome"),
      ("Tom &amp; Jerry", "Tom & Jerry"),
      ("&lt;i&gt;", "<i>"),
      ("&nbsp;", "\u{A0}"),
      ("&lrm;&rlm;", "\u{200E}\u{200F}"),
      ("&CounterClockwiseContourIntegral;", "\u{2233}"),
      ("&NotNestedGreaterGreater;", "\u{2AA2}\u{0338}"),  // two code points
      ("&amp", "&"),  // legacy name without semicolon
      ("&ampx", "&x"),
      ("&notit;", "\u{AC}it;"),  // longest legacy prefix
      ("&notin;", "\u{2209}"),
      ("&foo; &unknown", "&foo; &unknown"),  // unknown: left as written
      ("& a &; &#; &#x; &#xg", "& a &; &#; &#x; &#xg"),
      ("&#65;&#x42;&#X43;&#100", "ABCd"),
      ("&#0;", "\u{FFFD}"),
      ("&#x80;&#x9F;", "\u{20AC}\u{178}"),  // windows-1252 replacements
      ("&#x81;", "\u{81}"),
      ("&#xD800;", "\u{FFFD}"),
      ("&#x110000;&#99999999999999999999;", "\u{FFFD}\u{FFFD}"),
      ("&#x1F600;", "😀"),
      ("<v Bob>Hi</v> <c.x>there</c>", "Hi there"),
      ("<ruby>漢<rt>kan</rt></ruby>字", "漢字"),  // ruby text left out (§6.6)
      ("one\ntwo", "one\ntwo"),
      ("a<00:00.500>b", "ab"),
      ("<i>x &lt; y", "x < y"),
    ])
  func rendersPlainText(text: String, plain: String) {
    #expect(CueTextParser.parse(text).plainText == plain)
  }

  @Test(
    "Finds the speaker of a <v> span",
    arguments: [
      ("<v Roger Bingham>We're here", "Roger Bingham"),
      ("<i><v.loud Neil>Yes</v></i>", "Neil"),
      ("<v>nameless", nil),
      ("&gt;&gt; FEMALE SPEAKER: Hi", nil),
    ] as [(String, String?)])
  func voice(text: String, voice: String?) {
    #expect(Cue(startMilliseconds: 0, endMilliseconds: 1, text: text).voice == voice)
  }

  @Test("Tokenizes tags as the spec's states do")
  func tokenizer() {
    var utf8 = Array("<c.a.b x\ny>t</c><00:01.000><v\nBob>".utf8)
    let tokens = utf8.withUnsafeMutableBufferPointer { buffer in
      var tokenizer = CueTextTokenizer(input: UnsafeBufferPointer(buffer))
      var tokens: [CueTextToken] = []
      while let token = tokenizer.next() { tokens.append(token) }
      return tokens
    }
    #expect(
      tokens == [
        .startTag(name: "c", classes: ["a", "b"], annotation: "x y"),
        .string("t"), .endTag(name: "c"), .timestamp("00:01.000"),
        .startTag(name: "v", classes: [], annotation: "Bob"),
      ])
  }

  @Test("The generated table has every HTML named reference")
  func tableSize() {
    #expect(CharacterReference.named.count == 2231)
    #expect(CharacterReference.named["amp;"] == "&")
    #expect(CharacterReference.named["amp"] == "&")
  }
}
