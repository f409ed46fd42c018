import Corpus
import Normalize

extension KnowledgeBase {
  /// A verifier over the current index and the corpus documents, so that quotation times
  /// are checked against the cue that holds each first word.
  public func quotationVerifier(toleranceSeconds: Int = 5) throws(CitationsError) -> QuotationVerifier {
    let (index, _) = try openIndex()
    let documents: [Document]
    do { documents = try corpus.readAll() } catch { throw .corpus(error) }
    return QuotationVerifier(index: index, documents: documents, toleranceSeconds: toleranceSeconds)
  }
}
