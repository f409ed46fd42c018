#include <libxml/xmlversion.h>
// libxml2 built with ICU would pull the system's <unicode/*.h> into this module, which
// clashes with Foundation's own copy of ICU ("'UErrorCode' has different definitions").
// Only xmlCharEncodingHandler's layout depends on this macro; Swift never touches it.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
