// Fixture: Common must not include a format folder.
#include "P3D/Model.h"
