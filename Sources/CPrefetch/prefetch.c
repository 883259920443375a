// The module is its header; this file gives the target a source.
#include "CPrefetch.h"
