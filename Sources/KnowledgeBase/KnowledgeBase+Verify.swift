import Citations
import Corpus
import DocumentModel

extension KnowledgeBase {
  /// A verifier over the current index and the corpus documents, so that quotation times
  /// are checked against the cue that holds each first word.
  public func quotationVerifier(toleranceSeconds: Int = 5) throws(CitationsError) -> QuotationVerifier {
    let index = try openIndex().index
    let documents: [Document]
    do { documents = try corpus.readReadable().documents } catch { throw .corpus(error) }
    return QuotationVerifier(index: index, documents: documents, toleranceSeconds: toleranceSeconds)
  }
}
