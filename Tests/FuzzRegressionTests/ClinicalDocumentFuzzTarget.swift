import Foundation

@testable import HealthExport

/// The clinical document reader (`ClinicalDocumentReader`, `export_cda.xml`): with the export's date to fall back on,
/// any text holding a `<ClinicalDocument` gives a document, kept byte for byte, that does not end before it starts.
enum ClinicalDocumentFuzzTarget {
    static func run(_ data: Data) throws(ParserFuzzTargets.Violation) {
        let fallback = Date(timeIntervalSince1970: 1_700_000_000)
        let document = ClinicalDocumentReader.read(data, fallbackDate: fallback)
        let hasRoot = String(decoding: data, as: UTF8.self).contains("<ClinicalDocument")
        guard let document else {
            try ParserFuzzTargets.check(!hasRoot, "cda", "a text with a <ClinicalDocument gives no document")
            return
        }
        try ParserFuzzTargets.check(hasRoot, "cda", "a text without <ClinicalDocument gives a document")
        try ParserFuzzTargets.check(document.data == data, "cda", "the document is not kept byte for byte")
        try ParserFuzzTargets.check(document.startDate <= document.endDate, "cda", "the document ends before it starts")
        try ParserFuzzTargets.check(
            ClinicalDocumentReader.read(data, fallbackDate: fallback)?.uuid == document.uuid, "cda",
            "reading the same document twice gives two identifiers")
    }
}
