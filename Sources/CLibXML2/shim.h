#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
